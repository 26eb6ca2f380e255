/** @jest-environment node */
import { conversion, formatCount, rangeText } from './conversion';

describe('conversion', () => {
  it('is sign-ups per landing as a percentage, to one decimal', () => {
    expect(conversion(1, 8)).toBe('12.5%');
    expect(conversion(2, 3)).toBe('66.7%');
    expect(conversion(0, 40)).toBe('0%');
    expect(conversion(5, 4)).toBe('125%');
  });

  it("is '—' when nothing landed", () => {
    expect(conversion(0, 0)).toBe('—');
    expect(conversion(3, 0)).toBe('—');
  });

  it('writes counts with thousands separators', () => {
    expect(formatCount(12345)).toBe('12,345');
  });

  it('says which days a report covers', () => {
    expect(rangeText('2026-11-01', '2026-11-30')).toBe('from 2026-11-01 to 2026-11-30');
    expect(rangeText('2026-11-01', '2026-11-01')).toBe('on 2026-11-01');
    expect(rangeText('2026-11-01', null)).toBe('from 2026-11-01 on');
    expect(rangeText(null, '2026-11-30')).toBe('up to 2026-11-30');
    expect(rangeText(null, null)).toBe('all time');
  });
});
