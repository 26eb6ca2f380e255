import {
  DEFAULT_MIGRATIONS_DIR,
  asCaller,
  freshPostgresDatabase,
  listMigrations,
  migrate,
  openDatabase,
  type ApiRole,
  type Database,
  type FreshDatabase,
} from '@agentora/local-supabase/testing';
import { RESUME_MAX_BYTES } from '../functions/_shared/rules/resume-file.ts';

// The migrations' security model checked in SQL, below any HTTP layer: what each API role may do.
let database: Database;

const TABLES = [
  'early_access_signups',
  'newsletter_subscriptions',
  'waitlist_signups',
  'general_applications',
] as const;
/**
 * The lists' tables: written only by public.sign_up, which the function sign-up calls with the service
 * role; applications come through submit-application (service role). Anon inserts into none.
 */
const SIGNUP_TABLES = [
  'early_access_signups',
  'newsletter_subscriptions',
  'waitlist_signups',
] as const;
const LIST_OF: Record<(typeof SIGNUP_TABLES)[number], string> = {
  early_access_signups: 'early_access',
  newsletter_subscriptions: 'newsletter',
  waitlist_signups: 'waitlist',
};

const as = (role: ApiRole, sql: string, values: unknown[] = []) =>
  asCaller(database, { role, claims: { role } }, (db) => db.query(sql, values));
const asSuperuser = (sql: string, values: unknown[] = []) =>
  database.transaction((db) => db.query(sql, values));

let seq = 0;
const email = () => `person${(seq += 1)}.${Date.now()}@example.com`;

const validRow = (table: (typeof TABLES)[number]): Record<string, string> => {
  switch (table) {
    case 'waitlist_signups':
      return {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: email(),
        company: 'Analytical Engines',
      };
    case 'general_applications':
      return {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: email(),
        why_join: 'Agents!',
      };
    default:
      return { email: email() };
  }
};

function insertSql(table: string, row: Record<string, unknown>): [string, unknown[]] {
  const columns = Object.keys(row);
  return [
    `insert into public.${table} (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
    Object.values(row),
  ];
}
const insertAs = (role: ApiRole, table: string, row: Record<string, unknown>) =>
  as(role, ...insertSql(table, row));
/** public.sign_up as the function sign-up calls it: its answer ({outcome, email_sent}). */
const signUpAs = (
  role: ApiRole,
  table: (typeof SIGNUP_TABLES)[number],
  row: Record<string, unknown>,
): Promise<Record<string, unknown>> =>
  as(role, 'select public.sign_up($1, $2::jsonb, $3) as answer', [
    LIST_OF[table],
    JSON.stringify(row),
    '198.51.100.1',
  ]).then(({ rows }) => rows[0].answer as Record<string, unknown>);

let postgres: FreshDatabase | undefined;

beforeAll(async () => {
  // PGlite in memory, or a fresh database on the test PostgreSQL (LOCAL_SUPABASE_TEST_POSTGRES_URL).
  postgres = await freshPostgresDatabase();
  database = await openDatabase({ databaseUrl: postgres?.url });
  await migrate(database, DEFAULT_MIGRATIONS_DIR);
  // Without request headers every statement here counts for one client address.
  await asSuperuser('update public.rate_limit_rules set max_requests = 1000000');
});
afterAll(async () => {
  await database.close();
  await postgres?.drop();
});

describe("the résumé bucket's limit", () => {
  it("is the functions' and the form's limit: the same number of bytes", async () => {
    const { rows } = await asSuperuser(
      `select file_size_limit from storage.buckets where id = 'applications'`,
    );
    expect(Number(rows[0].file_size_limit)).toBe(RESUME_MAX_BYTES);
  });
});

describe('functions reachable through the Data API', () => {
  // PostgreSQL gives EXECUTE on every new function to PUBLIC, whatever the default privileges of the API
  // roles say, on hosted Supabase as here: a migration that forgets `revoke … from public` exposes its
  // function at /rest/v1/rpc. One in public is for the site's visitors (the shell's remote health report,
  // supabase/schemas/reports.sql); the console's functions are for signed-in sessions, and check for
  // staff themselves (console-access.test.ts).
  const reachable = (role: ApiRole) =>
    asSuperuser(
      `select p.oid::regprocedure::text as name
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and has_function_privilege($1, p.oid, 'execute')
        order by 1`,
      [role],
    ).then(({ rows }) => rows.map((row) => row.name as string));

  it('anon may execute exactly the remote health report', async () => {
    expect(await reachable('anon')).toEqual(['report_remote_health(text,text,text)']);
  });

  it('authenticated may execute exactly the console functions', async () => {
    expect(await reachable('authenticated')).toEqual([
      'console_application(uuid)',
      'console_applications(text,date,date,text,text,boolean,integer,integer,text)',
      'console_audience()',
      'console_audience_states(text,jsonb)',
      'console_cancel_wave(bigint)',
      'console_change_application_status(uuid,text,text)',
      'console_csp_violations(integer,integer)',
      'console_export_rows(bigint,timestamp with time zone,uuid,integer)',
      'console_growth(date,date)',
      'console_invite_wave(text,integer,boolean)',
      'console_invite_wave(text,integer,integer,jsonb,timestamp with time zone,integer,boolean,text)',
      'console_log_export(text,jsonb)',
      'console_mail_states(text,jsonb)',
      'console_mail_suppressions(integer,integer)',
      'console_open_resume(uuid)',
      'console_referrals(date,date,boolean,integer,integer)',
      'console_signups(text,text,date,date,boolean,boolean,text,boolean,integer,integer,text)',
      'console_signups_per_day(date,date)',
      'console_wave(bigint)',
      'console_wave_reminder(bigint,integer)',
      'console_waves(text,integer,integer)',
      'console_whoami()',
    ]);
  });
});

describe('migrations', () => {
  it('are recorded in the CLI history table, so a second run applies nothing', async () => {
    const versions = (await listMigrations(DEFAULT_MIGRATIONS_DIR)).map((m) => m.version);
    expect(versions.length).toBeGreaterThanOrEqual(3);
    const { rows } = await asSuperuser(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    expect(rows.map((r) => r.version)).toEqual(versions);
    expect(await migrate(database, DEFAULT_MIGRATIONS_DIR)).toEqual([]);
  });

  it('enable and force row-level security on every table', async () => {
    const { rows } = await asSuperuser(
      `select relname, relrowsecurity, relforcerowsecurity from pg_class
        where relnamespace = 'public'::regnamespace and relkind = 'r' order by relname`,
    );
    expect(rows).toEqual(
      [
        ...TABLES,
        'rate_limit_rules',
        'email_tokens',
        'email_suppressions',
        'resume_removals',
        'retention_settings',
        'mail_queue',
        'mail_send_pace',
        'remote_health',
        'remote_health_reports',
        'staff',
        'application_status_changes',
        'staff_audit_log',
        'visit_counts',
        'csp_violations',
        'mail_delivery_events',
        'launch_waves',
        'invitations',
        'mail_suppressions',
        'audience_segments',
        'audience_contacts',
        'audience_scan',
      ]
        .sort()
        .map((relname) => ({ relname, relrowsecurity: true, relforcerowsecurity: true })),
    );
  });
});

describe.each(SIGNUP_TABLES)('%s', (table) => {
  it('takes the form fields through public.sign_up only: anon may not insert them', async () => {
    await expect(insertAs('anon', table, validRow(table))).rejects.toMatchObject({
      code: '42501',
    });
    await expect(signUpAs('service_role', table, validRow(table))).resolves.toEqual({
      outcome: 'stored',
      email_sent: true,
    });
    for (const role of ['anon', 'authenticated'] as const)
      await expect(signUpAs(role, table, validRow(table))).rejects.toMatchObject({
        code: '42501',
      });
  });

  it('anon cannot read, update or delete anything', async () => {
    await signUpAs('service_role', table, validRow(table));
    for (const sql of [
      `select * from public.${table}`,
      `select count(*) from public.${table}`,
      `update public.${table} set email = 'x@example.com'`,
      `delete from public.${table}`,
    ]) {
      await expect(as('anon', sql)).rejects.toMatchObject({ code: '42501' });
    }
  });

  it('cannot set id, created_at, thank_you_sent_at or confirmed_at', async () => {
    for (const extra of [
      { id: '00000000-0000-0000-0000-000000000001' },
      { created_at: '2000-01-01T00:00:00Z' },
      { thank_you_sent_at: '2000-01-01T00:00:00Z' },
      { confirmed_at: '2000-01-01T00:00:00Z' },
    ]) {
      const row = validRow(table);
      await expect(signUpAs('service_role', table, { ...row, ...extra })).rejects.toMatchObject({
        code: '22023',
      });
      const { rows } = await asSuperuser(`select id from public.${table} where email = $1`, [
        row.email,
      ]);
      expect(rows).toEqual([]);
    }
  });

  it('gets 23505 for the same email in another letter case, which public.sign_up answers as a duplicate', async () => {
    const row = validRow(table);
    await signUpAs('service_role', table, row);
    await expect(
      signUpAs('service_role', table, { ...row, email: row.email.toUpperCase() }),
    ).resolves.toEqual({ outcome: 'duplicate' });
    await expect(
      insertAs('service_role', table, { ...row, email: row.email.toUpperCase() }),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('gets 23514 for a malformed or over-long email, which public.sign_up answers as invalid', async () => {
    for (const bad of [
      'no-at-sign.example.com',
      'two@@example.com',
      'spaces in@example.com',
      'nodot@example',
      `${'a'.repeat(250)}@example.com`,
    ]) {
      await expect(
        signUpAs('service_role', table, { ...validRow(table), email: bad }),
      ).resolves.toEqual({ outcome: 'invalid' });
      await expect(
        insertAs('service_role', table, { ...validRow(table), email: bad }),
      ).rejects.toMatchObject({ code: '23514' });
    }
  });
});

describe('general_applications as anon', () => {
  it('cannot insert at all: applications come through submit-application', async () => {
    await expect(
      insertAs('anon', 'general_applications', validRow('general_applications')),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('cannot read, update or delete anything', async () => {
    for (const sql of [
      'select * from public.general_applications',
      `update public.general_applications set status = 'offer'`,
      'delete from public.general_applications',
    ]) {
      await expect(as('anon', sql)).rejects.toMatchObject({ code: '42501' });
    }
  });
});

describe('authenticated (the console; staff are checked in console-access.test.ts)', () => {
  it('may not write any table, and a session that is not staff reads no row', async () => {
    for (const table of TABLES) {
      await expect(insertAs('authenticated', table, validRow(table))).rejects.toMatchObject({
        code: '42501',
      });
      await expect(as('authenticated', `delete from public.${table}`)).rejects.toMatchObject({
        code: '42501',
      });
      if (table === 'general_applications') continue;
      const { rows } = await as('authenticated', `select * from public.${table}`);
      expect(rows).toEqual([]);
    }
  });

  it('may not read applications or their history at all: only the logged console functions show them', async () => {
    for (const table of ['general_applications', 'application_status_changes']) {
      await expect(as('authenticated', `select * from public.${table}`)).rejects.toMatchObject({
        code: '42501',
      });
    }
    const { rows } = await asSuperuser(
      `select tablename, policyname from pg_policies
        where schemaname = 'public' and tablename in ('general_applications', 'application_status_changes')`,
    );
    expect(rows).toEqual([]);
  });
});

describe("a staff session: a live Auth session of the staff member's Auth address", () => {
  // Users and sessions as the local Auth writes them (tools/local-supabase/src/auth/users.ts,
  // sessions.ts): for a staff address, of its Auth address (public.staff.auth_email,
  // supabase/schemas/staff.sql), unless `ownAddress`; for any other, of the address itself.
  async function signedIn(
    email: string,
    ownAddress = false,
  ): Promise<{ sub: string; sessionId: string; authEmail: string }> {
    const { rows } = await asSuperuser(
      `with u as (
         insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data,
                                 raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous)
         values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated',
                 'authenticated',
                 coalesce((select auth_email from public.staff where email = $1 and not $2), $1),
                 now(), '{"provider": "email", "providers": ["email"]}', '{}', now(), now(), false, false)
         returning id, email)
       insert into auth.sessions (id, user_id, created_at, updated_at, user_agent, ip)
       select gen_random_uuid(), u.id, now(), now(), 'jest', '127.0.0.1'::inet from u
       returning user_id::text as sub, id::text as session_id,
                 (select email from u) as auth_email`,
      [email, ownAddress],
    );
    return {
      sub: rows[0].sub as string,
      sessionId: rows[0].session_id as string,
      authEmail: rows[0].auth_email as string,
    };
  }
  const claimsOf = (email: string, sub: string, sessionId: unknown) => ({
    role: 'authenticated',
    aud: 'authenticated',
    sub,
    email,
    session_id: sessionId,
    amr: [{ method: 'otp', timestamp: 1 }],
    is_anonymous: false,
  });
  const asSession = (claims: Record<string, unknown>, sql: string, values: unknown[] = []) =>
    asCaller(database, { role: 'authenticated', claims }, (db) => db.query(sql, values));
  const isStaff = async (claims: Record<string, unknown>) =>
    (await asSession(claims, 'select private.is_staff() as staff')).rows[0].staff as boolean;

  const staff = email();
  let session: { sub: string; sessionId: string; authEmail: string };
  beforeAll(async () => {
    await asSuperuser('insert into public.staff (email) values ($1)', [staff]);
    session = await signedIn(staff);
  });

  it('is staff while its session lives and not after: no session, another, or one of another user', async () => {
    expect(await isStaff(claimsOf(session.authEmail, session.sub, session.sessionId))).toBe(true);
    // Any letter case of the claim, as Auth may have kept the address.
    expect(
      await isStaff(claimsOf(session.authEmail.toUpperCase(), session.sub, session.sessionId)),
    ).toBe(true);
    const other = await signedIn(email());
    // An Auth user under the staff address itself: what Auth's own sign-in made before; never staff.
    const own = await signedIn(staff, true);
    for (const [why, claims] of [
      [
        'a made-up session',
        claimsOf(session.authEmail, session.sub, '00000000-0000-4000-8000-000000000009'),
      ],
      ['a session_id that is not a uuid', claimsOf(session.authEmail, session.sub, 'not-a-uuid')],
      ['a session_id that is a number', claimsOf(session.authEmail, session.sub, 7)],
      ['no session_id', claimsOf(session.authEmail, session.sub, undefined)],
      ['a sub that is not a uuid', claimsOf(session.authEmail, 'nobody', session.sessionId)],
      ['the session of another user', claimsOf(session.authEmail, other.sub, other.sessionId)],
      ['the sub of another user', claimsOf(session.authEmail, other.sub, session.sessionId)],
      ['the staff address in the claim', claimsOf(staff, session.sub, session.sessionId)],
      ['a session of the staff address itself', claimsOf(staff, own.sub, own.sessionId)],
    ] as const) {
      expect([why, await isStaff(claims)]).toEqual([why, false]);
    }
  });

  it("respects the session's not_after, and ends with the session's row", async () => {
    const member = email();
    await asSuperuser('insert into public.staff (email) values ($1)', [member]);
    const live = await signedIn(member);
    const claims = claimsOf(live.authEmail, live.sub, live.sessionId);
    const notAfter = (at: string) =>
      asSuperuser(`update auth.sessions set not_after = ${at} where id = $1`, [live.sessionId]);
    await notAfter(`now() + interval '1 hour'`);
    expect(await isStaff(claims)).toBe(true);
    await notAfter(`now() - interval '1 second'`);
    expect(await isStaff(claims)).toBe(false);
    await notAfter('null');
    expect(await isStaff(claims)).toBe(true);
    await asSuperuser('delete from auth.sessions where id = $1', [live.sessionId]);
    expect(await isStaff(claims)).toBe(false);
  });

  it('reads an export only through its own line, written less than an hour ago', async () => {
    const claims = claimsOf(session.authEmail, session.sub, session.sessionId);
    const logged = async (at: string, actor = staff) =>
      (
        await asSuperuser(
          `insert into public.staff_audit_log (at, actor, action, subject_kind, detail)
           values (${at}, $1, 'export', 'newsletter', '{"kind": "newsletter", "filter": {}}')
           returning id`,
          [actor],
        )
      ).rows[0].id as string;
    const rows = (id: string) =>
      asSession(claims, 'select public.console_export_rows($1, null, null, 1) as r', [id]);
    await expect(rows(await logged(`now() - interval '59 minutes'`))).resolves.toMatchObject({
      rows: [{ r: expect.any(Array) }],
    });
    await expect(rows(await logged(`now() - interval '61 minutes'`))).rejects.toMatchObject({
      code: '22023',
      message: 'That export was logged more than an hour ago: log it again',
    });
    await expect(rows(await logged('now()', email()))).rejects.toMatchObject({
      code: '42501',
      message: 'That export was logged by another staff member',
    });
    // console_log_export's answer is that id.
    const { rows: mine } = await asSession(
      claims,
      `select public.console_log_export('waitlist', '{"invited": false}') as id`,
    );
    const { rows: line } = await asSuperuser(
      'select actor, action, detail from public.staff_audit_log where id = $1',
      [mine[0].id],
    );
    expect(line).toEqual([
      {
        actor: staff,
        action: 'export',
        detail: { kind: 'waitlist', filter: { invited: false } },
      },
    ]);
  });

  it('sees no résumé object, not even one whose opening it has just logged (migration 20251203000000)', async () => {
    const name = (tag: string) => `resumes/${Date.now()}-${tag.repeat(32)}.pdf`;
    const [opened, other] = [name('a'), name('b')];
    const { rows } = await asSuperuser(
      `insert into public.general_applications (first_name, last_name, email, why_join, resume_path,
                                                resume_filename)
       values ('Ada', 'Lovelace', $1, 'To build it.', $2, 'cv.pdf'), ('Grace', 'Hopper', $3, 'Ships.', $4, 'cv.pdf')
       returning id`,
      [email(), opened, email(), other],
    );
    for (const object of [opened, other]) {
      await asSuperuser(
        `insert into storage.objects (bucket_id, name) values ('applications', $1)`,
        [object],
      );
    }
    const visible = async () =>
      (
        await asSession(
          claimsOf(session.authEmail, session.sub, session.sessionId),
          `select name from storage.objects where bucket_id = 'applications' order by name`,
        )
      ).rows.map((row) => row.name);
    const logOpening = (actor: string, at: string) =>
      asSuperuser(
        `insert into public.staff_audit_log (at, actor, action, subject_kind, subject_id)
         values (${at}, $1, 'open_resume', 'application', $2)`,
        [actor, rows[0].id],
      );
    // Storage asks this select for signing, the authenticated download and the listing alike.
    expect(await visible()).toEqual([]);
    await logOpening(staff, `now() - interval '121 seconds'`);
    await logOpening(email(), 'now()');
    await logOpening(staff, 'now()');
    expect(await visible()).toEqual([]);
    // Nor for a session that is not a live one.
    expect(
      (
        await asSession(
          claimsOf(session.authEmail, session.sub, '00000000-0000-4000-8000-000000000008'),
          `select name from storage.objects`,
        )
      ).rows,
    ).toEqual([]);
  });
});

// The service role writes every table on the site: through public.sign_up for the lists (which answers a
// CHECK's 23514 as 'invalid') and submit-application for applications. The constraints hold for any role.
describe('CHECK constraints hold the option lists exactly', () => {
  const cases: Array<
    [table: 'waitlist_signups' | 'general_applications', column: string, allowed: string[]]
  > = [
    ['waitlist_signups', 'company_size', ['1-10', '11-50', '51-200', '201-1000', '1000+']],
    ['waitlist_signups', 'hear_about', ['search', 'social', 'referral', 'blog', 'event', 'other']],
    ['general_applications', 'experience_years', ['0-1', '1-3', '3-5', '5-10', '10+']],
    ['general_applications', 'availability', ['immediate', '2-weeks', '1-month', '2-months']],
    ['general_applications', 'work_preference', ['remote', 'hybrid', 'onsite', 'flexible']],
    [
      'general_applications',
      'hear_about_us',
      ['website', 'linkedin', 'referral', 'job-board', 'social-media', 'other'],
    ],
  ];

  it.each(cases)('%s.%s', async (table, column, allowed) => {
    const role: ApiRole = 'service_role';
    for (const value of allowed) {
      await expect(
        insertAs(role, table, { ...validRow(table), [column]: value }),
      ).resolves.toMatchObject({ rowCount: 1 });
    }
    await expect(
      insertAs(role, table, { ...validRow(table), [column]: null }),
    ).resolves.toMatchObject({ rowCount: 1 });
    for (const value of ['', 'Other', 'unknown']) {
      await expect(
        insertAs(role, table, { ...validRow(table), [column]: value }),
      ).rejects.toMatchObject({ code: '23514' });
    }
  });

  it('requires names, company and why_join to be non-blank', async () => {
    await expect(
      insertAs('service_role', 'waitlist_signups', {
        ...validRow('waitlist_signups'),
        company: '   ',
      }),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      insertAs('service_role', 'general_applications', {
        ...validRow('general_applications'),
        first_name: '',
      }),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      insertAs('service_role', 'general_applications', {
        ...validRow('general_applications'),
        why_join: null,
      }),
    ).rejects.toMatchObject({ code: '23502' });
  });

  it('bounds text lengths and stores blanks as NULL only', async () => {
    await expect(
      insertAs('service_role', 'waitlist_signups', {
        ...validRow('waitlist_signups'),
        use_case: 'x'.repeat(2001),
      }),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      insertAs('service_role', 'waitlist_signups', { ...validRow('waitlist_signups'), role: '' }),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      insertAs('service_role', 'general_applications', {
        ...validRow('general_applications'),
        cover_letter: 'x'.repeat(10001),
      }),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('accepts only http(s) URLs', async () => {
    const ok = {
      ...validRow('general_applications'),
      linkedin_url: 'https://www.linkedin.com/in/ada',
      portfolio_url: 'http://ada.dev/work',
    };
    await expect(insertAs('service_role', 'general_applications', ok)).resolves.toMatchObject({
      rowCount: 1,
    });
    for (const bad of [
      'javascript:alert(1)',
      'ftp://example.com/x',
      'www.example.com',
      'https://',
    ]) {
      await expect(
        insertAs('service_role', 'general_applications', {
          ...validRow('general_applications'),
          portfolio_url: bad,
        }),
      ).rejects.toMatchObject({ code: '23514' });
    }
  });

  it('stores a résumé only as a path of the bucket in the one shape, with its file name', async () => {
    const path = `resumes/${Date.now()}-${'0123456789abcdef'.repeat(2)}.pdf`;
    await expect(
      insertAs('service_role', 'general_applications', {
        ...validRow('general_applications'),
        resume_path: path,
        resume_filename: 'cv.pdf',
      }),
    ).resolves.toMatchObject({ rowCount: 1 });
    for (const bad of [
      'https://evil.example/payload.exe',
      '/storage/v1/object/public/applications/resumes/1752300000000-0123456789abcdef0123456789abcdef.pdf',
      `resumes/${Date.now()}-${'0123456789abcdef'.repeat(2)}.html`,
      `resumes/${Date.now()}-${'0123456789abcdef'.repeat(2)}`,
      `resumes/../${Date.now()}-${'0123456789abcdef'.repeat(2)}.pdf`,
      `resumes/${Date.now()}-abc.pdf`,
      `resumes/${Date.now()}-${'0123456789ABCDEF'.repeat(2)}.pdf`,
    ]) {
      await expect(
        insertAs('service_role', 'general_applications', {
          ...validRow('general_applications'),
          resume_path: bad,
          resume_filename: 'cv.pdf',
        }),
      ).rejects.toMatchObject({ code: '23514' });
    }
    await expect(
      insertAs('service_role', 'general_applications', {
        ...validRow('general_applications'),
        resume_path: path.replace('.pdf', '.doc'),
      }),
    ).rejects.toMatchObject({
      code: '23514',
      constraint: 'general_applications_resume_pair_check',
    });
  });

  it('starts every application as pending', async () => {
    const row = validRow('general_applications');
    await insertAs('service_role', 'general_applications', row);
    const { rows } = await as(
      'service_role',
      'select status from public.general_applications where email = $1',
      [row.email],
    );
    expect(rows).toEqual([{ status: 'pending' }]);
  });
});

describe('thank-you ledger functions', () => {
  const claim = (role: ApiRole, type: string, address: string) =>
    as(role, 'select public.claim_thank_you($1, $2) as row', [type, address]).then(
      (r) => r.rows[0].row as Record<string, unknown> | null,
    );
  // The insert queues the mail and marks the row itself (supabase/schemas/mail-kinds.sql, since migration
  // 20251206100000); the claim is tested on rows as they were stored before it (unmarked).
  const unmark = (table: string, address: string) =>
    asSuperuser(`update public.${table} set thank_you_sent_at = null where email = $1`, [address]);

  it('claim a fresh sign-up once, case-insensitively, returning the columns the mail uses; release gives it back', async () => {
    const row = validRow('waitlist_signups');
    await signUpAs('service_role', 'waitlist_signups', { ...row, use_case: 'Reports' });
    await unmark('waitlist_signups', row.email);
    const claimed = await claim('service_role', 'waitlist', row.email.toUpperCase());
    expect(claimed).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: row.email,
      first_name: 'Ada',
      company: 'Analytical Engines',
      use_case: 'Reports',
    });
    expect(await claim('service_role', 'waitlist', row.email)).toBeNull();
    await as('service_role', 'select public.release_thank_you_email($1, $2)', [
      'waitlist',
      claimed?.id,
    ]);
    expect(await claim('service_role', 'waitlist', row.email)).toEqual(claimed);
  });

  it('return only the address for the sign-ups that have no name', async () => {
    const address = email();
    await signUpAs('service_role', 'newsletter_subscriptions', { email: address });
    await unmark('newsletter_subscriptions', address);
    expect(await claim('service_role', 'newsletter', address)).toEqual({
      id: expect.any(String),
      email: address,
    });
  });

  it('only match the table of the given type', async () => {
    const address = email();
    await signUpAs('service_role', 'early_access_signups', { email: address });
    await unmark('early_access_signups', address);
    expect(await claim('service_role', 'waitlist', address)).toBeNull();
    expect(await claim('service_role', 'early_access', address)).not.toBeNull();
  });

  it('ignore sign-ups older than 10 minutes', async () => {
    const address = email();
    await signUpAs('service_role', 'early_access_signups', { email: address });
    await asSuperuser(
      `update public.early_access_signups set created_at = now() - interval '11 minutes' where email = $1`,
      [address],
    );
    expect(await claim('service_role', 'early_access', address)).toBeNull();
  });

  it('refuse an unknown type', async () => {
    await expect(claim('service_role', 'spam', email())).rejects.toMatchObject({ code: '22023' });
  });

  it('cannot be executed by anon or authenticated, and the old claim function is gone', async () => {
    await expect(claim('anon', 'early_access', email())).rejects.toMatchObject({ code: '42501' });
    await expect(claim('authenticated', 'early_access', email())).rejects.toMatchObject({
      code: '42501',
    });
    await expect(
      as('service_role', 'select public.claim_thank_you_email($1, $2)', ['newsletter', email()]),
    ).rejects.toMatchObject({ code: '42883' });
  });
});

describe('applications bucket', () => {
  const insertObject = (role: ApiRole, name: string) =>
    as(role, `insert into storage.objects (bucket_id, name) values ('applications', $1)`, [name]);

  it('is private, 5 MB, PDF/DOC/DOCX', async () => {
    const { rows } = await asSuperuser(
      `select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'applications'`,
    );
    expect(rows).toEqual([
      {
        public: false,
        file_size_limit: '5242880',
        allowed_mime_types: [
          'application/pdf',
          'application/msword',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ],
      },
    ]);
  });

  it('has no storage policy: anon can neither create nor see objects, however named, and staff sign nothing', async () => {
    for (const name of [
      `resumes/${Date.now()}-${'ab'.repeat(16)}.pdf`,
      `resumes/${Date.now()}-${'cd'.repeat(16)}`,
      'resumes/cv.html',
    ]) {
      await expect(insertObject('anon', name)).rejects.toMatchObject({ code: '42501' });
    }
    await insertObject('service_role', `resumes/${Date.now()}-${'ef'.repeat(16)}.docx`);
    const { rows } = await as('anon', 'select name from storage.objects');
    expect(rows).toEqual([]);
    const { rows: policies } = await asSuperuser(
      `select policyname from pg_policies where schemaname = 'storage' and tablename = 'objects'`,
    );
    // Staff read a résumé through console-resume (public.console_open_resume, supabase/schemas/staff.sql),
    // never a signed link.
    expect(policies).toEqual([]);
  });
});
