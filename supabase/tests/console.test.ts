import { startTestServer, uniqueEmail, type TestServer } from '@agentora/local-supabase/testing';
import { signInToConsole } from './support/console-sign-in.ts';
import {
  addStaff,
  applicationArgs,
  auditLines,
  authSession,
  claimsOf,
  sessionClient,
  signedIn,
  signupArgs,
  staffSession,
  storeApplication,
  storeWaitlistSignup,
  tokenClient,
  type SignedInMember,
} from './support/console.ts';

// The console's data through the real server (PGlite, or PostgreSQL in test-postgres): who may read
// what, the console_* functions, the application workflow and the audit log (migration
// 20251128000000_console.sql, and 20251202000000_console_sign_in.sql for who is staff). Staff sessions are
// Supabase Auth's own, signed in through the console with a code from the mail (each address signs in
// once: an address is mailed only a few codes at once); other addresses' sessions are made with Auth's
// admin API, since nothing else makes one; the claims a real sign-in cannot give are tokens signed with
// the legacy secret (support/console.ts).

let t: TestServer;
let staff: SignedInMember;
let outsider: SignedInMember;
beforeAll(async () => {
  t = await startTestServer();
  staff = await staffSession(t);
  outsider = await signedIn(t, 'outsider');
});
afterAll(() => t.stop());

/** What staff read directly: the sign-up lists and the audit log. */
const READABLE = [
  'early_access_signups',
  'newsletter_subscriptions',
  'waitlist_signups',
  'staff_audit_log',
];
/** What only the console's functions show: applications and their history. */
const FUNCTIONS_ONLY = ['general_applications', 'application_status_changes'];
const TABLES = [...READABLE, ...FUNCTIONS_ONLY];

/** Every console function with arguments that succeed for staff (but the export's, made up). */
const CALLS: Array<[string, Record<string, unknown>]> = [
  ['console_signups', signupArgs({ p_form: 'early_access' })],
  ['console_applications', applicationArgs({})],
  ['console_signups_per_day', { p_from: '2025-01-01', p_to: '2025-01-31' }],
  ['console_growth', { p_from: '2025-01-01', p_to: '2025-01-31' }],
  [
    'console_referrals',
    { p_from: null, p_to: null, p_suspected: null, p_limit: null, p_offset: null },
  ],
  ['console_application', { p_id: '00000000-0000-4000-8000-000000000000' }],
  ['console_open_resume', { p_id: '00000000-0000-4000-8000-000000000000' }],
  [
    'console_change_application_status',
    { p_id: '00000000-0000-4000-8000-000000000000', p_status: 'reviewing', p_note: null },
  ],
  ['console_invite_waitlist', { p_ids: [] }],
  ['console_log_export', { p_kind: 'newsletter', p_filter: {} }],
  ['console_export_rows', { p_export: 1, p_after_created_at: null, p_after_id: null, p_limit: 10 }],
];

describe('who may read the console data', () => {
  beforeAll(async () => {
    const application = await storeApplication(t);
    await storeWaitlistSignup(t);
    await t.anon.from('early_access_signups').insert({ email: uniqueEmail('reader') });
    await t.anon.from('newsletter_subscriptions').insert({ email: uniqueEmail('reader') });
    const { error } = await staff.client.rpc('console_change_application_status', {
      p_id: application.id,
      p_status: 'reviewing',
      p_note: null,
    });
    expect(error).toBeNull();
  });

  /** Sessions that are not staff, each with why. */
  const outsiders = () => {
    const live = claimsOf(staff.session);
    return {
      'a signed-in address that is not staff': outsider.client,
      // Tokens signed with the legacy secret, as anyone who holds it could make them.
      "staff's address with a session Auth never made": sessionClient(t, staff.email),
      "staff's address in another user's live session": sessionClient(t, staff.email, {
        ...claimsOf(outsider.session),
      }),
      "staff's live session signed in with a password": sessionClient(t, staff.email, {
        ...live,
        amr: [{ method: 'password', timestamp: 1 }],
      }),
      "staff's live session with no sign-in method": sessionClient(t, staff.email, {
        ...live,
        amr: undefined,
      }),
      "staff's live session as an anonymous sign-in": sessionClient(t, staff.email, {
        ...live,
        is_anonymous: true,
      }),
    };
  };
  const refused = () => ({
    'an expired session of staff': sessionClient(t, staff.email, {
      ...claimsOf(staff.session),
      exp: Math.floor(Date.now() / 1000) - 120,
    }),
    'a token of staff signed with another secret': sessionClient(
      t,
      staff.email,
      claimsOf(staff.session),
      'another-secret-of-at-least-thirty-two-characters',
    ),
  });

  it('anon (the publishable key) reads nothing and calls nothing', async () => {
    for (const table of [...TABLES, 'staff']) {
      const { error, status } = await t.anon.from(table).select('*');
      expect([table, status, error?.code]).toEqual([table, 401, '42501']);
    }
    for (const [fn, args] of [...CALLS, ['console_whoami', {}] as const]) {
      const { error, status } = await t.anon.rpc(fn, args);
      expect([fn, status, error?.code]).toEqual([fn, 401, '42501']);
    }
  });

  it('a session that is not staff sees no row and is told "Staff only" by every function', async () => {
    for (const [who, client] of Object.entries(outsiders())) {
      expect([who, (await client.rpc('console_whoami')).data?.staff]).toEqual([who, false]);
      for (const table of READABLE) {
        const { data, error } = await client.from(table).select('*');
        expect([who, table, error, data]).toEqual([who, table, null, []]);
      }
      for (const table of [...FUNCTIONS_ONLY, 'staff']) {
        const { error } = await client.from(table).select('*');
        expect([who, table, error?.code]).toEqual([who, table, '42501']);
      }
      for (const [fn, args] of CALLS) {
        const { data, error, status } = await client.rpc(fn, args);
        expect([who, fn, status, error?.code, error?.message, data]).toEqual([
          who,
          fn,
          403,
          '42501',
          'Staff only',
          null,
        ]);
      }
    }
  });

  it('an expired or forged session is refused before any SQL runs', async () => {
    for (const [who, client] of Object.entries(refused())) {
      for (const table of TABLES) {
        const { data, status } = await client.from(table).select('*');
        expect([who, table, status, data]).toEqual([who, table, 401, null]);
      }
      for (const [fn, args] of [...CALLS, ['console_whoami', {}] as const]) {
        const { data, status } = await client.rpc(fn, args);
        expect([who, fn, status, data]).toEqual([who, fn, 401, null]);
      }
    }
  });

  it('staff read the sign-up lists and the log, not applications or the staff list, and every function answers', async () => {
    for (const table of READABLE) {
      const { data, error } = await staff.client.from(table).select('*');
      expect([table, error]).toEqual([table, null]);
      expect(data?.length).toBeGreaterThan(0);
    }
    for (const table of [...FUNCTIONS_ONLY, 'staff']) {
      const { data, error } = await staff.client.from(table).select('*');
      expect([table, error?.code, data]).toEqual([table, '42501', null]);
    }
    const { data: exportId } = await staff.client.rpc('console_log_export', {
      p_kind: 'newsletter',
      p_filter: {},
    });
    for (const [fn, args] of CALLS) {
      const { error } = await staff.client.rpc(
        fn,
        fn === 'console_export_rows' ? { ...args, p_export: exportId } : args,
      );
      // The made-up application id: the status change is the only call that says it is missing.
      expect([fn, error?.code ?? null]).toEqual([
        fn,
        fn === 'console_change_application_status' ? 'PT404' : null,
      ]);
    }
  });

  it('nobody signed in may write the tables', async () => {
    for (const client of [staff.client, outsider.client]) {
      for (const table of TABLES) {
        const column =
          table === 'staff_audit_log'
            ? 'at'
            : table === 'application_status_changes'
              ? 'changed_at'
              : 'created_at';
        const update = await client
          .from(table)
          .update({ [column]: new Date().toISOString() })
          .not('id', 'is', null);
        expect([table, update.error?.code]).toEqual([table, '42501']);
        const remove = await client.from(table).delete().not('id', 'is', null);
        expect([table, remove.error?.code]).toEqual([table, '42501']);
      }
      const insert = await client.from('early_access_signups').insert({ email: uniqueEmail() });
      expect(insert.error?.code).toBe('42501');
    }
  });

  it('console_whoami says who is signed in and whether they are staff, in any letter case', async () => {
    expect((await outsider.client.rpc('console_whoami')).data).toEqual({
      email: outsider.email,
      staff: false,
    });
    expect((await staff.client.rpc('console_whoami')).data).toEqual({
      email: staff.email,
      staff: true,
    });
    // The session's claim is the staff member's Auth address, in any letter case; the answer is the
    // staff address, as the list holds it.
    const shouting = staff.session.user.email!.toUpperCase();
    const live = claimsOf(staff.session);
    expect((await sessionClient(t, shouting, live).rpc('console_whoami')).data).toEqual({
      email: staff.email,
      staff: true,
    });
    expect((await sessionClient(t, undefined, live).rpc('console_whoami')).data).toEqual({
      email: null,
      staff: false,
    });
  });

  it('a token signed with the legacy secret, with a staff address and a made-up session, is not staff', async () => {
    const forged = sessionClient(t, staff.email);
    expect((await forged.rpc('console_whoami')).data).toEqual({ email: staff.email, staff: false });
    expect((await forged.rpc('console_signups', signupArgs({}))).error?.code).toBe('42501');
    expect((await forged.from('waitlist_signups').select('id')).data).toEqual([]);
  });

  it('a staff member removed from the list loses access at the next request', async () => {
    const member = await staffSession(t, 'leaving');
    expect((await member.client.rpc('console_whoami')).data).toMatchObject({ staff: true });
    await t.service.from('staff').delete().eq('email', member.email);
    expect((await member.client.rpc('console_whoami')).data).toMatchObject({ staff: false });
    expect((await member.client.from('waitlist_signups').select('id')).data).toEqual([]);
  });

  it('a session is not staff once signed out, though its access token has not expired', async () => {
    const member = await staffSession(t, 'signing-out');
    const token = member.session.access_token;
    const sameToken = tokenClient(t, token);
    expect((await sameToken.rpc('console_whoami')).data).toMatchObject({ staff: true });
    expect((await sameToken.from('waitlist_signups').select('id')).data?.length).toBeGreaterThan(0);

    expect((await member.client.auth.signOut()).error).toBeNull();
    // Still named by the staff address, not the Auth address of the session's claims.
    expect((await sameToken.rpc('console_whoami')).data).toEqual({
      email: member.email,
      staff: false,
    });
    const { error, status } = await sameToken.rpc('console_signups', signupArgs({}));
    expect([status, error?.code]).toEqual([403, '42501']);
    expect((await sameToken.from('waitlist_signups').select('id')).data).toEqual([]);
    // The same token signed again with the legacy secret is no better.
    const reissued = sessionClient(t, member.email, claimsOf(member.session));
    expect((await reissued.rpc('console_whoami')).data).toMatchObject({ staff: false });
  });
});

describe("with Supabase Auth's own sessions", () => {
  it('a staff address signed in through the console is staff; any other address sees nothing', async () => {
    const email = uniqueEmail('signed-in-staff');
    await addStaff(t, email);
    await storeWaitlistSignup(t);
    const { client, session } = await signInToConsole(t, email);
    expect((await client.rpc('console_whoami')).data).toEqual({ email, staff: true });
    const { data, error } = await client.rpc('console_signups', signupArgs({ p_limit: 1 }));
    expect(error).toBeNull();
    expect(data.total).toBeGreaterThan(0);
    // The session's own address is the staff member's Auth address, not theirs.
    expect(session.user.email).toMatch(/^console-[0-9a-f]{32}@staff\.invalid$/);

    const other = uniqueEmail('signed-in-outsider');
    const stranger = (await authSession(t, other)).client;
    expect((await stranger.rpc('console_whoami')).data).toEqual({ email: other, staff: false });
    expect((await stranger.rpc('console_signups', signupArgs({}))).error?.code).toBe('42501');
    expect((await stranger.from('waitlist_signups').select('id')).data).toEqual([]);
  });

  it('an Auth session under a staff address itself is not staff: only the Auth address the console signs in is', async () => {
    const email = uniqueEmail('own-address');
    await addStaff(t, email);
    const { client } = await authSession(t, email);
    expect((await client.rpc('console_whoami')).data).toEqual({ email, staff: false });
    expect((await client.rpc('console_signups', signupArgs({}))).error?.code).toBe('42501');
    expect((await client.from('waitlist_signups').select('id')).data).toEqual([]);
  });
});

describe('the staff table', () => {
  it('takes plain lower-case addresses only', async () => {
    for (const bad of ['Ada@Example.com', 'not-an-address', 'a<b@example.com>', '']) {
      const { error } = await t.service.from('staff').insert({ email: bad });
      expect([bad, error?.code]).toEqual([bad, '23514']);
    }
    await addStaff(t, uniqueEmail('plain'));
  });
});

describe('console_signups', () => {
  const tag = `list${Date.now().toString(36)}`;
  const day = (n: number) => new Date(Date.UTC(2024, 0, n, 12)).toISOString();
  beforeAll(async () => {
    // Five per list, one a day from 2024-01-01, confirmed on odd days; addresses sort z → v.
    for (const [table, extra] of [
      ['early_access_signups', {}],
      ['newsletter_subscriptions', {}],
      ['waitlist_signups', { first_name: 'Grace', last_name: 'Hopper', company: 'Navy' }],
    ] as const) {
      for (let i = 1; i <= 5; i += 1) {
        const { error } = await t.service.from(table).insert({
          ...extra,
          email: `${'zyxwv'[i - 1]}.${tag}@example.com`,
          created_at: day(i),
          confirmed_at: i % 2 === 1 ? day(i) : null,
        });
        expect(error).toBeNull();
      }
    }
  });
  const list = (args: Record<string, unknown>) =>
    staff.client.rpc('console_signups', signupArgs({ p_search: tag, ...args }));

  it('pages newest first by default, with the total and exactly the fields of each list', async () => {
    const { data, error } = await list({ p_form: 'early_access', p_limit: 2 });
    expect(error).toBeNull();
    expect(data.total).toBe(5);
    expect(data.rows.map((row: { email: string }) => row.email[0])).toEqual(['v', 'w']);
    expect(Object.keys(data.rows[0]).sort()).toEqual(
      ['confirmed_at', 'created_at', 'email', 'id', 'landing_path', 'source'].sort(),
    );
    const waitlist = await list({ p_form: 'waitlist', p_limit: 1, p_offset: 4 });
    expect(waitlist.data.total).toBe(5);
    expect(waitlist.data.rows).toEqual([
      {
        id: expect.any(String),
        email: `z.${tag}@example.com`,
        created_at: expect.stringMatching(/^2024-01-01T12:00:00/),
        confirmed_at: expect.stringMatching(/^2024-01-01T12:00:00/),
        first_name: 'Grace',
        last_name: 'Hopper',
        company: 'Navy',
        role: null,
        company_size: null,
        use_case: null,
        hear_about: null,
        invited_at: null,
        source: 'direct',
        landing_path: null,
      },
    ]);
  });

  it('sorts by address, either way, and pages past the end to nothing', async () => {
    const ascending = await list({ p_form: 'newsletter', p_sort: 'email', p_descending: false });
    expect(ascending.data.rows.map((row: { email: string }) => row.email[0])).toEqual([
      'v',
      'w',
      'x',
      'y',
      'z',
    ]);
    const descending = await list({ p_form: 'newsletter', p_sort: 'email', p_descending: true });
    expect(descending.data.rows.map((row: { email: string }) => row.email[0])).toEqual([
      'z',
      'y',
      'x',
      'w',
      'v',
    ]);
    expect((await list({ p_form: 'newsletter', p_offset: 5 })).data).toEqual({
      total: 5,
      rows: [],
    });
  });

  it('filters by UTC day, confirmation and invitation', async () => {
    const days = await list({ p_form: 'waitlist', p_from: '2024-01-02', p_to: '2024-01-03' });
    expect(days.data.total).toBe(2);
    const confirmed = await list({ p_form: 'early_access', p_confirmed: true });
    expect(confirmed.data.total).toBe(3);
    const unconfirmed = await list({ p_form: 'early_access', p_confirmed: false });
    expect(unconfirmed.data.total).toBe(2);
    expect((await list({ p_form: 'waitlist', p_invited: false })).data.total).toBe(5);
    expect((await list({ p_form: 'waitlist', p_invited: true })).data.total).toBe(0);
    // Nobody on the other lists is invited.
    expect((await list({ p_form: 'newsletter', p_invited: true })).data.total).toBe(0);
    expect((await list({ p_form: 'newsletter', p_invited: false })).data.total).toBe(5);
  });

  it('searches addresses in any letter case, and the waitlist by name and company too', async () => {
    expect(
      (await list({ p_search: `X.${tag.toUpperCase()}`, p_form: 'newsletter' })).data.total,
    ).toBe(1);
    const byName = await staff.client.rpc(
      'console_signups',
      signupArgs({ p_search: 'grace hop', p_from: '2024-01-01', p_to: '2024-01-05' }),
    );
    expect(byName.data.total).toBe(5);
    const byCompany = await staff.client.rpc(
      'console_signups',
      signupArgs({ p_search: 'NAVY', p_from: '2024-01-01', p_to: '2024-01-05' }),
    );
    expect(byCompany.data.total).toBe(5);
    // LIKE's wildcards are plain characters in a search.
    expect((await list({ p_search: '%', p_form: 'newsletter' })).data.total).toBe(0);
    expect((await list({ p_search: `_.${tag}`, p_form: 'newsletter' })).data.total).toBe(0);
  });

  it('refuses what it cannot answer with 22023', async () => {
    for (const args of [
      { p_form: 'career' },
      { p_form: null },
      { p_sort: 'last_name' },
      { p_limit: 201 },
      { p_limit: 0 },
      { p_offset: -1 },
      { p_search: 'x'.repeat(201) },
    ]) {
      const { error } = await list({ p_form: 'waitlist', ...args });
      expect([args, error?.code]).toEqual([args, '22023']);
    }
  });
});

describe('console_applications', () => {
  const tag = `apps${Date.now().toString(36)}`;
  beforeAll(async () => {
    const people = [
      ['Ada', 'lovelace', 'pending'],
      ['Grace', 'Hopper', 'reviewing'],
      ['Alan', 'Turing', 'pending'],
      ['Barbara', 'Liskov', 'offer'],
    ];
    for (const [index, [first, last, status]] of people.entries()) {
      await storeApplication(
        t,
        {
          first_name: first,
          last_name: last,
          email: `${first.toLowerCase()}.${tag}@example.com`,
          status,
          location: 'London',
          current_role: 'Engineer',
          created_at: new Date(Date.UTC(2024, 1, index + 1)).toISOString(),
        },
        { resume: index === 0 },
      );
    }
  });
  const list = (args: Record<string, unknown>) =>
    staff.client.rpc('console_applications', applicationArgs({ p_search: tag, ...args }));

  it('pages with the list fields, newest first', async () => {
    const { data, error } = await list({ p_limit: 2 });
    expect(error).toBeNull();
    expect(data.total).toBe(4);
    expect(data.rows).toEqual([
      {
        id: expect.any(String),
        first_name: 'Barbara',
        last_name: 'Liskov',
        email: `barbara.${tag}@example.com`,
        created_at: expect.stringMatching(/^2024-02-04T00:00:00/),
        status: 'offer',
        current_role: 'Engineer',
        location: 'London',
        resume_filename: null,
        source: 'direct',
        landing_path: null,
      },
      expect.objectContaining({ first_name: 'Alan' }),
    ]);
  });

  it('sorts by last name in any letter case, filters by status and day, and finds full names', async () => {
    const byName = await list({ p_sort: 'last_name', p_descending: false });
    expect(byName.data.rows.map((row: { last_name: string }) => row.last_name)).toEqual([
      'Hopper',
      'Liskov',
      'lovelace',
      'Turing',
    ]);
    const pending = await list({ p_status: 'pending' });
    expect(pending.data.rows.map((row: { first_name: string }) => row.first_name)).toEqual([
      'Alan',
      'Ada',
    ]);
    expect((await list({ p_from: '2024-02-02', p_to: '2024-02-02' })).data.total).toBe(1);
    const fullName = await staff.client.rpc(
      'console_applications',
      applicationArgs({ p_search: 'GRACE hopper', p_from: '2024-02-01', p_to: '2024-02-04' }),
    );
    expect(fullName.data.total).toBe(1);
    expect((await list({ p_status: 'hired' })).error?.code).toBe('22023');
    expect((await list({ p_sort: 'status' })).error?.code).toBe('22023');
  });
});

describe('console_signups_per_day', () => {
  it('counts each form per UTC day, leaving out empty days', async () => {
    const at = (iso: string) => ({ created_at: iso });
    await t.service.from('early_access_signups').insert([
      { email: uniqueEmail('day'), ...at('2023-03-01T00:00:00Z') },
      { email: uniqueEmail('day'), ...at('2023-03-01T23:59:59Z') },
      { email: uniqueEmail('day'), ...at('2023-03-03T10:00:00Z') },
    ]);
    await t.service
      .from('newsletter_subscriptions')
      .insert({ email: uniqueEmail('day'), ...at('2023-03-02T00:00:00+01:00') });
    await storeWaitlistSignup(t, at('2023-03-02T12:00:00Z'));
    await storeApplication(t, at('2023-03-03T12:00:00Z'));
    // Outside the range.
    await t.service
      .from('early_access_signups')
      .insert({ email: uniqueEmail('day'), ...at('2023-03-04T00:00:00Z') });
    const { data, error } = await staff.client.rpc('console_signups_per_day', {
      p_from: '2023-03-01',
      p_to: '2023-03-03',
    });
    expect(error).toBeNull();
    expect(data).toEqual([
      { day: '2023-03-01', form: 'early_access', count: 2 },
      // 2023-03-02T00:00+01:00 is still the 1st in UTC.
      { day: '2023-03-01', form: 'newsletter', count: 1 },
      { day: '2023-03-02', form: 'waitlist', count: 1 },
      { day: '2023-03-03', form: 'career', count: 1 },
      { day: '2023-03-03', form: 'early_access', count: 1 },
    ]);
  });
});

describe('one application', () => {
  it('comes with every field and its history, and each read is logged', async () => {
    const { id, email } = await storeApplication(t, { phone: '+44 20 7946 0000' });
    const { data, error } = await staff.client.rpc('console_application', { p_id: id });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id,
      email,
      first_name: 'Ada',
      phone: '+44 20 7946 0000',
      why_join: 'To build it.',
      status: 'pending',
      resume_path: null,
      history: [],
    });
    const { data: stored } = await t.service
      .from('general_applications')
      .select('*')
      .eq('id', id)
      .single();
    expect(Object.keys(data).sort()).toEqual([...Object.keys(stored), 'history'].sort());
    expect(await auditLines(t, { subject_id: id })).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        actor: staff.email,
        action: 'read_application',
        subject_kind: 'application',
        subject_id: id,
        subject_mailbox: email,
        detail: {},
      },
    ]);
  });

  it('is null when there is none, and nothing is logged', async () => {
    const missing = '00000000-0000-4000-8000-000000000001';
    expect((await staff.client.rpc('console_application', { p_id: missing })).data).toBeNull();
    expect(await auditLines(t, { subject_id: missing })).toEqual([]);
  });

  it('says where a résumé is, to staff only, and logs it; staff read it through console-resume', async () => {
    const { id, email, resumePath } = await storeApplication(t, {}, { resume: true });
    const { data, error } = await staff.client.rpc('console_open_resume', { p_id: id });
    expect(error).toBeNull();
    expect(data).toEqual({ path: resumePath, filename: 'Ada CV.pdf' });
    expect(await auditLines(t, { subject_id: id })).toEqual([
      expect.objectContaining({
        actor: staff.email,
        action: 'open_resume',
        subject_mailbox: email,
        detail: {},
      }),
    ]);
    expect((await outsider.client.rpc('console_open_resume', { p_id: id })).error?.code).toBe(
      '42501',
    );

    // The path opens nothing by itself: no session signs, downloads, lists, writes or removes
    // (console-resume.test.ts has the download itself).
    for (const client of [staff.client, outsider.client, t.anon]) {
      const bucket = client.storage.from('applications');
      expect((await bucket.createSignedUrl(resumePath as string, 60)).data).toBeNull();
      expect((await bucket.download(resumePath as string)).data).toBeNull();
      expect((await bucket.list('resumes')).data ?? []).toEqual([]);
    }
    const overwrite = await staff.client.storage
      .from('applications')
      .upload(resumePath as string, new Uint8Array([37, 80, 68, 70, 45]), { upsert: true });
    expect(overwrite.error).not.toBeNull();
    const removal = await staff.client.storage.from('applications').remove([resumePath as string]);
    expect(removal.data ?? []).toEqual([]);
    expect(
      (await t.service.storage.from('applications').download(resumePath as string)).error,
    ).toBeNull();
  });

  it('has no résumé to open when none was sent', async () => {
    const { id } = await storeApplication(t);
    expect((await staff.client.rpc('console_open_resume', { p_id: id })).data).toBeNull();
    expect(await auditLines(t, { subject_id: id })).toEqual([]);
  });
});

describe('the application workflow', () => {
  const change = (id: string, status: string | null, note: string | null = null) =>
    staff.client.rpc('console_change_application_status', {
      p_id: id,
      p_status: status,
      p_note: note,
    });
  const notAllowed = { code: '22023', message: 'That status change is not allowed' };

  it('goes pending → reviewing → interviewing → offer, keeping each step, and offer is final', async () => {
    const { id, email } = await storeApplication(t);
    const first = await change(id, 'reviewing', '  Strong portfolio.  ');
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({
      id,
      status: 'reviewing',
      history: [
        {
          id: expect.any(Number),
          from_status: 'pending',
          to_status: 'reviewing',
          note: '  Strong portfolio.  ',
          changed_by: staff.email,
          changed_at: expect.any(String),
        },
      ],
    });
    expect((await change(id, 'interviewing')).error).toBeNull();
    const offer = await change(id, 'offer', 'Offer sent.');
    expect(offer.data.status).toBe('offer');
    expect(
      offer.data.history.map((step: { from_status: string; to_status: string }) => [
        step.from_status,
        step.to_status,
      ]),
    ).toEqual([
      ['pending', 'reviewing'],
      ['reviewing', 'interviewing'],
      ['interviewing', 'offer'],
    ]);
    for (const next of ['rejected', 'withdrawn', 'interviewing', 'pending', 'offer']) {
      expect((await change(id, next)).error).toMatchObject(notAllowed);
    }
    expect(
      (await auditLines(t, { subject_id: id, action: 'change_status' })).map((line) => [
        line.actor,
        line.subject_mailbox,
        line.detail,
      ]),
    ).toEqual([
      [staff.email, email, { from: 'pending', to: 'reviewing', note: '  Strong portfolio.  ' }],
      [staff.email, email, { from: 'reviewing', to: 'interviewing' }],
      [staff.email, email, { from: 'interviewing', to: 'offer', note: 'Offer sent.' }],
    ]);
  });

  it('allows rejected and withdrawn from any status that is not final, and nothing after them', async () => {
    for (const [path, end] of [
      [[], 'rejected'],
      [['reviewing'], 'withdrawn'],
      [['reviewing', 'interviewing'], 'rejected'],
      [[], 'withdrawn'],
    ] as const) {
      const { id } = await storeApplication(t);
      for (const step of path) expect((await change(id, step)).error).toBeNull();
      expect((await change(id, end)).data.status).toBe(end);
      for (const next of ['pending', 'reviewing', 'rejected', 'withdrawn', 'offer']) {
        expect((await change(id, next)).error).toMatchObject(notAllowed);
      }
    }
  });

  it('refuses skipping, going back, staying, and statuses that do not exist', async () => {
    const { id } = await storeApplication(t);
    for (const next of ['interviewing', 'offer', 'pending', 'hired', 'Reviewing', '', null]) {
      expect([next, (await change(id, next)).error]).toEqual([
        next,
        expect.objectContaining(notAllowed),
      ]);
    }
    await change(id, 'reviewing');
    for (const next of ['pending', 'reviewing', 'offer']) {
      expect((await change(id, next)).error).toMatchObject(notAllowed);
    }
    expect(await auditLines(t, { subject_id: id, action: 'change_status' })).toHaveLength(1);
  });

  it('takes a note of at most 2000 characters, and a blank one as none', async () => {
    const { id } = await storeApplication(t);
    expect((await change(id, 'reviewing', 'x'.repeat(2001))).error).toMatchObject({
      code: '22023',
      message: 'The note is at most 2000 characters',
    });
    const blank = await change(id, 'reviewing', ' \u00a0\u200b ');
    expect(blank.data.history[0].note).toBeNull();
    const full = await change(id, 'interviewing', 'x'.repeat(2000));
    expect(full.data.history[1].note).toHaveLength(2000);
  });

  it('answers 404 for an application that does not exist', async () => {
    const { status, error } = await change('00000000-0000-4000-8000-000000000002', 'reviewing');
    expect([status, error?.code, error?.message]).toEqual([404, 'PT404', 'No such application']);
  });

  it("turned the old 'hired' into 'offer', and the table takes only the workflow's statuses", async () => {
    const { id } = await storeApplication(t);
    for (const status of ['hired', 'accepted']) {
      const { error } = await t.service
        .from('general_applications')
        .update({ status })
        .eq('id', id);
      expect(error?.code).toBe('23514');
    }
    for (const status of ['offer', 'withdrawn']) {
      const { error } = await t.service
        .from('general_applications')
        .update({ status })
        .eq('id', id);
      expect(error).toBeNull();
    }
  });
});

describe('the audit log', () => {
  let line: Record<string, unknown>;
  beforeAll(async () => {
    const { id } = await storeApplication(t);
    await staff.client.rpc('console_application', { p_id: id });
    [line] = await auditLines(t, { subject_id: id });
  });
  const fresh = {
    actor: 'someone@example.com',
    action: 'export',
    subject_kind: 'newsletter',
    detail: {},
  };

  it('staff read, and cannot add, change or delete a line', async () => {
    const { data } = await staff.client.from('staff_audit_log').select('*').eq('id', line.id);
    expect(data).toEqual([line]);
    expect((await staff.client.from('staff_audit_log').insert(fresh)).error?.code).toBe('42501');
    expect(
      (
        await staff.client
          .from('staff_audit_log')
          .update({ actor: 'x@example.com' })
          .eq('id', line.id)
      ).error?.code,
    ).toBe('42501');
    expect(
      (await staff.client.from('staff_audit_log').delete().eq('id', line.id)).error?.code,
    ).toBe('42501');
    expect(
      (
        await staff.client
          .from('application_status_changes')
          .insert({ application_id: line.subject_id })
      ).error?.code,
    ).toBe('42501');
  });

  it('the service role reads, and cannot add, change or delete a line either', async () => {
    expect((await t.service.from('staff_audit_log').select('id').eq('id', line.id)).data).toEqual([
      { id: line.id },
    ]);
    expect((await t.service.from('staff_audit_log').insert(fresh)).error?.code).toBe('42501');
    expect(
      (await t.service.from('staff_audit_log').update({ detail: {} }).eq('id', line.id)).error
        ?.code,
    ).toBe('42501');
    expect((await t.service.from('staff_audit_log').delete().eq('id', line.id)).error?.code).toBe(
      '42501',
    );
    expect(
      (await t.service.from('application_status_changes').delete().neq('id', 0)).error?.code,
    ).toBe('42501');
    expect(await auditLines(t, { subject_id: line.subject_id as string })).toEqual([line]);
  });
});

describe('the CSV export functions', () => {
  const rowsOf = (exportId: unknown, after: Record<string, unknown> = {}, client = staff.client) =>
    client.rpc('console_export_rows', {
      p_export: exportId,
      p_after_created_at: null,
      p_after_id: null,
      p_limit: null,
      ...after,
    });
  const logExport = async (
    kind: string,
    filter: Record<string, unknown>,
    client = staff.client,
  ) => {
    const { data, error } = await client.rpc('console_log_export', {
      p_kind: kind,
      p_filter: filter,
    });
    expect(error).toBeNull();
    return data as number;
  };

  it("log the export with its filter and answer the line's id", async () => {
    const filter = { search: 'ada', status: 'offer', from: '2025-01-01', to: '2025-01-31' };
    const id = await logExport('applications', filter);
    expect(Number.isSafeInteger(id)).toBe(true);
    const lines = await auditLines(t, { actor: staff.email, action: 'export' });
    expect(lines.at(-1)).toEqual({
      id,
      at: expect.any(String),
      actor: staff.email,
      action: 'export',
      subject_kind: 'application',
      subject_id: null,
      subject_mailbox: null,
      detail: { kind: 'applications', filter },
    });
    for (const [kind, ok] of [
      ['early_access', { search: 'x', from: '2024-02-29', to: '2024-02-29', confirmed: false }],
      ['newsletter', { confirmed: true }],
      ['waitlist', { search: 'x'.repeat(200), confirmed: true, invited: false }],
      ['applications', {}],
    ] as const) {
      expect([kind, (await rowsOf(await logExport(kind, ok))).error]).toEqual([kind, null]);
    }
    expect(
      (await staff.client.rpc('console_log_export', { p_kind: 'waitlist', p_filter: null })).error,
    ).toBeNull();
  });

  it('refuse a list or a filter the export does not have, with 22023, and log nothing', async () => {
    const before = (await auditLines(t, { actor: staff.email, action: 'export' })).length;
    for (const [kind, filter] of [
      ['career', {}],
      [null, {}],
      ['waitlist', []],
      ['waitlist', 7],
      ['waitlist', { search: 'x'.repeat(201) }],
      ['waitlist', { search: 7 }],
      ['waitlist', { search: null }],
      ['waitlist', { sort: 'email' }],
      ['waitlist', { note: 'made up' }],
      ['waitlist', { from: '2025-02-30' }],
      ['waitlist', { from: '2025-1-1' }],
      ['waitlist', { to: '01/02/2025' }],
      ['waitlist', { from: '2025-02-02', to: '2025-02-01' }],
      ['waitlist', { confirmed: 'true' }],
      ['waitlist', { status: 'offer' }],
      ['newsletter', { invited: true }],
      ['early_access', { invited: false }],
      ['applications', { confirmed: true }],
      ['applications', { invited: true }],
      ['applications', { status: 'hired' }],
      ['applications', { status: ['offer'] }],
    ] as const) {
      const { data, error } = await staff.client.rpc('console_log_export', {
        p_kind: kind,
        p_filter: filter,
      });
      expect([kind, filter, error?.code, data]).toEqual([kind, filter, '22023', null]);
    }
    expect(await auditLines(t, { actor: staff.email, action: 'export' })).toHaveLength(before);
  });

  it("page through the rows of the line's list and filter by (created_at, id), whole rows", async () => {
    const tag = `export${Date.now().toString(36)}`;
    const sameMoment = '2022-05-05T05:05:05Z';
    for (let i = 0; i < 7; i += 1) {
      await t.service.from('newsletter_subscriptions').insert({
        email: `n${i}.${tag}@example.com`,
        created_at: i < 4 ? sameMoment : `2022-05-0${i + 1}T00:00:00Z`,
      });
    }
    // The same rows on another list: an export of the newsletter never reads them.
    await t.service.from('early_access_signups').insert({ email: `e.${tag}@example.com` });
    const id = await logExport('newsletter', { search: tag });
    const pages: Array<Array<Record<string, string>>> = [];
    let after: { p_after_created_at: string | null; p_after_id: string | null } = {
      p_after_created_at: null,
      p_after_id: null,
    };
    for (;;) {
      const { data, error } = await rowsOf(id, { ...after, p_limit: 3 });
      expect(error).toBeNull();
      if (data.length === 0) break;
      pages.push(data);
      const last = data[data.length - 1];
      after = { p_after_created_at: last.created_at, p_after_id: last.id };
    }
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    const rows = pages.flat();
    expect(new Set(rows.map((row) => row.id)).size).toBe(7);
    expect(rows.every((row) => row.email.startsWith('n'))).toBe(true);
    const order = rows.map((row) => [Date.parse(row.created_at), row.id]);
    expect(order).toEqual(
      [...order].sort((a, b) =>
        a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : Number(a[0]) - Number(b[0]),
      ),
    );
    expect(Object.keys(rows[0]).sort()).toEqual(
      [
        'confirmed_at',
        'created_at',
        'email',
        'id',
        'legacy_duplicate_mailbox',
        'thank_you_sent_at',
        // Where the sign-up came from (migration 20251129000000), and the source label the console
        // groups by (20251129000100).
        'utm_source',
        'utm_medium',
        'utm_campaign',
        'referrer_host',
        'landing_path',
        'source',
      ].sort(),
    );
  });

  it('export applications by status, and refuse a half cursor or a page over 1000', async () => {
    const tag = `exportapps${Date.now().toString(36)}`;
    for (const status of ['pending', 'rejected', 'rejected']) {
      await storeApplication(t, { email: `${status}.${uniqueEmail(tag)}`, status });
    }
    const id = await logExport('applications', { search: tag, status: 'rejected' });
    const { data } = await rowsOf(id);
    expect(data.map((row: { status: string }) => row.status)).toEqual(['rejected', 'rejected']);
    expect(data[0]).toHaveProperty('why_join', 'To build it.');
    for (const bad of [{ p_after_id: '00000000-0000-4000-8000-000000000000' }, { p_limit: 1001 }]) {
      expect((await rowsOf(id, bad)).error?.code).toBe('22023');
    }
  });

  it("read rows only through the caller's own export line, written within the hour", async () => {
    const id = await logExport('waitlist', { confirmed: true });
    const colleague = await staffSession(t, 'exporter');
    const theirs = await rowsOf(id, {}, colleague.client);
    expect([theirs.status, theirs.error?.code, theirs.error?.message, theirs.data]).toEqual([
      403,
      '42501',
      'That export was logged by another staff member',
      null,
    ]);
    // A line that is not an export, and one that does not exist.
    const application = await storeApplication(t);
    await staff.client.rpc('console_application', { p_id: application.id });
    const [read] = await auditLines(t, { subject_id: application.id });
    for (const notAnExport of [read.id, 999_999_999, null]) {
      const { error, data } = await rowsOf(notAnExport);
      expect([notAnExport, error?.code, error?.message, data]).toEqual([
        notAnExport,
        '22023',
        'No such export: log it first (console_log_export) and page with its id',
        null,
      ]);
    }
    // An hour-old line: migrations.test.ts, which can write the log's clock.
  });
});
