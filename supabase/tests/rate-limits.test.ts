import { fetchFromAddress } from '@agentora/local-supabase/testing';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { openTestDatabase, type TestDatabase } from '@agentora/local-supabase/testing';
import {
  apiHeaders,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '@agentora/local-supabase/testing';

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
function newClient(): { address: string; anon: SupabaseClient; fetch: typeof fetch } {
  const address = `127.0.0.${(nextAddress += 1)}`;
  const fetchFrom = fetchFromAddress(address);
  return {
    address,
    fetch: fetchFrom,
    anon: createClient(t.server.url, t.server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { fetch: fetchFrom },
    }),
  };
}

async function storedEmails(table: string, emails: string[]): Promise<string[]> {
  const { data, error } = await t.service.from(table).select('email').in('email', emails);
  if (error) throw error;
  return (data as { email: string }[]).map((row) => row.email).sort();
}

describe('sign-ups per client address', () => {
  it.each(['early_access_signups', 'newsletter_subscriptions'])(
    '%s: the 11th rapid sign-up from one address is refused with 429, another address still signs up',
    async (table) => {
      const client = newClient();
      const accepted: string[] = [];
      for (let i = 0; i < 10; i += 1) {
        const email = uniqueEmail('burst');
        const { error, status } = await client.anon.from(table).insert({ email });
        expect({ error, status }).toEqual({ error: null, status: 201 });
        accepted.push(email);
      }
      const eleventh = uniqueEmail('eleventh');
      const refused = await client.anon.from(table).insert({ email: eleventh });
      expect(refused.status).toBe(429);
      expect(refused.error).toMatchObject({
        code: 'PT429',
        message: 'Too many requests from this address',
      });

      const other = newClient();
      const elsewhere = uniqueEmail('elsewhere');
      expect((await other.anon.from(table).insert({ email: elsewhere })).status).toBe(201);

      expect(await storedEmails(table, [...accepted, eleventh, elsewhere])).toEqual(
        [...accepted, elsewhere].sort(),
      );
    },
  );

  it('counts each table on its own', async () => {
    const client = newClient();
    for (let i = 0; i < 10; i += 1) {
      await client.anon.from('early_access_signups').insert({ email: uniqueEmail() });
    }
    expect(
      (await client.anon.from('early_access_signups').insert({ email: uniqueEmail() })).status,
    ).toBe(429);
    expect(
      (await client.anon.from('newsletter_subscriptions').insert({ email: uniqueEmail() })).status,
    ).toBe(201);
    const waitlist = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      company: 'Engines',
      email: uniqueEmail(),
    };
    expect((await client.anon.from('waitlist_signups').insert(waitlist)).status).toBe(201);
  });

  it('cannot be reset with client-sent address headers: the gateway header comes from the socket', async () => {
    const client = newClient();
    for (let i = 0; i < 10; i += 1) {
      await client.anon.from('newsletter_subscriptions').insert({ email: uniqueEmail() });
    }
    const forgeries: Record<string, string>[] = [
      { 'cf-connecting-ip': '203.0.113.7' },
      { 'CF-Connecting-IP': '203.0.113.8, 203.0.113.9' },
      { 'x-forwarded-for': '203.0.113.10' },
      { 'x-real-ip': '203.0.113.11' },
      { forwarded: 'for=203.0.113.12' },
      { 'true-client-ip': '203.0.113.13' },
    ];
    for (const forged of forgeries) {
      const response = await client.fetch(`${t.server.url}/rest/v1/newsletter_subscriptions`, {
        method: 'POST',
        headers: apiHeaders(t.server.anonKey, forged),
        body: JSON.stringify({ email: uniqueEmail('forged') }),
      });
      expect({ forged, status: response.status }).toEqual({ forged, status: 429 });
    }
  });

  it('loses nothing acknowledged in a concurrent burst: exactly 10 of 30 land, the rest get 429', async () => {
    const client = newClient();
    const emails = Array.from({ length: 30 }, () => uniqueEmail('concurrent'));
    const results = await Promise.all(
      emails.map((email) => client.anon.from('early_access_signups').insert({ email })),
    );
    const acknowledged = emails.filter((_, i) => results[i].status === 201);
    expect(results.map((r) => r.status).sort()).toEqual([
      ...Array<number>(10).fill(201),
      ...Array<number>(20).fill(429),
    ]);
    expect(await storedEmails('early_access_signups', emails)).toEqual(acknowledged.sort());
  });

  it('are configuration: the service role changes a rule, anon can neither read nor change them', async () => {
    const client = newClient();
    const rules = t.service.from('rate_limit_rules');
    expect(
      (await rules.update({ max_requests: 2, window_seconds: 1 }).eq('action', 'waitlist_signups'))
        .error,
    ).toBeNull();
    try {
      const row = () => ({
        first_name: 'Ada',
        last_name: 'Lovelace',
        company: 'Engines',
        email: uniqueEmail(),
      });
      expect((await client.anon.from('waitlist_signups').insert(row())).status).toBe(201);
      expect((await client.anon.from('waitlist_signups').insert(row())).status).toBe(201);
      expect((await client.anon.from('waitlist_signups').insert(row())).status).toBe(429);
      // The window slides: a second later the address may sign up again.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await client.anon.from('waitlist_signups').insert(row())).status).toBe(201);
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

describe('one row per anon insert request', () => {
  it('refuses a JSON array body as a whole, in every form PostgREST takes it', async () => {
    const client = newClient();
    const batch = [uniqueEmail('batch'), uniqueEmail('batch')];
    const plain = await client.anon
      .from('newsletter_subscriptions')
      .insert(batch.map((email) => ({ email })));
    expect(plain.status).toBe(400);
    expect(plain.error).toMatchObject({ code: 'PT400' });

    for (const [query, prefer] of [
      ['', 'return=minimal'],
      ['?columns=email', 'return=minimal'],
      ['', 'return=minimal, missing=default'],
    ]) {
      const response = await client.fetch(
        `${t.server.url}/rest/v1/newsletter_subscriptions${query}`,
        {
          method: 'POST',
          headers: apiHeaders(t.server.anonKey, { Prefer: prefer }),
          body: JSON.stringify(batch.map((email) => ({ email }))),
        },
      );
      expect({ query, prefer, status: response.status }).toEqual({ query, prefer, status: 400 });
    }
    expect(await storedEmails('newsletter_subscriptions', batch)).toEqual([]);

    // One object in an array is one row, and fine.
    const single = await client.anon.from('newsletter_subscriptions').insert([{ email: batch[0] }]);
    expect(single.status).toBe(201);
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
