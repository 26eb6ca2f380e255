import {
  apiHeaders,
  fetchFromAddress,
  openTestDatabase,
  signUpThrough,
  startTestServer,
  uniqueEmail,
  type TestDatabase,
  type TestServer,
} from '@agentora/local-supabase/testing';
import { RATE_LIMITED_ERROR } from '../functions/_shared/rate-limit.ts';
import { TURNSTILE_DUMMY_TOKEN } from '../functions/_shared/rules/bot-check.ts';
import type { SignupList } from '../functions/_shared/rules/signup-fields.ts';

// The rate limits of supabase/schemas/limits.sql through the real server, with the production rules: the
// client address is the socket's, passed to SQL as hosted Supabase's gateway passes it (cf-connecting-ip).
// Other client addresses come from other loopback addresses (127.0.0.0/8).
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimits: 'production' });
});
afterAll(() => t.stop());

let nextAddress = 10;
/** A fresh client address for each test, so tests do not share buckets. */
function newAddress(): string {
  return `127.0.0.${(nextAddress += 1)}`;
}

type Table = 'early_access_signups' | 'newsletter_subscriptions' | 'waitlist_signups';
const LIST: Record<Table, SignupList> = {
  early_access_signups: 'early_access',
  newsletter_subscriptions: 'newsletter',
  waitlist_signups: 'waitlist',
};
const WAITLIST = { first_name: 'Ada', last_name: 'Lovelace', company: 'Engines' };

/** A sign-up as the site makes it (one request to the function sign-up) from `address`: its status. */
async function signUp(
  table: Table,
  email: string,
  address: string,
  headers: Record<string, string> = {},
): Promise<number> {
  const fields = { email, ...(table === 'waitlist_signups' ? WAITLIST : {}) };
  const response = await signUpThrough(
    t.server,
    { list: LIST[table], fields },
    { fromAddress: address, headers },
  );
  await response.arrayBuffer();
  return response.status;
}

async function storedEmails(table: string, emails: string[]): Promise<string[]> {
  const { data, error } = await t.service.from(table).select('email').in('email', emails);
  if (error) throw error;
  return (data as { email: string }[]).map((row) => row.email).sort();
}

// Sign-ups are limited in public.sign_up, one token of the list's rule per request of the function
// sign-up, by the client address the gateway vouches for (supabase/schemas/signups.sql).
describe('sign-ups per client address', () => {
  it.each(['early_access_signups', 'newsletter_subscriptions'] as const)(
    '%s: the 11th rapid sign-up from one address is refused with 429, another address still signs up',
    async (table) => {
      const address = newAddress();
      const accepted: string[] = [];
      for (let i = 0; i < 10; i += 1) {
        const email = uniqueEmail('burst');
        expect(await signUp(table, email, address)).toBe(200);
        accepted.push(email);
      }
      const eleventh = uniqueEmail('eleventh');
      const refused = await signUpThrough(
        t.server,
        { list: LIST[table], fields: { email: eleventh } },
        { fromAddress: address },
      );
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({
        success: false,
        error: 'rate_limited',
        message: RATE_LIMITED_ERROR,
      });

      const elsewhere = uniqueEmail('elsewhere');
      expect(await signUp(table, elsewhere, newAddress())).toBe(200);

      expect(await storedEmails(table, [...accepted, eleventh, elsewhere])).toEqual(
        [...accepted, elsewhere].sort(),
      );
    },
  );

  it('counts each table on its own', async () => {
    const address = newAddress();
    for (let i = 0; i < 10; i += 1) await signUp('early_access_signups', uniqueEmail(), address);
    expect(await signUp('early_access_signups', uniqueEmail(), address)).toBe(429);
    expect(await signUp('newsletter_subscriptions', uniqueEmail(), address)).toBe(200);
    expect(await signUp('waitlist_signups', uniqueEmail(), address)).toBe(200);
  });

  it('cannot be reset with client-sent address headers: the gateway header comes from the socket', async () => {
    const address = newAddress();
    for (let i = 0; i < 10; i += 1)
      await signUp('newsletter_subscriptions', uniqueEmail(), address);
    const forgeries: Record<string, string>[] = [
      { 'cf-connecting-ip': '203.0.113.7' },
      { 'CF-Connecting-IP': '203.0.113.8, 203.0.113.9' },
      { 'x-forwarded-for': '203.0.113.10' },
      { 'x-real-ip': '203.0.113.11' },
      { forwarded: 'for=203.0.113.12' },
      { 'true-client-ip': '203.0.113.13' },
    ];
    for (const forged of forgeries) {
      const status = await signUp(
        'newsletter_subscriptions',
        uniqueEmail('forged'),
        address,
        forged,
      );
      expect({ forged, status }).toEqual({ forged, status: 429 });
    }
  });

  // The limit and the insert are one subtransaction of public.sign_up: a burst of calls for one address
  // is decided there. The calls go straight to it through the server (as the function makes them), so
  // the burst is the database's and not the bot check's: 30 siteverify calls at once to the local
  // server's stand-in, which shares its process with PGlite, can outlast the function's 4 s timeout on a
  // loaded machine (503, failing closed). functions.test.ts sends concurrent sign-ups through the function.
  it('loses nothing acknowledged in a concurrent burst: exactly 10 of 30 land, the rest are refused', async () => {
    const address = newAddress();
    const emails = Array.from({ length: 30 }, () => uniqueEmail('concurrent'));
    const outcomes = await Promise.all(
      emails.map(async (email) => {
        const { data, error } = await t.service.rpc('sign_up', {
          p_list: 'early_access',
          p_row: { email },
          p_client_address: address,
        });
        return error ? `error ${error.code}` : (data as { outcome: string }).outcome;
      }),
    );
    const acknowledged = emails.filter((_, i) => outcomes[i] === 'stored');
    expect([...outcomes].sort()).toEqual([
      ...Array<string>(20).fill('rate_limited'),
      ...Array<string>(10).fill('stored'),
    ]);
    expect(await storedEmails('early_access_signups', emails)).toEqual(acknowledged.sort());
    // The function answers the address's next sign-up with the limit too.
    expect(await signUp('early_access_signups', uniqueEmail('after'), address)).toBe(429);
  });

  it('are configuration: the service role changes a rule, anon can neither read nor change them', async () => {
    const address = newAddress();
    const rules = t.service.from('rate_limit_rules');
    // A window of a few seconds: three requests through the function (each asks the bot check) fit in it
    // even on a loaded machine.
    expect(
      (await rules.update({ max_requests: 2, window_seconds: 5 }).eq('action', 'waitlist_signups'))
        .error,
    ).toBeNull();
    try {
      expect(await signUp('waitlist_signups', uniqueEmail(), address)).toBe(200);
      expect(await signUp('waitlist_signups', uniqueEmail(), address)).toBe(200);
      expect(await signUp('waitlist_signups', uniqueEmail(), address)).toBe(429);
      // A change applies to the next request: the window made one second, and once it has passed
      // (it slides), the address may sign up again.
      expect(
        (await rules.update({ window_seconds: 1 }).eq('action', 'waitlist_signups')).error,
      ).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await signUp('waitlist_signups', uniqueEmail(), address)).toBe(200);
    } finally {
      await rules.update({ max_requests: 10, window_seconds: 60 }).eq('action', 'waitlist_signups');
    }

    expect((await t.anon.from('rate_limit_rules').select('*')).error).toMatchObject({
      code: '42501',
    });
    const raise = await t.anon
      .from('rate_limit_rules')
      .update({ max_requests: 1_000_000 })
      .eq('action', 'waitlist_signups');
    expect(raise.error).toMatchObject({ code: '42501' });
    expect(
      (await t.anon.rpc('take_rate_limit_token', { p_action: 'x', p_client_address: '1.2.3.4' }))
        .error,
    ).toMatchObject({ code: '42501' });
  });
});

describe('one row per sign-up request', () => {
  it('refuses a batch as a whole, in every form it could be sent', async () => {
    const address = newAddress();
    const batch = [uniqueEmail('batch'), uniqueEmail('batch')];
    const send = (body: unknown) =>
      fetchFromAddress(address)(`${t.server.url}/functions/v1/sign-up`, {
        method: 'POST',
        headers: apiHeaders(t.server.publishableKey),
        body: JSON.stringify(body),
      });
    const one = (email: string) => ({
      list: 'newsletter',
      fields: { email },
      bot_check: TURNSTILE_DUMMY_TOKEN,
    });
    for (const [form, body] of [
      ['an array of sign-ups', batch.map(one)],
      ['an array of one sign-up', [one(batch[0])]],
      [
        'fields as an array of rows',
        { ...one(batch[0]), fields: batch.map((email) => ({ email })) },
      ],
      ['an address field of two addresses', one(batch.join(','))],
    ] as const) {
      const response = await send(body);
      expect({ form, status: response.status }).toEqual({ form, status: 400 });
    }
    expect(await storedEmails('newsletter_subscriptions', batch)).toEqual([]);

    // public.sign_up itself takes one object: an array is refused before any row.
    const { error } = await t.service.rpc('sign_up', {
      p_list: 'newsletter',
      p_row: batch.map((email) => ({ email })),
      p_client_address: address,
    });
    expect(error).toMatchObject({ code: '22023' });
    expect(await storedEmails('newsletter_subscriptions', batch)).toEqual([]);

    // Anon's REST insert of rows, one or many, is no way around it: anon inserts into no list.
    const direct = await fetchFromAddress(address)(
      `${t.server.url}/rest/v1/newsletter_subscriptions`,
      {
        method: 'POST',
        headers: apiHeaders(t.server.anonKey, { Prefer: 'return=minimal' }),
        body: JSON.stringify(batch.map((email) => ({ email }))),
      },
    );
    expect(direct.status).toBe(401);
    expect(await storedEmails('newsletter_subscriptions', batch)).toEqual([]);

    // One sign-up is one row, and fine.
    expect(await signUp('newsletter_subscriptions', batch[0], address)).toBe(200);
  });

  it('does not limit the service role', async () => {
    const rows = Array.from({ length: 12 }, () => ({ email: uniqueEmail('service') }));
    expect((await t.service.from('newsletter_subscriptions').insert(rows)).status).toBe(201);
  });
});

describe('client addresses in SQL', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.close());

  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['203.0.113.7/8', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1::/48'],
    ['2001:db8:1:ffff:ffff:ffff:ffff:ffff', '2001:db8:1::/48'],
    ['2001:db8:2:3::1', '2001:db8:2::/48'],
    ['203.0.113.7, 198.51.100.1', 'unknown'],
    ['not an address', 'unknown'],
    ['', 'unknown'],
    [null, 'unknown'],
  ])('%j counts as %j', async (address, key) => {
    const { rows } = await db.asSuperuser('select private.client_key($1) as key', [address]);
    expect(rows[0].key).toBe(key);
  });
});
