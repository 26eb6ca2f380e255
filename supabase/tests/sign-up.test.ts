import {
  SIGNUP_FIELD_RULES,
  SIGNUP_LISTS,
  type SignupList,
} from '../functions/_shared/rules/signup-fields.ts';
import { ATTRIBUTION_FIELDS } from '../functions/_shared/rules/attribution.ts';
import {
  TURNSTILE_DUMMY_TOKEN,
  TURNSTILE_TESTING_SECRETS,
} from '../functions/_shared/rules/bot-check.ts';
import {
  apiHeaders,
  openTestDatabase,
  outboxMail,
  signUpThrough,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '@agentora/local-supabase/testing';

// One request per sign-up (docs/security.md, "Sign-ups"): the function sign-up's index.ts on Deno, the
// bot check against the local server's stand-in for siteverify with Cloudflare's testing secrets, and
// public.sign_up storing the row with the production rate limits. Anonymous visitors insert into no
// table; everything a form stores goes through here.

const TABLES: Record<SignupList, string> = {
  early_access: 'early_access_signups',
  newsletter: 'newsletter_subscriptions',
  waitlist: 'waitlist_signups',
};

const WAITLIST = { first_name: 'Ada', last_name: 'Lovelace', company: 'Engines' };
let nextAddress = 10;
const newAddress = () => `127.0.3.${(nextAddress += 1)}`;

describe('with the passing testing secret', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ rateLimits: 'production' });
  });
  afterAll(() => t.stop());

  const rows = async (list: SignupList, email: string) => {
    const { data, error } = await t.service.from(TABLES[list]).select('*').eq('email', email);
    if (error) throw error;
    return data;
  };

  it.each(SIGNUP_LISTS)(
    'stores a %s sign-up and queues its confirmation, in one request',
    async (list) => {
      const email = uniqueEmail(list);
      const response = await signUpThrough(
        t.server,
        {
          list,
          fields: { email, ...(list === 'waitlist' ? WAITLIST : {}) },
          source: { utm_source: 'launch-post', landing_path: '/' },
        },
        { fromAddress: newAddress() },
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, list, emailSent: true });
      expect(await rows(list, email)).toMatchObject([
        { email, utm_source: 'launch-post', landing_path: '/', confirmed_at: null },
      ]);
      expect(await outboxMail(t.server, email)).toHaveLength(1);
    },
  );

  it.each([
    ['a forged token', 'forged.token.from.a.script'],
    ['an empty token', ''],
  ])('refuses %s with 403, storing, mailing and counting nothing', async (_name, token) => {
    const email = uniqueEmail('forged');
    const response = await signUpThrough(
      t.server,
      { list: 'newsletter', fields: { email }, bot_check: token },
      { fromAddress: newAddress() },
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ success: false, error: 'bot_check_failed' });
    expect(await rows('newsletter', email)).toEqual([]);
    // The queue is drained: a mail the refusal queued would be in the outbox by now.
    expect(await outboxMail(t.server, email)).toEqual([]);
  });

  it('answers a duplicate 409 and sends an unconfirmed sign-up a fresh confirmation', async () => {
    const email = uniqueEmail('again');
    const address = newAddress();
    const first = await signUpThrough(
      t.server,
      { list: 'early_access', fields: { email } },
      { fromAddress: address },
    );
    expect(first.status).toBe(200);
    const again = await signUpThrough(
      t.server,
      { list: 'early_access', fields: { email: email.toUpperCase() } },
      { fromAddress: address },
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ success: false, error: 'duplicate' });
    expect(await rows('early_access', email)).toHaveLength(1);
    expect(await outboxMail(t.server, email)).toHaveLength(2);
  });

  it('counts each client address against its list’s limit, a duplicate not at all', async () => {
    const { data: rule } = await t.service
      .from('rate_limit_rules')
      .select('max_requests')
      .eq('action', 'newsletter_subscriptions')
      .single();
    const limit = rule!.max_requests as number;
    const address = newAddress();
    const taken = uniqueEmail('taken');
    expect(
      (
        await signUpThrough(
          t.server,
          { list: 'newsletter', fields: { email: taken } },
          { fromAddress: address },
        )
      ).status,
    ).toBe(200);
    for (let i = 0; i < 3; i += 1)
      expect(
        (
          await signUpThrough(
            t.server,
            { list: 'newsletter', fields: { email: taken } },
            { fromAddress: address },
          )
        ).status,
      ).toBe(409);
    for (let i = 1; i < limit; i += 1)
      expect(
        (
          await signUpThrough(
            t.server,
            { list: 'newsletter', fields: { email: uniqueEmail('n') } },
            { fromAddress: address },
          )
        ).status,
      ).toBe(200);
    const over = await signUpThrough(
      t.server,
      { list: 'newsletter', fields: { email: uniqueEmail('over') } },
      { fromAddress: address },
    );
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ success: false, error: 'rate_limited' });
    // Another address is not held back by this one's.
    expect(
      (
        await signUpThrough(
          t.server,
          { list: 'newsletter', fields: { email: uniqueEmail('other') } },
          { fromAddress: newAddress() },
        )
      ).status,
    ).toBe(200);
  });

  it('vets a referral by the visitor’s address, as the gateway vouched for it', async () => {
    const referrer = uniqueEmail('referrer');
    await signUpThrough(
      t.server,
      { list: 'early_access', fields: { email: referrer } },
      { fromAddress: newAddress() },
    );
    const [{ referral_code: code }] = await rows('early_access', referrer);
    // One client address: its first 3 referred sign-ups may earn credit, the 4th is held.
    const address = newAddress();
    const holds: Array<string | null> = [];
    for (let i = 0; i < 4; i += 1) {
      const email = uniqueEmail(`friend${i}`);
      expect(
        (
          await signUpThrough(
            t.server,
            { list: 'early_access', fields: { email }, referred_by: code as string },
            { fromAddress: address },
          )
        ).status,
      ).toBe(200);
      holds.push((await rows('early_access', email))[0].referral_hold as string | null);
    }
    expect(holds).toEqual([null, null, null, 'address_cap']);
  });

  it.each(SIGNUP_LISTS)(
    'leaves anonymous visitors no way to insert into the %s table',
    async (list) => {
      const email = uniqueEmail('direct');
      const response = await fetch(`${t.server.url}/rest/v1/${TABLES[list]}`, {
        method: 'POST',
        headers: apiHeaders(t.server.publishableKey, { Prefer: 'return=minimal' }),
        body: JSON.stringify({ email, ...(list === 'waitlist' ? WAITLIST : {}) }),
      });
      expect(response.status).toBe(401);
      expect(await rows(list, email)).toEqual([]);
    },
  );

  it('refuses a row of columns no form sends, and a list that is not one, in the database too', async () => {
    const { error: extra } = await t.service.rpc('sign_up', {
      p_list: 'newsletter',
      p_row: { email: uniqueEmail('x'), confirmed_at: '2026-01-01T00:00:00Z' },
      p_client_address: '127.0.0.1',
    });
    expect(extra).toMatchObject({ code: '22023' });
    const { error: list } = await t.service.rpc('sign_up', {
      p_list: 'career',
      p_row: { email: uniqueEmail('y') },
      p_client_address: '127.0.0.1',
    });
    expect(list).toMatchObject({ code: '22023' });
    // Anon may not call it at all.
    const { error: anon } = await t.anon.rpc('sign_up', {
      p_list: 'newsletter',
      p_row: { email: uniqueEmail('z') },
      p_client_address: '127.0.0.1',
    });
    expect(anon).toMatchObject({ code: '42501' });
  });

  it('takes exactly the columns the function checks and sends (rules/signup-fields.ts)', async () => {
    const database = await openTestDatabase();
    try {
      for (const list of SIGNUP_LISTS) {
        const { rows } = await database.asSuperuser(
          'select private.signup_form_columns($1) as columns',
          [list],
        );
        const sent = [
          ...Object.keys(SIGNUP_FIELD_RULES[list]),
          ...(list === 'newsletter' ? [] : ['referred_by']),
          ...ATTRIBUTION_FIELDS,
        ];
        expect([...(rows[0].columns as string[])].sort()).toEqual(sent.sort());
      }
    } finally {
      await database.close();
    }
  });
});

describe.each([
  ['the always-failing testing secret', TURNSTILE_TESTING_SECRETS.fails, 403, 'bot_check_failed'],
  [
    'the testing secret whose tokens are spent',
    TURNSTILE_TESTING_SECRETS.spent,
    403,
    'bot_check_failed',
  ],
  ['siteverify down', undefined, 503, 'bot_check_unavailable'],
] as const)('with %s', (_name, secret, status, error) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(
      secret
        ? { turnstile: { secret } }
        : // Nothing listens on port 9 of loopback (the discard port): siteverify cannot be reached.
          { turnstile: { siteverifyUrl: 'http://127.0.0.1:9/turnstile/v0/siteverify' } },
    );
  });
  afterAll(() => t.stop());

  it.each(SIGNUP_LISTS)('refuses every %s sign-up, storing and mailing nothing', async (list) => {
    const email = uniqueEmail(list);
    const response = await signUpThrough(t.server, {
      list,
      fields: { email, ...(list === 'waitlist' ? WAITLIST : {}) },
      bot_check: TURNSTILE_DUMMY_TOKEN,
    });
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ success: false, error });
    const { data } = await t.service.from(TABLES[list]).select('id').eq('email', email);
    expect(data).toEqual([]);
    expect(await outboxMail(t.server, email)).toEqual([]);
  });
});
