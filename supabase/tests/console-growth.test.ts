import {
  asCaller,
  openTestDatabase,
  type ApiRole,
  type TestDatabase,
} from '@agentora/local-supabase/testing';
import {
  CAMPAIGN_TAG_MAX_LENGTH,
  CAMPAIGN_TAG_PATTERN,
  HOST_MAX_LENGTH,
  HOST_PATTERN,
} from '../functions/_shared/rules/attribution.ts';
import { SOURCE_MAX_LENGTH, SOURCE_PATTERN } from '../functions/_shared/rules/console-lists.ts';
import { SUSPECTED_FARMING } from '../functions/_shared/rules/places.ts';
import { applicationArgs, signupArgs as allSignupArgs } from './test-support/console.ts';
import { namedCall } from './test-support/named-call.ts';
import {
  fixtureAuthEmail,
  insertLiveSession,
  insertSignedInStaff,
  sessionClaims,
} from './test-support/staff-auth.ts';

// The console's growth functions (supabase/schemas/console-growth.sql) below the HTTP layer, on
// PGlite or PostgreSQL (test-postgres): console_growth and console_referrals, and the source filter of
// the lists and the export, each called as PostgREST calls them (the role and the claims of one
// session, one transaction a call). Staff is a staff address with a live Auth session, as
// private.staff_caller asks. The fixtures are written as the superuser with the triggers off
// (session_replication_role = replica), so each referral's hold is exactly the one the test names; the
// rules that set holds are place-rules/referral-caps tests'.

let db: TestDatabase;

const STAFF = 'growth.staff@example.com';
const OUTSIDER = 'growth.outsider@example.com';

// The staff member's session is of their Auth address (test-support/staff-auth.ts).
const staffClaims = sessionClaims(fixtureAuthEmail(1));
const outsiderClaims = sessionClaims(OUTSIDER);

type Args = Record<string, unknown>;
type ReferralRowShape = { referral_code: string; credited: number; place: number | null };

/** Calls public.<fn> with named arguments as the caller; its answer, or the error's code and message. */
async function call(
  fn: string,
  args: Args,
  caller: { role: ApiRole; claims: Record<string, unknown> } = {
    role: 'authenticated',
    claims: staffClaims,
  },
): Promise<{ data: unknown; error: { code: string; message: string } | null }> {
  const { sql, values } = namedCall(fn, args);
  try {
    const { rows } = await asCaller(db.database, caller, (q) => q.query(sql, values));
    return { data: rows[0].r, error: null };
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { data: null, error: { code, message } };
  }
}

/** Rows written as the superuser, with no trigger run: the columns exactly as given. */
async function insertRaw(table: string, rows: Args[]): Promise<void> {
  await db.database.transaction(async (q) => {
    await q.query(`set local session_replication_role = replica`);
    for (const row of rows) {
      const names = Object.keys(row);
      await q.query(
        `insert into public.${table} (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
        names.map((name) => row[name]),
      );
    }
  });
}

// The list functions' arguments, as test-support/console.ts writes them, on the early-access list by default.
const signupArgs = (args: Args) => allSignupArgs({ p_form: 'early_access', ...args });
const referralArgs = (args: Args) => ({
  p_from: null,
  p_to: null,
  p_suspected: null,
  p_limit: null,
  p_offset: null,
  ...args,
});

beforeAll(async () => {
  db = await openTestDatabase();
  await insertSignedInStaff(db.asSuperuser, STAFF, staffClaims);
  await insertLiveSession(db.asSuperuser, outsiderClaims);
});
afterAll(() => db.close());

describe('who may call them', () => {
  const CALLS: Array<[string, Args]> = [
    ['console_growth', { p_from: '2024-01-01', p_to: '2024-01-31' }],
    ['console_referrals', referralArgs({})],
    ['console_signups', signupArgs({ p_source: 'direct' })],
    ['console_applications', applicationArgs({ p_source: 'direct' })],
  ];

  it('staff only: a signed-in address that is not staff is told "Staff only"', async () => {
    for (const [fn, args] of CALLS) {
      expect([fn, (await call(fn, args)).error]).toEqual([fn, null]);
      const refused = await call(fn, args, { role: 'authenticated', claims: outsiderClaims });
      expect([fn, refused.error]).toEqual([fn, { code: '42501', message: 'Staff only' }]);
      // Staff's address in a session Auth never made.
      const forged = await call(fn, args, {
        role: 'authenticated',
        claims: { ...staffClaims, session_id: '00000000-0000-4000-8000-0000000000ff' },
      });
      expect([fn, forged.error?.code]).toEqual([fn, '42501']);
    }
  });

  it('the publishable key and the service role may not call them at all', async () => {
    for (const [fn, args] of CALLS) {
      for (const role of ['anon', 'service_role'] as const) {
        const { error } = await call(fn, args, { role, claims: { role } });
        expect([fn, role, error?.code, error?.message]).toEqual([
          fn,
          role,
          '42501',
          expect.stringContaining('permission denied for function'),
        ]);
      }
    }
  });
});

describe('console_growth', () => {
  beforeAll(async () => {
    const visits = [
      // day, path, source, medium, campaign, referrer_host, views, landings
      ['2024-03-01', '/', 'launch', 'social', '', '', 10, 4],
      ['2024-03-01', '/', '', '', '', 'news.ycombinator.com', 5, 5],
      ['2024-03-01', '/coming-soon', '', '', '', '', 3, 2],
      // utm_source wins over the referring host.
      ['2024-03-02', '/coming-soon', 'launch', '', '', 'news.ycombinator.com', 6, 3],
      // Viewed, never landed on.
      ['2024-03-02', '/careers', '', '', '', '', 4, 0],
      // Outside the range.
      ['2024-03-03', '/', 'launch', '', '', '', 100, 100],
      ['2024-02-29', '/', '', '', '', '', 100, 100],
    ] as const;
    await insertRaw(
      'visit_counts',
      visits.map(([day, path, source, medium, campaign, referrer_host, views, landings]) => ({
        day,
        path,
        source,
        medium,
        campaign,
        referrer_host,
        views,
        landings,
      })),
    );
    await insertRaw('early_access_signups', [
      {
        email: 'g1@example.com',
        created_at: '2024-03-01T10:00:00Z',
        confirmed_at: '2024-03-01T10:05:00Z',
        utm_source: 'launch',
        landing_path: '/',
      },
      // The last second of the 1st, UTC.
      {
        email: 'g2@example.com',
        created_at: '2024-03-01T23:59:59Z',
        utm_source: 'launch',
        landing_path: '/',
      },
      {
        email: 'g3@example.com',
        created_at: '2024-03-03T00:00:00Z',
        utm_source: 'launch',
        landing_path: '/',
      },
      { email: 'g4@example.com', created_at: '2024-02-29T23:59:59Z', landing_path: '/' },
    ]);
    await insertRaw('newsletter_subscriptions', [
      {
        email: 'g5@example.com',
        created_at: '2024-03-01T12:00:00Z',
        confirmed_at: '2024-03-01T12:30:00Z',
        referrer_host: 'news.ycombinator.com',
        landing_path: '/',
      },
    ]);
    await insertRaw('waitlist_signups', [
      {
        email: 'g6@example.com',
        first_name: 'Grace',
        last_name: 'Hopper',
        company: 'Navy',
        created_at: '2024-03-02T08:00:00Z',
        landing_path: '/coming-soon',
      },
    ]);
    await insertRaw('general_applications', [
      {
        email: 'g7@example.com',
        first_name: 'Ada',
        last_name: 'Lovelace',
        why_join: 'To build it.',
        created_at: '2024-03-02T09:00:00Z',
        utm_source: 'launch',
        referrer_host: 'x.com',
      },
    ]);
  });

  it('counts visits and sign-ups per day and source, per source and per landing page', async () => {
    const { data, error } = await call('console_growth', {
      p_from: '2024-03-01',
      p_to: '2024-03-02',
    });
    expect(error).toBeNull();
    const row = (
      day: string,
      source: string,
      views: number,
      landings: number,
      signups: number,
      confirmed: number,
    ) => ({ day, source, views, landings, signups, confirmed });
    expect(data).toEqual({
      per_day: [
        row('2024-03-01', 'direct', 3, 2, 0, 0),
        row('2024-03-01', 'launch', 10, 4, 2, 1),
        row('2024-03-01', 'news.ycombinator.com', 5, 5, 1, 1),
        row('2024-03-02', 'direct', 4, 0, 1, 0),
        // The application counts as confirmed.
        row('2024-03-02', 'launch', 6, 3, 1, 1),
      ],
      sources: [
        { source: 'launch', views: 16, landings: 7, signups: 3, confirmed: 2 },
        { source: 'news.ycombinator.com', views: 5, landings: 5, signups: 1, confirmed: 1 },
        { source: 'direct', views: 7, landings: 2, signups: 1, confirmed: 0 },
      ],
      landing_pages: [
        { path: '/', landings: 9, signups: 3, confirmed: 2 },
        { path: '/coming-soon', landings: 5, signups: 1, confirmed: 0 },
        // The application recorded no landing page.
        { path: null, landings: 0, signups: 1, confirmed: 1 },
      ],
    });
  });

  it('takes open-ended ranges, and refuses one that ends before it starts', async () => {
    const from = await call('console_growth', { p_from: '2024-03-03', p_to: null });
    // (The later tests' rows are not written yet.)
    expect(from.data).toMatchObject({
      sources: [{ source: 'launch', views: 100, landings: 100, signups: 1, confirmed: 0 }],
    });
    const to = await call('console_growth', { p_from: null, p_to: '2024-02-29' });
    expect(to.data).toMatchObject({
      per_day: [
        {
          day: '2024-02-29',
          source: 'direct',
          views: 100,
          landings: 100,
          signups: 1,
          confirmed: 0,
        },
      ],
    });
    expect(await call('console_growth', { p_from: '2024-01-01', p_to: '2024-01-31' })).toEqual({
      data: { per_day: [], sources: [], landing_pages: [] },
      error: null,
    });
    const backwards = await call('console_growth', { p_from: '2024-03-02', p_to: '2024-03-01' });
    expect(backwards.error?.code).toBe('22023');
  });
});

describe('the source filter of the lists and the export', () => {
  const tag = 'srcfilter';
  beforeAll(async () => {
    const at = (day: number) => `2024-06-0${day}T12:00:00Z`;
    await insertRaw('early_access_signups', [
      {
        email: `a.${tag}@example.com`,
        created_at: at(1),
        confirmed_at: at(1),
        utm_source: 'launch',
        landing_path: '/',
      },
      {
        email: `b.${tag}@example.com`,
        created_at: at(2),
        utm_source: 'launch',
        landing_path: '/pricing',
      },
      {
        email: `c.${tag}@example.com`,
        created_at: at(3),
        confirmed_at: at(3),
        referrer_host: 'news.ycombinator.com',
      },
      { email: `d.${tag}@example.com`, created_at: at(4), confirmed_at: at(4) },
      {
        email: `e.${tag}@example.com`,
        created_at: at(5),
        confirmed_at: at(5),
        utm_source: 'launch',
        referrer_host: 'x.com',
      },
    ]);
    await insertRaw('general_applications', [
      {
        email: `f.${tag}@example.com`,
        first_name: 'F',
        last_name: 'F',
        why_join: 'x',
        created_at: at(1),
        utm_source: 'launch',
        status: 'offer',
      },
      {
        email: `g.${tag}@example.com`,
        first_name: 'G',
        last_name: 'G',
        why_join: 'x',
        created_at: at(2),
        utm_source: 'launch',
      },
      {
        email: `h.${tag}@example.com`,
        first_name: 'H',
        last_name: 'H',
        why_join: 'x',
        created_at: at(3),
        status: 'offer',
        landing_path: '/careers',
      },
    ]);
  });
  const emails = (data: unknown) =>
    (data as { rows: { email: string }[] }).rows.map((row) => row.email[0]);

  it('lists only the rows of the source, with the other filters, and shows source and landing page', async () => {
    const launch = await call('console_signups', signupArgs({ p_search: tag, p_source: 'launch' }));
    expect(launch.error).toBeNull();
    expect(launch.data).toEqual({
      total: 3,
      rows: [
        expect.objectContaining({
          email: `e.${tag}@example.com`,
          source: 'launch',
          landing_path: null,
        }),
        expect.objectContaining({
          email: `b.${tag}@example.com`,
          source: 'launch',
          landing_path: '/pricing',
        }),
        expect.objectContaining({
          email: `a.${tag}@example.com`,
          source: 'launch',
          landing_path: '/',
        }),
      ],
    });
    expect(Object.keys((launch.data as { rows: object[] }).rows[0]).sort()).toEqual(
      [
        'confirmed_at',
        'created_at',
        'email',
        'id',
        // The member's invitation by a launch wave (none here), which the waitlist's rows carry.
        'invite_state',
        'invite_wave',
        'invited_at',
        'joined_at',
        'landing_path',
        'source',
      ].sort(),
    );
    const combined = await call(
      'console_signups',
      signupArgs({
        p_search: tag,
        p_source: 'launch',
        p_confirmed: true,
        p_from: '2024-06-01',
        p_to: '2024-06-04',
      }),
    );
    expect(emails(combined.data)).toEqual(['a']);
    const host = await call(
      'console_signups',
      signupArgs({ p_search: tag, p_source: 'news.ycombinator.com' }),
    );
    expect(emails(host.data)).toEqual(['c']);
    const direct = await call('console_signups', signupArgs({ p_search: tag, p_source: 'direct' }));
    expect(emails(direct.data)).toEqual(['d']);
    // A referring host is not the source when the visit had a utm_source.
    const shadowed = await call(
      'console_signups',
      signupArgs({ p_search: tag, p_source: 'x.com' }),
    );
    expect(shadowed.data).toEqual({ total: 0, rows: [] });
    // Blank is no filter.
    const blank = await call('console_signups', signupArgs({ p_search: tag, p_source: ' ' }));
    expect((blank.data as { total: number }).total).toBe(5);
  });

  it('filters applications by source and status together', async () => {
    const both = await call(
      'console_applications',
      applicationArgs({ p_search: tag, p_source: 'launch', p_status: 'offer' }),
    );
    expect(both.error).toBeNull();
    expect(both.data).toEqual({
      total: 1,
      rows: [
        expect.objectContaining({
          email: `f.${tag}@example.com`,
          source: 'launch',
          landing_path: null,
        }),
      ],
    });
    const direct = await call(
      'console_applications',
      applicationArgs({ p_search: tag, p_source: 'direct' }),
    );
    expect(direct.data).toEqual({
      total: 1,
      rows: [
        expect.objectContaining({
          email: `h.${tag}@example.com`,
          source: 'direct',
          landing_path: '/careers',
        }),
      ],
    });
  });

  it('refuses a source that cannot be a label with 22023', async () => {
    for (const source of ['Launch', 'news ycombinator', '-x', 'a/b', 'x'.repeat(254)]) {
      const list = await call('console_signups', signupArgs({ p_source: source }));
      const applications = await call(
        'console_applications',
        applicationArgs({ p_source: source }),
      );
      expect([source, list.error?.code, applications.error?.code]).toEqual([
        source,
        '22023',
        '22023',
      ]);
    }
  });

  it('exports only the rows of the source, each with its source, and logs the filter', async () => {
    const logged = await call('console_log_export', {
      p_kind: 'early_access',
      p_filter: { search: tag, source: 'launch', confirmed: true },
    });
    expect(logged.error).toBeNull();
    const page = await call('console_export_rows', {
      p_export: logged.data,
      p_after_created_at: null,
      p_after_id: null,
      p_limit: null,
    });
    expect(page.error).toBeNull();
    const rows = page.data as Args[];
    expect(rows.map((row) => [row.email, row.source, row.utm_source, row.landing_path])).toEqual([
      [`a.${tag}@example.com`, 'launch', 'launch', '/'],
      [`e.${tag}@example.com`, 'launch', 'launch', null],
    ]);
    const applications = await call('console_log_export', {
      p_kind: 'applications',
      p_filter: { search: tag, source: 'direct', status: 'offer' },
    });
    const appRows = await call('console_export_rows', {
      p_export: applications.data,
      p_after_created_at: null,
      p_after_id: null,
      p_limit: null,
    });
    expect((appRows.data as Args[]).map((row) => [row.email, row.source])).toEqual([
      [`h.${tag}@example.com`, 'direct'],
    ]);
    for (const bad of [{ source: 'Launch' }, { source: 7 }, { source: null }]) {
      const refused = await call('console_log_export', { p_kind: 'waitlist', p_filter: bad });
      expect([bad, refused.error?.code]).toEqual([bad, '22023']);
    }
  });
});

describe('console_referrals', () => {
  const code = (letter: string) => letter.repeat(16);
  const ids: Record<string, string> = {};
  const inApril = (day: number) => `2024-04-${String(day).padStart(2, '0')}T12:00:00Z`;

  beforeAll(async () => {
    const referrer = (name: string, created: string, confirmed: string | null) => ({
      id: (ids[name] =
        `00000000-0000-4000-8000-${name.charCodeAt(0).toString(16).padStart(12, '0')}`),
      email: `${name}.referrer@example.com`,
      created_at: created,
      confirmed_at: confirmed,
      referral_code: code(name),
    });
    let n = 0;
    const referred = (
      by: string,
      created: string,
      confirmed: boolean,
      hold: string | null = null,
      extra: Args = {},
    ) => ({
      email: `referred${(n += 1)}@example.com`,
      created_at: created,
      confirmed_at: confirmed ? created : null,
      referred_by: code(by),
      referral_hold: hold,
      referral_code: (n + 1000).toString(16).padStart(16, '0'),
      ...extra,
    });
    await insertRaw('early_access_signups', [
      referrer('a', '2024-03-31T00:00:00Z', '2024-03-31T01:00:00Z'),
      referrer('c', '2024-03-01T00:00:00Z', null),
      referrer('e', '2024-03-15T00:00:00Z', '2024-03-15T00:00:00Z'),
      // a: 5 in April, 3 held: suspected (held).
      referred('a', inApril(2), true),
      referred('a', inApril(3), true, 'address_cap'),
      referred('a', inApril(4), false),
      referred('a', inApril(5), true, 'self'),
      referred('a', inApril(6), true, 'disposable'),
      // In May: not in April's counts, but part of a's place.
      referred('a', '2024-05-05T12:00:00Z', true),
      // c, not confirmed: no place, so no credit yet.
      referred('c', inApril(7), true),
      // A code whose referrer is gone (erased).
      referred('d', inApril(8), true),
      // e: 5 made just now, none confirmed yet: not suspected before a day has passed.
      ...[1, 2, 3, 4, 5].map(() => referred('e', new Date().toISOString(), false)),
    ]);
    await insertRaw('waitlist_signups', [
      {
        ...referrer('b', '2024-03-30T00:00:00Z', '2024-03-30T00:00:00Z'),
        first_name: 'B',
        last_name: 'B',
        company: 'B',
      },
      // b: 6 in April, 2 confirmed: suspected (unconfirmed).
      ...[10, 11, 12, 13, 14, 15].map((day, i) =>
        referred('b', inApril(day), i < 2, null, { first_name: 'R', last_name: 'R', company: 'R' }),
      ),
      // A referral made before its referrer counts as referred and confirmed, never credited.
      {
        ...referrer('f', '2024-04-20T00:00:00Z', '2024-04-20T00:00:00Z'),
        first_name: 'F',
        last_name: 'F',
        company: 'F',
      },
      referred('f', '2024-04-19T00:00:00Z', true, null, {
        first_name: 'R',
        last_name: 'R',
        company: 'R',
      }),
    ]);
  });

  const placeOf = async (list: string, id: string) =>
    (
      (await db.asSuperuser('select public.signup_place($1, $2) as p', [list, id])).rows[0].p as {
        position: number;
      }
    ).position;

  const empty = {
    held_self: 0,
    held_address_cap: 0,
    held_code_cap: 0,
    held_disposable: 0,
    suspected: false,
    suspected_because: [],
  };

  it('counts each code’s referrals of the range and flags suspected farming', async () => {
    const { data, error } = await call(
      'console_referrals',
      referralArgs({ p_from: '2024-04-01', p_to: '2024-04-30' }),
    );
    expect(error).toBeNull();
    expect(data).toEqual({
      total: 5,
      rows: [
        // Suspected first (the most referred first), then the others.
        {
          list: 'waitlist',
          email: 'b.referrer@example.com',
          referral_code: code('b'),
          place: await placeOf('waitlist', ids.b),
          referred: 6,
          confirmed: 2,
          credited: 2,
          unconfirmed: 4,
          ...empty,
          suspected: true,
          suspected_because: ['unconfirmed'],
        },
        {
          list: 'early_access',
          email: 'a.referrer@example.com',
          referral_code: code('a'),
          place: await placeOf('early_access', ids.a),
          referred: 5,
          confirmed: 4,
          credited: 1,
          held_self: 1,
          held_address_cap: 1,
          held_code_cap: 0,
          held_disposable: 1,
          unconfirmed: 1,
          suspected: true,
          suspected_because: ['held'],
        },
        {
          list: 'early_access',
          email: 'c.referrer@example.com',
          referral_code: code('c'),
          place: null,
          referred: 1,
          confirmed: 1,
          credited: 0,
          unconfirmed: 0,
          ...empty,
        },
        {
          list: 'early_access',
          email: null,
          referral_code: code('d'),
          place: null,
          referred: 1,
          confirmed: 1,
          credited: 0,
          unconfirmed: 0,
          ...empty,
        },
        {
          list: 'waitlist',
          email: 'f.referrer@example.com',
          referral_code: code('f'),
          place: await placeOf('waitlist', ids.f),
          referred: 1,
          confirmed: 1,
          credited: 0,
          unconfirmed: 0,
          ...empty,
        },
      ],
    });
  });

  it('credits as the places do: over all days, the same count as signup_place', async () => {
    const { data } = await call('console_referrals', referralArgs({}));
    const rows = (data as { rows: ReferralRowShape[] }).rows;
    for (const [list, name] of [
      ['early_access', 'a'],
      ['waitlist', 'b'],
      ['waitlist', 'f'],
    ] as const) {
      const place = (
        await db.asSuperuser('select public.signup_place($1, $2) as p', [list, ids[name]])
      ).rows[0].p as { position: number; credited: number };
      const row = rows.find((entry) => entry.referral_code === code(name));
      expect([name, row?.credited, row?.place]).toEqual([name, place.credited, place.position]);
    }
    // a's referral in May counts here, not in April's.
    expect(rows.find((entry) => entry.referral_code === code('a'))?.credited).toBe(2);
  });

  it('shows only the suspected codes when asked, and pages them', async () => {
    const suspected = await call(
      'console_referrals',
      referralArgs({ p_from: '2024-04-01', p_to: '2024-04-30', p_suspected: true }),
    );
    const codes = (data: unknown) =>
      (data as { rows: { referral_code: string }[] }).rows.map((row) => row.referral_code[0]);
    expect((suspected.data as { total: number }).total).toBe(2);
    expect(codes(suspected.data)).toEqual(['b', 'a']);
    const second = await call(
      'console_referrals',
      referralArgs({ p_from: '2024-04-01', p_to: '2024-04-30', p_limit: 2, p_offset: 2 }),
    );
    expect((second.data as { total: number }).total).toBe(5);
    expect(codes(second.data)).toEqual(['c', 'd']);
    const past = await call(
      'console_referrals',
      referralArgs({ p_from: '2024-04-01', p_to: '2024-04-30', p_offset: 5 }),
    );
    expect(past.data).toEqual({ total: 5, rows: [] });
  });

  it('does not suspect referrals that have had less than a day to be confirmed', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const { data } = await call('console_referrals', referralArgs({ p_from: today }));
    expect(data).toEqual({
      total: 1,
      rows: [
        expect.objectContaining({
          referral_code: code('e'),
          referred: 5,
          confirmed: 0,
          unconfirmed: 5,
          suspected: false,
          suspected_because: [],
        }),
      ],
    });
    // Open-ended: every code with a referral.
    const all = await call('console_referrals', referralArgs({}));
    expect((all.data as { total: number }).total).toBe(6);
  });

  it('refuses a range that ends before it starts, and pages out of bounds, with 22023', async () => {
    for (const args of [
      { p_from: '2024-04-02', p_to: '2024-04-01' },
      { p_limit: 0 },
      { p_limit: 201 },
      { p_offset: -1 },
    ]) {
      const { error } = await call('console_referrals', referralArgs(args));
      expect([args, error?.code]).toEqual([args, '22023']);
    }
  });
});

describe('the rules the console states, held equal to the database', () => {
  it('suspects farming by the numbers of SUSPECTED_FARMING (rules/places.ts)', async () => {
    const { rows } = await db.asSuperuser('select * from private.suspected_farming_rules()');
    expect(rows).toHaveLength(1);
    const sql = rows[0];
    expect({
      minHeld: Number(sql.min_held),
      minSettled: Number(sql.min_settled),
      settleHours: Number(sql.settle_hours),
      minConfirmedShare: Number(sql.min_confirmed_share),
    }).toEqual(SUSPECTED_FARMING);
  });

  // A host of exactly HOST_MAX_LENGTH characters: three labels of 63, one of the rest, dots between.
  const longestHost = ['a', 'b', 'c']
    .map((letter) => letter.repeat(63))
    .concat('d'.repeat(HOST_MAX_LENGTH - 3 * 64))
    .join('.');
  const longestTag = 'x'.repeat(CAMPAIGN_TAG_MAX_LENGTH);
  const valid = [
    'direct',
    'newsletter',
    'news.ycombinator.com',
    'launch-post',
    'a+b~c_d.e-f',
    '0',
    'z',
    longestTag,
    longestHost,
    '9'.repeat(SOURCE_MAX_LENGTH),
  ];
  const invalid = [
    '',
    'Direct',
    '-direct',
    '.example.com',
    '_x',
    'launch post',
    'example.com/path',
    'example.com:443',
    'café',
    'direct\n',
    ' direct',
    '9'.repeat(SOURCE_MAX_LENGTH + 1),
  ];

  it('takes every campaign tag and host as a source label, up to the longer of the two', () => {
    expect(CAMPAIGN_TAG_PATTERN.test(longestTag)).toBe(true);
    expect(HOST_PATTERN.test(longestHost)).toBe(true);
    expect(longestHost).toHaveLength(HOST_MAX_LENGTH);
    expect(SOURCE_MAX_LENGTH).toBe(Math.max(CAMPAIGN_TAG_MAX_LENGTH, HOST_MAX_LENGTH));
  });

  it('agrees with SOURCE_PATTERN (rules/console-lists.ts) on what a source label is', async () => {
    const samples = [...valid, ...invalid];
    const { rows } = await db.asSuperuser(
      `select s.value as source, private.is_source_label(s.value) as ok
         from jsonb_array_elements_text($1::jsonb) with ordinality s(value, n) order by s.n`,
      [JSON.stringify(samples)],
    );
    expect(rows.map((row) => [row.source, row.ok])).toEqual(
      samples.map((sample) => [sample, SOURCE_PATTERN.test(sample)]),
    );
    expect(valid.filter((sample) => !SOURCE_PATTERN.test(sample))).toEqual([]);
    expect(invalid.filter((sample) => SOURCE_PATTERN.test(sample))).toEqual([]);
  });

  it('filters the lists and the exports by the labels SOURCE_PATTERN takes', async () => {
    const accepts = async (sql: string, source: string) => {
      try {
        await db.asSuperuser(sql, [source]);
        return true;
      } catch (error) {
        expect((error as { code: string }).code).toBe('22023');
        return false;
      }
    };
    for (const source of [...valid, ...invalid]) {
      const expected = SOURCE_PATTERN.test(source);
      expect([
        source,
        await accepts(
          `select private.console_export_filter('early_access', jsonb_build_object('source', $1::text))`,
          source,
        ),
      ]).toEqual([source, expected]);
      // The lists' filter trims, and takes a blank one as none.
      if (source.trim() === source && source !== '') {
        expect([source, await accepts('select private.console_source($1)', source)]).toEqual([
          source,
          expected,
        ]);
      }
    }
  });
});
