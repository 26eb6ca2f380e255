import { asCaller, openTestDatabase, type TestDatabase } from '@agentora/local-supabase/testing';
import {
  CSP_BLOCKED_KEYWORD_PATTERN,
  CSP_BLOCKED_ORIGIN_PATTERN,
  CSP_DIRECTIVE_PATTERN,
  CSP_OVERFLOW_ROW,
  CSP_RELEASE_PATTERN,
  CSP_REPORT_FUNCTION,
  CSP_REPORT_LIMITS,
} from '../functions/_shared/rules/csp-reports.ts';
import {
  fixtureAuthEmail,
  insertLiveSession,
  insertSignedInStaff,
  sessionClaims,
} from './test-support/staff-auth.ts';

// CSP violation counts (supabase/schemas/reports.sql) below the HTTP layer, on PGlite or
// PostgreSQL (test-postgres): public.record_csp_violations as the csp-report function calls it with the
// service role, the counts in public.csp_violations and their bounds, who may read them, and the console's
// public.console_csp_violations for staff. The rate limits are the production ones.
let db: TestDatabase;

const STAFF = 'csp.staff@example.com';
const OUTSIDER = 'csp.outsider@example.com';

// The staff member's session is of their Auth address (test-support/staff-auth.ts).
const staffClaims = sessionClaims(fixtureAuthEmail(1));
const outsiderClaims = sessionClaims(OUTSIDER);

beforeAll(async () => {
  db = await openTestDatabase({ rateLimits: 'production' });
  await insertSignedInStaff(db.asSuperuser, STAFF, staffClaims);
  await insertLiveSession(db.asSuperuser, outsiderClaims);
});
afterAll(() => db.close());
beforeEach(() => db.asSuperuser('delete from public.csp_violations'));

interface Violation {
  directive: string;
  blocked: string;
  page: string;
  sample: string;
}

const violation = (fields: Partial<Violation> = {}): Violation => ({
  directive: 'script-src-elem',
  blocked: 'inline',
  page: '/',
  sample: '',
  ...fields,
});

let nextAddress = 0;
/** A client address no other test has used (its own rate-limit bucket). */
const newAddress = () => `192.0.2.${(nextAddress += 1)}`;

/** record_csp_violations as the function calls it: how many it counted. */
async function record(
  violations: unknown,
  address: string | null = newAddress(),
  release: string | null = 'r1',
): Promise<number> {
  const { rows } = await db.as(
    'service_role',
    'select public.record_csp_violations($1, $2::jsonb, $3) as counted',
    [release, JSON.stringify(violations), address],
  );
  return rows[0].counted as number;
}

/** The stored rows, today's day as `today`. */
async function stored() {
  const { rows } = await db.asSuperuser(
    `select day = (now() at time zone 'UTC')::date as today, release, directive, blocked, page, sample,
            count::integer as count
       from public.csp_violations order by release, directive, blocked, page, sample`,
  );
  return rows;
}

/** Today (UTC) minus `days`, as SQL. */
const daysAgo = (days: number) => `(now() at time zone 'UTC')::date - ${days}`;

describe('record_csp_violations', () => {
  it("adds one to today's row of each violation and release, and answers how many it counted", async () => {
    const address = newAddress();
    expect(await record([violation(), violation()], address)).toBe(2);
    expect(
      await record(
        [
          violation({ directive: 'connect-src', blocked: 'https://evil.example', page: '/about' }),
          violation({ sample: '<script>alert(1)</script>' }),
        ],
        address,
      ),
    ).toBe(2);
    expect(await record([violation()], address, 'r2')).toBe(1);
    expect(await stored()).toEqual([
      {
        today: true,
        release: 'r1',
        directive: 'connect-src',
        blocked: 'https://evil.example',
        page: '/about',
        sample: '',
        count: 1,
      },
      {
        today: true,
        release: 'r1',
        directive: 'script-src-elem',
        blocked: 'inline',
        page: '/',
        sample: '',
        count: 2,
      },
      {
        today: true,
        release: 'r1',
        directive: 'script-src-elem',
        blocked: 'inline',
        page: '/',
        sample: '<script>alert(1)</script>',
        count: 1,
      },
      {
        today: true,
        release: 'r2',
        directive: 'script-src-elem',
        blocked: 'inline',
        page: '/',
        sample: '',
        count: 1,
      },
    ]);
  });

  it(`counts at most ${CSP_REPORT_LIMITS.perClientAddressPerMinute} reports a minute per client address, the rest of a batch not at all; another address still counts`, async () => {
    const address = newAddress();
    const limit = CSP_REPORT_LIMITS.perClientAddressPerMinute;
    const batch = CSP_REPORT_LIMITS.maxReportsPerBatch;
    const answers: number[] = [];
    for (let sent = 0; sent < limit - 5; sent += 5) {
      answers.push(await record(Array(5).fill(violation()), address));
    }
    // 55 counted: a batch of 20 has room for 5, and the next batch for none.
    answers.push(await record(Array(batch).fill(violation({ page: '/burst' })), address));
    answers.push(await record([violation({ page: '/after' })], address));
    expect(answers).toEqual([...Array((limit - 5) / 5).fill(5), 5, 0]);
    // Another address is counted after them: the refused ones would be in the rows by now.
    expect(await record([violation({ page: '/after' })])).toBe(1);
    expect((await stored()).map((row) => [row.page, row.count])).toEqual([
      ['/', limit - 5],
      ['/after', 1],
      ['/burst', 5],
    ]);
  });

  it('counts an IPv6 /48 as one client, and a missing address as the one bucket "unknown"', async () => {
    const limit = CSP_REPORT_LIMITS.perClientAddressPerMinute;
    for (let n = 0; n < limit / CSP_REPORT_LIMITS.maxReportsPerBatch; n += 1) {
      // Every request from another /64 of the same /48.
      const counted = await record(
        Array(CSP_REPORT_LIMITS.maxReportsPerBatch).fill(violation()),
        `2001:db8:cafe:${n + 1}::1`,
      );
      expect(counted).toBe(CSP_REPORT_LIMITS.maxReportsPerBatch);
    }
    expect(await record([violation()], '2001:db8:cafe:ff00:ffff::9')).toBe(0);
    expect(await record([violation()], '2001:db8:caff::1')).toBe(1);

    for (let n = 0; n < limit / CSP_REPORT_LIMITS.maxReportsPerBatch; n += 1) {
      await record(Array(CSP_REPORT_LIMITS.maxReportsPerBatch).fill(violation()), null);
    }
    expect(await record([violation()], 'not an address')).toBe(0);
    expect(await record([violation()], null)).toBe(0);
    expect((await stored()).map((row) => row.count)).toEqual([2 * limit + 1]);
  });

  it(`keeps at most ${CSP_REPORT_LIMITS.rowsPerDay} rows a day: 1,100 distinct reports, the rest in the day's overflow row`, async () => {
    const rowsPerDay = CSP_REPORT_LIMITS.rowsPerDay;
    const batch = CSP_REPORT_LIMITS.maxReportsPerBatch;
    const distinct = 1100;
    let counted = 0;
    for (let first = 0; first < distinct; first += batch) {
      const violations = Array.from({ length: Math.min(batch, distinct - first) }, (_, n) =>
        violation({ page: `/made-up-${first + n}`, sample: `junk ${first + n}` }),
      );
      counted += await record(violations);
    }
    expect(counted).toBe(distinct);
    // A combination of the first 500 still counts as itself; a new one goes to the overflow row.
    expect(await record([violation({ page: '/made-up-7', sample: 'junk 7' })])).toBe(1);
    expect(await record([violation({ page: '/a-new-page' })], newAddress(), 'r9')).toBe(1);
    const rows = await stored();
    expect(rows).toHaveLength(rowsPerDay + 1);
    expect(rows.filter((row) => row.directive === CSP_OVERFLOW_ROW.directive)).toEqual([
      { today: true, ...CSP_OVERFLOW_ROW, count: distinct - rowsPerDay + 1 },
    ]);
    expect(rows.find((row) => row.page === '/made-up-7')).toMatchObject({ count: 2 });
    expect(rows.find((row) => row.page === '/made-up-600')).toBeUndefined();
    const total = rows.reduce((sum, row) => sum + (row.count as number), 0);
    expect(total).toBe(distinct + 2);
  });

  it(`keeps ${CSP_REPORT_LIMITS.daysKept} days: a report deletes the rows of older days`, async () => {
    for (const age of [CSP_REPORT_LIMITS.daysKept + 5, CSP_REPORT_LIMITS.daysKept, 29, 1]) {
      await db.asSuperuser(
        `insert into public.csp_violations (day, release, directive, blocked, page, sample, count)
         values (${daysAgo(age)}, 'old', 'img-src', 'data', '/', '', 3)`,
      );
    }
    expect(await record([violation()])).toBe(1);
    const { rows } = await db.asSuperuser(
      `select (now() at time zone 'UTC')::date - day as age from public.csp_violations order by day`,
    );
    expect(rows.map((row) => row.age)).toEqual([CSP_REPORT_LIMITS.daysKept - 1, 1, 0]);
  });

  it('refuses what is not of the shapes the function sends, and stores nothing of the call', async () => {
    const refusals: Array<[unknown, string | null, string]> = [
      [[violation({ blocked: 'https://evil.example/steal?token=abc' })], 'r1', '23514'],
      [[violation({ blocked: 'https://evil.example/' })], 'r1', '23514'],
      [[violation({ blocked: 'Inline' })], 'r1', '23514'],
      [[violation({ page: '/with?query=1' })], 'r1', '23514'],
      [[violation({ page: 'https://agentora.ai/' })], 'r1', '23514'],
      [[violation({ page: `/${'a'.repeat(200)}` })], 'r1', '23514'],
      [[violation({ directive: 'Script-Src' })], 'r1', '23514'],
      [[violation({ directive: '<b>' })], 'r1', '23514'],
      [[violation({ sample: 'x'.repeat(41) })], 'r1', '23514'],
      [[violation({ sample: 'a\tb' })], 'r1', '23514'],
      [[violation()], 'Release-1', '23514'],
      [[violation()], 'a'.repeat(41), '23514'],
      [[violation()], null, '23502'],
      [[{ directive: 'img-src' }], 'r1', '23502'],
      [[violation({ directive: 'overflow' })], 'r1', '22023'],
      [['not an object'], 'r1', '22023'],
      [violation(), 'r1', '22023'],
      [Array(CSP_REPORT_LIMITS.maxReportsPerBatch + 1).fill(violation()), 'r1', '22023'],
    ];
    for (const [violations, release, code] of refusals) {
      // After a good violation in the same call: the call fails as a whole, the good one with it.
      const batch =
        Array.isArray(violations) && violations.length < CSP_REPORT_LIMITS.maxReportsPerBatch
          ? [violation({ page: '/first' }), ...violations]
          : violations;
      await expect(record(batch, newAddress(), release)).rejects.toMatchObject({ code });
    }
    expect(await stored()).toEqual([]);
  });

  it('is the service role’s alone; the service role only reads the table; anon and authenticated nothing', async () => {
    await record([violation()]);
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(
        db.as(role, `select public.record_csp_violations('r1', '[]'::jsonb, '192.0.2.250')`),
      ).rejects.toMatchObject({ code: '42501' });
      for (const statement of [
        'select * from public.csp_violations',
        `insert into public.csp_violations (day, release, directive, blocked, page) values (current_date, 'r1', 'img-src', 'data', '/')`,
        'update public.csp_violations set count = 1000',
        'delete from public.csp_violations',
      ]) {
        await expect(db.as(role, statement)).rejects.toMatchObject({ code: '42501' });
      }
    }
    const { rows } = await db.as(
      'service_role',
      'select count::integer from public.csp_violations',
    );
    expect(rows).toEqual([{ count: 1 }]);
    for (const statement of [
      `insert into public.csp_violations (day, release, directive, blocked, page) values (current_date, 'r1', 'img-src', 'data', '/')`,
      'update public.csp_violations set count = 1000',
      'delete from public.csp_violations',
    ]) {
      await expect(db.as('service_role', statement)).rejects.toMatchObject({ code: '42501' });
    }
  });
});

describe('the rules of rules/csp-reports.ts, held equal to the database', () => {
  it('the numbers: the batch, the rows a day, the days kept, the sample, the rate limit', async () => {
    const { rows } = await db.asSuperuser('select * from private.csp_report_rules()');
    expect(rows).toEqual([
      {
        max_reports_per_batch: CSP_REPORT_LIMITS.maxReportsPerBatch,
        rows_per_day: CSP_REPORT_LIMITS.rowsPerDay,
        days_kept: CSP_REPORT_LIMITS.daysKept,
        sample_chars: CSP_REPORT_LIMITS.sampleChars,
      },
    ]);
    const limit = await db.asSuperuser(
      'select max_requests, window_seconds from public.rate_limit_rules where action = $1',
      [CSP_REPORT_FUNCTION],
    );
    expect(limit.rows).toEqual([
      { max_requests: CSP_REPORT_LIMITS.perClientAddressPerMinute, window_seconds: 60 },
    ]);
    // The CHECK's own number: 40 characters fit, 41 do not (above).
    await expect(
      record([violation({ sample: '🙂'.repeat(CSP_REPORT_LIMITS.sampleChars) })]),
    ).resolves.toBe(1);
  });

  /** Whether the table takes a row with the field, as the superuser (the CHECKs alone decide). */
  async function accepts(field: 'release' | 'directive' | 'blocked', value: string) {
    const row = { release: 'r1', directive: 'img-src', blocked: 'data', [field]: value };
    try {
      await db.asSuperuser(
        `insert into public.csp_violations (day, release, directive, blocked, page)
         values (current_date, $1, $2, $3, '/checks')`,
        [row.release, row.directive, row.blocked],
      );
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === '23514') return false;
      throw error;
    }
  }

  it.each([
    [
      'release',
      CSP_RELEASE_PATTERN,
      ['2025-11-30', 'abc1234', 'unknown', 'overflow', '', 'A1', 'a.b', 'a_b', 'a'.repeat(41)],
    ],
    [
      'directive',
      CSP_DIRECTIVE_PATTERN,
      ['script-src-elem', 'other', 'overflow', '-x', 'img_src', 'Img-src', 'a'.repeat(41)],
    ],
    [
      'blocked',
      {
        test: (value: string) =>
          CSP_BLOCKED_KEYWORD_PATTERN.test(value) || CSP_BLOCKED_ORIGIN_PATTERN.test(value),
      },
      [
        'inline',
        'chrome-extension',
        'https://evil.example',
        'http://[::1]:4200',
        'wss://a_b.example:8443',
        'https://evil.example/',
        'https://evil.example/x?token=1',
        'https://user@evil.example',
        'ftp://evil.example',
        `https://${'a'.repeat(293)}`,
        `https://${'a'.repeat(292)}`,
        'Inline',
        '',
      ],
    ],
  ] as const)('the %s shape', async (field, pattern, samples) => {
    for (const sample of samples) {
      expect([sample, await accepts(field, sample)]).toEqual([sample, pattern.test(sample)]);
    }
    await db.asSuperuser(`delete from public.csp_violations where page = '/checks'`);
  });
});

describe('console_csp_violations', () => {
  /** Calls it as PostgREST would for the caller: its answer, or the error's code and message. */
  async function consoleRows(
    args: { p_limit: number | null; p_offset: number | null } = { p_limit: null, p_offset: null },
    caller: { role: 'anon' | 'authenticated' | 'service_role'; claims: Record<string, unknown> } = {
      role: 'authenticated',
      claims: staffClaims,
    },
  ) {
    try {
      const { rows } = await asCaller(db.database, caller, (q) =>
        q.query('select public.console_csp_violations(p_limit := $1, p_offset := $2) as r', [
          args.p_limit,
          args.p_offset,
        ]),
      );
      return { data: rows[0].r as Record<string, unknown>, error: null };
    } catch (error) {
      const { code, message } = error as { code: string; message: string };
      return { data: null, error: { code, message } };
    }
  }

  async function seed(
    age: number,
    fields: Partial<Violation> & { count: number; release?: string },
  ) {
    const row = { ...violation(), release: 'r1', ...fields };
    await db.asSuperuser(
      `insert into public.csp_violations (day, release, directive, blocked, page, sample, count)
       values (${daysAgo(age)}, $1, $2, $3, $4, $5, $6)`,
      [row.release, row.directive, row.blocked, row.page, row.sample, row.count],
    );
  }

  it('shows staff the last 30 days, newest day first, then the most reported, with the totals', async () => {
    await seed(0, { count: 2, directive: 'connect-src', blocked: 'https://evil.example' });
    await seed(0, { count: 7, sample: '<img src=x onerror=alert(1)>' });
    await seed(CSP_REPORT_LIMITS.daysKept - 1, { count: 1, page: '/oldest-shown' });
    await seed(CSP_REPORT_LIMITS.daysKept, { count: 100, page: '/too-old' });
    const { data, error } = await consoleRows();
    expect(error).toBeNull();
    const { rows } = await db.asSuperuser(
      `select ((now() at time zone 'UTC')::date)::text as today,
              ((now() at time zone 'UTC')::date - ${CSP_REPORT_LIMITS.daysKept - 1})::text as first`,
    );
    const { today, first } = rows[0] as { today: string; first: string };
    expect(data).toEqual({
      total: 3,
      reports: 10,
      from: first,
      rows: [
        {
          day: today,
          release: 'r1',
          directive: 'script-src-elem',
          blocked: 'inline',
          page: '/',
          // Stored and answered as the text it is.
          sample: '<img src=x onerror=alert(1)>',
          count: 7,
        },
        {
          day: today,
          release: 'r1',
          directive: 'connect-src',
          blocked: 'https://evil.example',
          page: '/',
          sample: '',
          count: 2,
        },
        {
          day: first,
          release: 'r1',
          directive: 'script-src-elem',
          blocked: 'inline',
          page: '/oldest-shown',
          sample: '',
          count: 1,
        },
      ],
    });
  });

  it('pages: p_limit rows after p_offset, 50 by default, at most 200', async () => {
    for (let n = 0; n < 60; n += 1) await seed(0, { count: 100 - n, page: `/p-${n}` });
    const first = await consoleRows();
    expect((first.data?.rows as unknown[]).length).toBe(50);
    const second = await consoleRows({ p_limit: 20, p_offset: 50 });
    expect(second.data?.total).toBe(60);
    expect((second.data?.rows as { page: string }[]).map((row) => row.page)).toEqual(
      Array.from({ length: 10 }, (_, n) => `/p-${n + 50}`),
    );
    for (const args of [
      { p_limit: 201, p_offset: null },
      { p_limit: 0, p_offset: null },
      { p_limit: null, p_offset: -1 },
    ]) {
      expect((await consoleRows(args)).error?.code).toBe('22023');
    }
  });

  it('staff only: a session that is not staff, or one Auth never made, is refused; anon and the service role may not call it', async () => {
    await seed(0, { count: 1 });
    expect(
      (await consoleRows(undefined, { role: 'authenticated', claims: outsiderClaims })).error,
    ).toEqual({ code: '42501', message: 'Staff only' });
    const forged = await consoleRows(undefined, {
      role: 'authenticated',
      claims: { ...staffClaims, session_id: '00000000-0000-4000-8000-0000000000ff' },
    });
    expect(forged.error?.code).toBe('42501');
    for (const role of ['anon', 'service_role'] as const) {
      const { error } = await consoleRows(undefined, { role, claims: { role } });
      expect([role, error?.code, error?.message]).toEqual([
        role,
        '42501',
        expect.stringContaining('permission denied for function'),
      ]);
    }
  });
});
