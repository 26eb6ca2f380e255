/** @jest-environment node */
import { daysBetween, lastDays, perDaySeries } from './per-day-series';

describe('sign-ups per day', () => {
  it('lists every day of the range, month ends included', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('ends the default range today (UTC) and spans the days asked for', () => {
    expect(lastDays(new Date('2026-11-26T23:30:00Z'), 30)).toEqual({
      from: '2026-10-28',
      to: '2026-11-26',
    });
  });

  it('fills the days without sign-ups with 0 and totals each form', () => {
    const days = daysBetween('2026-11-01', '2026-11-03');
    const { values, totals } = perDaySeries(days, [
      { day: '2026-11-01', form: 'waitlist', count: 2 },
      { day: '2026-11-03T00:00:00+00:00', form: 'waitlist', count: 5 },
      { day: '2026-11-02', form: 'career', count: 1 },
    ]);
    expect(values.waitlist).toEqual([2, 0, 5]);
    expect(values.career).toEqual([0, 1, 0]);
    expect(values.newsletter).toEqual([0, 0, 0]);
    expect(totals).toEqual({ early_access: 0, waitlist: 7, newsletter: 0, career: 1 });
  });
});
