import { migrateTo, openTestDatabase, type TestDatabase } from '@agentora/local-supabase/testing';
import {
  CONSOLE_SIGN_IN,
  CONSOLE_SIGN_IN_ACTIONS,
} from '../functions/_shared/rules/console-sign-in.ts';

// The console's sign-in codes in SQL (supabase/schemas/staff-sign-in.sql), below the HTTP
// layer, on PostgreSQL (test-postgres), with the production rate limits:
// public.console_request_sign_in_code and public.console_check_sign_in_code as console-sign-in calls them
// with the service role, the staff members' Auth addresses, and the old sign-in's Auth users going (what
// migration 20251202000000_console_sign_in.sql did, on a database from before it).
let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase({ rateLimits: 'production' });
});
afterAll(() => db.close());

let seq = 0;
const staffAddress = async () => {
  const email = `signin${(seq += 1)}.${Date.now()}@example.com`;
  await db.asSuperuser('insert into public.staff (email) values ($1)', [email]);
  return email;
};
/** A client address of its own per test, so each starts with its whole allowance. */
const clientAddress = () => `198.51.100.${(seq += 1)}`;
const mac = (n: number) => n.toString(16).padStart(64, '0');

async function request(email: string, codeMac: string, client: string): Promise<boolean> {
  const { rows } = await db.as(
    'service_role',
    'select public.console_request_sign_in_code($1, $2, $3) as mail',
    [email, codeMac, client],
  );
  return rows[0].mail as boolean;
}

async function check(email: string, codeMac: string, client: string): Promise<string | null> {
  const { rows } = await db.as(
    'service_role',
    'select public.console_check_sign_in_code($1, $2, $3) as auth_email',
    [email, codeMac, client],
  );
  return rows[0].auth_email as string | null;
}

describe('the rules of rules/console-sign-in.ts, held equal to the database', () => {
  it('the lifetime, the pace and the limits per client address', async () => {
    const { rows } = await db.asSuperuser('select * from private.console_sign_in_rules()');
    expect(rows).toEqual([
      {
        code_lifetime_seconds: CONSOLE_SIGN_IN.codeLifetimeSeconds,
        mail_interval_seconds: CONSOLE_SIGN_IN.mailIntervalSeconds,
        mail_burst: CONSOLE_SIGN_IN.mailBurst,
      },
    ]);
    const limits = await db.asSuperuser(
      `select action, max_requests, window_seconds from public.rate_limit_rules
        where action in ($1, $2) order by action`,
      [CONSOLE_SIGN_IN_ACTIONS.check, CONSOLE_SIGN_IN_ACTIONS.request],
    );
    expect(limits.rows).toEqual([
      {
        action: CONSOLE_SIGN_IN_ACTIONS.check,
        max_requests: CONSOLE_SIGN_IN.codeChecksPerClient.max,
        window_seconds: CONSOLE_SIGN_IN.codeChecksPerClient.windowSeconds,
      },
      {
        action: CONSOLE_SIGN_IN_ACTIONS.request,
        max_requests: CONSOLE_SIGN_IN.codeRequestsPerClient.max,
        window_seconds: CONSOLE_SIGN_IN.codeRequestsPerClient.windowSeconds,
      },
    ]);
    // While someone keeps asking, the newest code mailed still works when the next may be mailed.
    expect(CONSOLE_SIGN_IN.mailIntervalSeconds).toBeLessThan(CONSOLE_SIGN_IN.codeLifetimeSeconds);
  });
});

describe('a code request', () => {
  it('stores a code only for a staff address, in any letter case, and answers whether to mail it', async () => {
    const email = await staffAddress();
    const client = clientAddress();
    expect(await request(` ${email.toUpperCase()} `, mac(1), client)).toBe(true);
    expect(await request('nobody@example.com', mac(2), client)).toBe(false);
    const { rows } = await db.asSuperuser(
      'select staff_email, code_mac, expires_at - created_at as lifetime from private.console_sign_in_codes where code_mac in ($1, $2)',
      [mac(1), mac(2)],
    );
    expect(rows).toEqual([{ staff_email: email, code_mac: mac(1), lifetime: expect.anything() }]);
  });

  it('mails a staff address a burst of 3, then one per interval, however many ask', async () => {
    const email = await staffAddress();
    const answers = [];
    for (let i = 0; i < 6; i += 1)
      answers.push(await request(email, mac(100 + i), clientAddress()));
    expect(answers).toEqual([true, true, true, false, false, false]);
    // An interval later, one more; then none until the next.
    await db.asSuperuser(
      `update private.console_sign_in_mail_pace
          set next_at = next_at - make_interval(secs => $2) where staff_email = $1`,
      [email, CONSOLE_SIGN_IN.mailIntervalSeconds],
    );
    expect(await request(email, mac(110), clientAddress())).toBe(true);
    expect(await request(email, mac(111), clientAddress())).toBe(false);
    // The address keeps its 3 newest codes: the oldest went.
    const { rows } = await db.asSuperuser(
      'select code_mac from private.console_sign_in_codes where staff_email = $1 order by id',
      [email],
    );
    expect(rows.map((row) => row.code_mac)).toEqual([mac(101), mac(102), mac(110)]);
  });

  it("refuses the client address's 11th request in 10 minutes with PT429, staff address or not", async () => {
    const client = clientAddress();
    const email = await staffAddress();
    for (let i = 0; i < CONSOLE_SIGN_IN.codeRequestsPerClient.max; i += 1) {
      await request(i % 2 ? email : `junk${i}@example.com`, mac(200 + i), client);
    }
    for (const address of [email, 'junk@example.com']) {
      await expect(request(address, mac(299), client)).rejects.toMatchObject({ code: 'PT429' });
    }
    expect(await request('junk@example.com', mac(298), clientAddress())).toBe(false);
  });

  it('refuses a code that is not an HMAC, and is for the service role alone', async () => {
    const email = await staffAddress();
    await expect(request(email, '123456', clientAddress())).rejects.toMatchObject({
      code: '22023',
    });
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(
        db.as(role, 'select public.console_request_sign_in_code($1, $2, $3)', [
          email,
          mac(1),
          clientAddress(),
        ]),
      ).rejects.toMatchObject({ code: '42501' });
      await expect(
        db.as(role, 'select public.console_check_sign_in_code($1, $2, $3)', [
          email,
          mac(1),
          clientAddress(),
        ]),
      ).rejects.toMatchObject({ code: '42501' });
      await expect(
        db.as(role, 'select * from private.console_sign_in_codes'),
      ).rejects.toMatchObject({ code: '42501' });
    }
  });
});

describe('a code check', () => {
  it("answers the staff member's Auth address for any of their live codes, then none works", async () => {
    const email = await staffAddress();
    const client = clientAddress();
    for (const n of [1, 2, 3]) await request(email, mac(300 + n), client);
    const { rows } = await db.asSuperuser('select auth_email from public.staff where email = $1', [
      email,
    ]);
    const authEmail = rows[0].auth_email as string;
    expect(authEmail).toMatch(/^console-[0-9a-f]{32}@staff\.invalid$/);
    // The oldest still works: a newer one replaces nothing.
    expect(await check(email.toUpperCase(), mac(301), client)).toBe(authEmail);
    for (const n of [1, 2, 3]) expect(await check(email, mac(300 + n), client)).toBeNull();
  });

  it('answers null for a wrong code, a code of another staff member, an expired one and a stranger', async () => {
    const [ada, grace] = [await staffAddress(), await staffAddress()];
    const client = clientAddress();
    await request(ada, mac(401), client);
    await request(grace, mac(402), client);
    expect(await check(ada, mac(409), client)).toBeNull();
    expect(await check(ada, mac(402), client)).toBeNull();
    expect(await check('stranger@example.com', mac(401), client)).toBeNull();
    await db.asSuperuser(
      `update private.console_sign_in_codes set expires_at = now() - interval '1 second'
        where code_mac = $1`,
      [mac(401)],
    );
    expect(await check(ada, mac(401), client)).toBeNull();
    expect(await check(grace, mac(402), client)).not.toBeNull();
  });

  it('lets one of two checks racing with one code win', async () => {
    const email = await staffAddress();
    await request(email, mac(501), clientAddress());
    const answers = await Promise.all([
      check(email, mac(501), clientAddress()),
      check(email, mac(501), clientAddress()),
    ]);
    expect(answers.filter((answer) => answer !== null)).toHaveLength(1);
  });

  it("refuses the client address's 31st check in 5 minutes with PT429", async () => {
    const client = clientAddress();
    for (let i = 0; i < CONSOLE_SIGN_IN.codeChecksPerClient.max; i += 1) {
      await check('stranger@example.com', mac(600 + i), client);
    }
    await expect(check('stranger@example.com', mac(699), client)).rejects.toMatchObject({
      code: 'PT429',
    });
  });
});

describe("a staff member's Auth address", () => {
  it('is their own, made up, and goes with its Auth user when the staff row goes', async () => {
    const [ada, grace] = [await staffAddress(), await staffAddress()];
    const { rows } = await db.asSuperuser(
      'select email, auth_email from public.staff where email in ($1, $2) order by email',
      [ada, grace],
    );
    expect(rows[0].auth_email).not.toBe(rows[1].auth_email);
    const user = await db.asSuperuser(
      `insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated',
               'authenticated', $1, now(), now()) returning id`,
      [rows[0].auth_email],
    );
    await db.asSuperuser('delete from public.staff where email = $1', [rows[0].email]);
    const { rows: left } = await db.asSuperuser('select id from auth.users where id = $1', [
      user.rows[0].id,
    ]);
    expect(left).toEqual([]);
  });
});

describe('the migration', () => {
  it("deletes the old sign-in's Auth users, staff and strangers, and gives staff their Auth address", async () => {
    const before = await openTestDatabase({ upTo: '20251201999999' });
    try {
      await before.asSuperuser(`insert into public.staff (email) values ('old.staff@example.com')`);
      for (const email of ['old.staff@example.com', 'old.stranger@example.com']) {
        await before.asSuperuser(
          `insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
           values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated',
                   'authenticated', $1, now(), now())`,
          [email],
        );
      }
      await migrateTo(before.database);
      expect((await before.asSuperuser('select email from auth.users')).rows).toEqual([]);
      const { rows } = await before.asSuperuser('select email, auth_email from public.staff');
      expect(rows).toEqual([
        {
          email: 'old.staff@example.com',
          auth_email: expect.stringMatching(/^console-[0-9a-f]{32}@staff\.invalid$/),
        },
      ]);
    } finally {
      await before.close();
    }
  });
});
