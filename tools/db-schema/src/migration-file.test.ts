import { MIGRATION_NAME, nextVersion } from './migration-file.ts';

describe('the next migration', () => {
  it('is named by the time it is written, in UTC, to the second', () => {
    expect(nextVersion(['20251206100000'], new Date('2026-12-06T05:04:03.999Z'))).toBe(
      '20261206050403',
    );
  });

  it('sorts after the newest committed migration when the clock is behind it', () => {
    expect(
      nextVersion(['20251206100000', '20300101000000'], new Date('2026-12-06T05:04:03Z')),
    ).toBe('20300101000001');
  });

  it('takes lower-case words joined by underscores as its name', () => {
    for (const name of ['invite_waves', 'a', 'resend_audience_2'])
      expect(MIGRATION_NAME.test(name)).toBe(true);
    for (const name of ['', 'Invite', 'invite-waves', 'invite waves', '_x', 'x_', '2x', '../x'])
      expect(MIGRATION_NAME.test(name)).toBe(false);
  });
});
