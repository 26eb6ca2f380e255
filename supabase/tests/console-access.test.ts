import { uniqueEmail, type TestServer } from '@agentora/local-supabase/testing';
import { signInToConsole } from './test-support/console-sign-in.ts';
import { storeSignUp } from './test-support/sign-ups.ts';
import {
  addStaff,
  applicationArgs,
  authSession,
  claimsOf,
  sessionClient,
  signupArgs,
  staffSession,
  startConsoleServer,
  storeApplication,
  storeWaitlistSignup,
  tokenClient,
  type SignedInMember,
} from './test-support/console.ts';

// The console's data through the real server (PGlite, or PostgreSQL in test-postgres): who may read what:
// every console table and function refused to anonymous callers, outsiders and forged claims, and open to
// staff; Supabase Auth's own sessions; the staff table and its policies (supabase/schemas/staff.sql; the
// console's functions also in console-lists.sql and console-growth.sql); how the sessions are made:
// test-support/console.ts, startConsoleServer.

let t: TestServer;
let staff: SignedInMember;
let outsider: SignedInMember;
beforeAll(async () => ({ t, staff, outsider } = await startConsoleServer()));
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
    await storeSignUp(t.service, 'early_access_signups', { email: uniqueEmail('reader') });
    await storeSignUp(t.service, 'newsletter_subscriptions', { email: uniqueEmail('reader') });
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
