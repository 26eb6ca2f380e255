import { formatRun, latencies, mailOutcome, percentile } from './report.ts';
import type { Visit } from './visitors.ts';

const visitOf = (email: string, mailPromised: boolean, ms = 10): Visit => ({
  form: 'newsletter',
  email,
  startedAt: 1_000,
  stored: true,
  mailPromised,
  call: { call: 'sign-up', ms, status: 200 },
});

const applicationOf = (email: string, ms: number, status: number): Visit => ({
  form: 'career',
  email,
  startedAt: 1_000,
  stored: status === 200,
  mailPromised: status === 200,
  call: { call: 'submit-application', ms, status },
});

describe('the load report', () => {
  it('takes percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect([percentile(values, 50), percentile(values, 95), percentile(values, 99)]).toEqual([
      50, 95, 99,
    ]);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('counts a promised mail as lost when the provider never took one for the address', () => {
    const visits = [visitOf('a@example.com', true), visitOf('b@example.com', true)];
    expect(
      mailOutcome(visits, [{ to: ['A@example.com'], idempotencyKey: 'mail/1', acceptedAt: 4_000 }]),
    ).toEqual({
      expected: 2,
      promised: 2,
      deliveredOnce: 1,
      lost: 1,
      doubled: 0,
      waitSeconds: { p50: 3, p95: 3, max: 3 },
    });
  });

  it('counts an address that got two mails under two keys as doubled', () => {
    const visits = [visitOf('a@example.com', true)];
    const taken = [
      { to: ['a@example.com'], idempotencyKey: 'mail/1', acceptedAt: 2_000 },
      { to: ['a@example.com'], idempotencyKey: 'mail/2', acceptedAt: 9_000 },
    ];
    expect(mailOutcome(visits, taken)).toMatchObject({
      promised: 1,
      deliveredOnce: 0,
      lost: 0,
      doubled: 1,
      waitSeconds: { p50: 1, p95: 1, max: 1 },
    });
  });

  it('counts the mail of a stored row as lost, told or not; a row not stored expects none', () => {
    // Stored, but the visitor was not told (the answer was lost on its way back).
    const silent = visitOf('a@example.com', false);
    const refused = { ...visitOf('b@example.com', false), stored: false };
    expect(mailOutcome([silent, refused], [])).toMatchObject({
      expected: 1,
      promised: 0,
      lost: 1,
    });
  });

  it('reports the one call each visitor waited for, and prints Markdown tables', () => {
    const visits = [
      visitOf('a@example.com', true, 10),
      visitOf('b@example.com', true, 30),
      applicationOf('c@example.com', 40, 200),
      applicationOf('d@example.com', 50, 429),
    ];
    expect(latencies(visits)).toEqual([
      { call: 'sign-up', count: 2, statuses: '200 × 2', p50: 10, p95: 30, p99: 30, max: 30 },
      {
        call: 'submit-application',
        count: 2,
        statuses: '200 × 1, 429 × 1',
        p50: 40,
        p95: 50,
        p99: 50,
        max: 50,
      },
    ]);
    const table = formatRun({
      engine: 'PGlite',
      visits,
      rowsKept: 2,
      rowsExpected: 2,
      mail: mailOutcome(visits, []),
      deadLetters: 0,
      drainSeconds: 12.4,
      lastMailAfterBurstSeconds: 3.2,
      pendingAtKill: 7,
      addresses: 250,
      loadAverage: [0.5, 1.5],
      burstSeconds: 60,
      provider: { requests: 3, rateLimited: 1, failed: 0, replayed: 0 },
    });
    expect(table).toContain('| mails lost | 3 |');
    expect(table).toContain('| sign-up | 2 | 10 ms | 30 ms | 30 ms | 30 ms | 200 × 2 |');
    expect(table).toContain(
      '| submit-application | 2 | 40 ms | 50 ms | 50 ms | 50 ms | 200 × 1, 429 × 1 |',
    );
    expect(table).toContain('| newsletter | 2 | 2 | 2 |');
    expect(table).toContain('| career | 2 | 1 | 1 |');
    expect(table).toContain("Each sign-up is one call: the time it took is the visitor's wait.");
    expect(table).not.toMatch(/follow-up|insert|send-thank-you-email/);
    expect(table).toContain('| last mail taken, after the burst | 3 s |');
    expect(table).toContain('| messages queued or sending at the kill -9 | 7 |');
  });
});
