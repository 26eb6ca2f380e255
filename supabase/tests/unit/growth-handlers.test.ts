import { createConfirmEmailHandler } from '../../functions/confirm-email/handler.ts';
import { isDisposableDomain } from '../../functions/_shared/consent/disposable-domain.ts';
import {
  createConsentLedger,
  type ConsentLedger,
  type LinePlace,
} from '../../functions/_shared/consent/link-ledger.ts';
import { isBotRequest } from '../../functions/_shared/http/bot-user-agent.ts';
import type { ServiceClient } from '../../functions/_shared/service-client.ts';
import { createRecordVisitHandler, toVisit } from '../../functions/record-visit/handler.ts';
import type { Visit } from '../../functions/record-visit/visit-store.ts';
import { createRpcVisitStore } from '../../functions/record-visit/visit-store.ts';
import { createSignupPlaceHandler } from '../../functions/signup-place/handler.ts';
import { splitAttribution } from '../../functions/submit-application/application-attribution.ts';
import type { NewApplication } from '../../functions/submit-application/application-store.ts';
import { createSubmitApplicationHandler } from '../../functions/submit-application/handler.ts';
import { sha256 } from '../test-support/consent.ts';
import { allow, NEUTRAL, origins, quiet } from '../test-support/link-function-fakes.ts';

// The growth functions' own rules, with fakes for the database (docs/growth.md): record-visit's beacon,
// the place page's signup-place, confirm-email's place and disposable-domain hold, and the source fields
// of an application. The real SQL and server run in growth-functions.test.ts.
const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const VALID = 'V'.repeat(43);
const CODE = '0123456789abcdef';

function post(
  name: string,
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
): Request {
  return new Request(`https://project.supabase.co/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'cf-connecting-ip': '203.0.113.9',
      'User-Agent': BROWSER,
      ...headers,
    },
    body,
  });
}

describe('record-visit handler', () => {
  function setup(answer: boolean | Error = true) {
    const recorded: Array<[Visit, string | null]> = [];
    const errors: unknown[] = [];
    const handler = createRecordVisitHandler({
      visits: {
        record: async (visit, address) => {
          if (answer instanceof Error) throw answer;
          recorded.push([visit, address]);
          return answer;
        },
      },
      siteOrigins: origins,
      logError: (_message, error) => errors.push(error),
    });
    const send = (body: unknown, headers: Record<string, string> = {}) =>
      handler(
        post('record-visit', typeof body === 'string' ? body : JSON.stringify(body), headers),
      );
    return { send, handler, recorded, errors };
  }
  const view = {
    path: '/coming-soon',
    landing: true,
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: 'launch-week',
    referrer_host: 'news.ycombinator.com',
  };

  it('counts a page view from the site with its source, by the gateway’s client address, and answers 204', async () => {
    const { send, recorded } = setup();
    const response = await send(view, {
      Origin: 'https://agentora.ai',
      'x-forwarded-for': '198.51.100.1',
    });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(recorded).toEqual([
      [
        {
          path: '/coming-soon',
          landing: true,
          source: {
            utm_source: 'newsletter',
            utm_medium: 'email',
            utm_campaign: 'launch-week',
            referrer_host: 'news.ycombinator.com',
          },
        },
        '203.0.113.9',
      ],
    ]);
  });

  it('takes a view without a source, and null for a tag the visit did not have', async () => {
    const { send, recorded } = setup();
    expect((await send({ path: '/', landing: false })).status).toBe(204);
    expect((await send({ path: '/careers', landing: false, utm_source: null })).status).toBe(204);
    expect(recorded.map(([visit]) => visit)).toEqual([
      { path: '/', landing: false, source: {} },
      { path: '/careers', landing: false, source: {} },
    ]);
  });

  it('answers a view over the rate limit alike: the beacon learns nothing', async () => {
    const { send, recorded } = setup(false);
    const response = await send(view);
    expect(response.status).toBe(204);
    expect(recorded).toHaveLength(1);
  });

  it.each([
    ['no User-Agent', { 'User-Agent': '' }],
    ['a blank User-Agent', { 'User-Agent': '   ' }],
    [
      'Googlebot',
      { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    ],
    ['curl', { 'User-Agent': 'curl/8.5.0' }],
    ['a headless browser', { 'User-Agent': BROWSER.replace('Chrome/', 'HeadlessChrome/') }],
    ['a script', { 'User-Agent': 'python-requests/2.32.3' }],
  ])('answers %s with 204 and counts nothing', async (_label, headers) => {
    const { send, recorded } = setup();
    const response = await send(view, headers);
    expect(response.status).toBe(204);
    expect(recorded).toEqual([]);
  });

  it.each([
    ['not JSON', '{"path": "/"'],
    ['an array', '[]'],
    ['null', 'null'],
    ['no path', { landing: true }],
    ['no landing', { path: '/' }],
    ['landing as a string', { path: '/', landing: 'true' }],
    ['a relative path', { path: 'careers', landing: true }],
    ['a path with a query', { path: '/?utm_source=x', landing: true }],
    ['a path with a fragment', { path: '/#top', landing: true }],
    ['a full URL', { path: 'https://evil.example/', landing: true }],
    ['a path of 201 characters', { path: `/${'a'.repeat(200)}`, landing: true }],
    ['a path with spaces', { path: '/a b', landing: true }],
    ['a path as a number', { path: 1, landing: true }],
    ['an uppercase tag', { path: '/', landing: true, utm_source: 'Newsletter' }],
    ['a tag with a space', { path: '/', landing: true, utm_campaign: 'launch week' }],
    ['a tag of 101 characters', { path: '/', landing: true, utm_medium: 'a'.repeat(101) }],
    ['an empty tag', { path: '/', landing: true, utm_source: '' }],
    ['a tag as a number', { path: '/', landing: true, utm_source: 7 }],
    ['a host with a port', { path: '/', landing: true, referrer_host: 'example.com:8080' }],
    ['a host with a path', { path: '/', landing: true, referrer_host: 'example.com/x' }],
    ['an uppercase host', { path: '/', landing: true, referrer_host: 'Example.com' }],
    ['a landing_path besides the path', { path: '/', landing: true, landing_path: '/' }],
    ['an unknown field', { path: '/', landing: true, visitor_id: 'abc' }],
    ['a referral code', { path: '/', landing: true, referred_by: CODE }],
  ])('refuses %s with 400 and counts nothing', async (_label, body) => {
    const { send, recorded } = setup();
    const response = await send(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false });
    expect(recorded).toEqual([]);
  });

  it('refuses a body over 1 KB (declared or streamed) with 413, before reading it whole', async () => {
    const { send, handler, recorded } = setup();
    const big = { ...view, utm_campaign: 'a'.repeat(100), pad: 'x'.repeat(1100) };
    expect((await send(big)).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode(' '.repeat(512)));
      },
    });
    const streamed = await handler(
      new Request('https://project.supabase.co/functions/v1/record-visit', {
        method: 'POST',
        headers: { 'User-Agent': BROWSER },
        body: stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
    expect(recorded).toEqual([]);
  });

  it.each([
    'https://evil.example',
    'null',
    'https://agentora.ai.evil.example',
    'http://agentora.ai',
  ])('counts nothing from a page at %s, answered as a bot is (204)', async (origin) => {
    const { send, recorded } = setup();
    expect((await send(view, { Origin: origin })).status).toBe(204);
    expect(recorded).toEqual([]);
  });

  it('answers preflights, refuses other methods, and hides a failing database', async () => {
    const { handler, errors } = setup(new Error('db.internal:5432 refused'));
    const preflight = await handler(
      new Request('https://project.supabase.co/functions/v1/record-visit', { method: 'OPTIONS' }),
    );
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey');
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await handler(
        new Request('https://project.supabase.co/functions/v1/record-visit', { method }),
      );
      expect(response.status).toBe(405);
    }
    const failed = await handler(post('record-visit', JSON.stringify(view)));
    expect(failed.status).toBe(500);
    expect(await failed.text()).not.toContain('db.internal');
    expect(errors).toHaveLength(1);
  });

  it('calls record_visit with every field, null for the unknown ones', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [];
    const store = createRpcVisitStore({
      rpc: async (fn, args) => (calls.push([fn, args]), { data: true, error: null }),
    });
    expect(
      await store.record({ path: '/', landing: false, source: { utm_source: 'x' } }, null),
    ).toBe(true);
    expect(calls).toEqual([
      [
        'record_visit',
        {
          p_path: '/',
          p_landing: false,
          p_source: 'x',
          p_medium: null,
          p_campaign: null,
          p_referrer_host: null,
          p_client_address: null,
        },
      ],
    ]);
    const broken = createRpcVisitStore({
      rpc: async () => ({ data: null, error: { message: 'denied', code: '42501' } }),
    });
    await expect(
      broken.record({ path: '/', landing: true, source: {} }, '1.2.3.4'),
    ).rejects.toThrow('record_visit failed: denied (42501)');
  });

  it('reads only the beacon’s shape', () => {
    expect(toVisit({ path: '/', landing: true, referrer_host: 'www.google.com' })).toEqual({
      path: '/',
      landing: true,
      source: { referrer_host: 'www.google.com' },
    });
    expect(toVisit({ path: '/', landing: true, __proto__: { x: 1 } })).not.toBeNull();
    expect(toVisit(JSON.parse('{"path":"/","landing":true,"__proto__":{"x":1}}'))).toBeNull();
  });
});

describe('bots', () => {
  const withAgent = (agent?: string) =>
    new Request('https://x.test', { headers: agent === undefined ? {} : { 'User-Agent': agent } });

  it('are the isbot list and every request without a User-Agent', () => {
    expect(isBotRequest(withAgent(BROWSER))).toBe(false);
    expect(
      isBotRequest(
        withAgent(
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        ),
      ),
    ).toBe(false);
    for (const agent of [undefined, '', 'bingbot/2.0', 'node', 'Deno/2.1.4', 'GPTBot/1.2']) {
      expect(isBotRequest(withAgent(agent))).toBe(true);
    }
  });
});

describe('disposable domains', () => {
  it('are the npm list’s, and any subdomain of one, in any letter case', () => {
    for (const domain of [
      'mailinator.com',
      'MAILINATOR.com',
      'a.b.mailinator.com',
      'mailinator.com.',
      ' mailinator.com ',
    ]) {
      expect(isDisposableDomain(domain)).toBe(true);
    }
    for (const domain of [
      'example.com',
      'gmail.com',
      'mailinator.com.example.com',
      'outlook.com',
      'com',
      '',
    ]) {
      expect(isDisposableDomain(domain)).toBe(false);
    }
  });
});

describe('confirm-email handler and places', () => {
  const DISPOSABLE_TOKEN = 'D'.repeat(43);
  const NEWSLETTER_TOKEN = 'N'.repeat(43);
  function setup() {
    const confirmed: Array<[string, boolean]> = [];
    let sent = 0;
    const ledger: Pick<ConsentLedger, 'confirmDomain' | 'confirm'> = {
      confirmDomain: async (hash) =>
        ({
          [sha256(VALID)]: 'example.com',
          [sha256(DISPOSABLE_TOKEN)]: 'x.mailinator.com',
          [sha256(NEWSLETTER_TOKEN)]: 'example.org',
        })[hash] ?? null,
      confirm: async (hash, disposable) => {
        confirmed.push([hash, disposable]);
        if (hash === sha256(NEWSLETTER_TOKEN)) return { list: 'newsletter', place: null };
        if (hash === sha256(VALID) || hash === sha256(DISPOSABLE_TOKEN)) {
          return { list: 'waitlist', place: { position: 12, referralCode: CODE } };
        }
        return null;
      },
    };
    const handler = createConfirmEmailHandler({
      ledger,
      rateLimiter: allow,
      siteOrigins: origins,
      afterAnswer: () => (sent += 1),
      logError: quiet,
    });
    const confirm = (token: unknown) => handler(post('confirm-email', JSON.stringify({ token })));
    return { confirm, confirmed, sent: () => sent };
  }

  it('answers a line sign-up with its place and referral code, and sends the place mail after', async () => {
    const { confirm, confirmed, sent } = setup();
    const response = await confirm(VALID);
    expect([response.status, await response.json()]).toEqual([
      200,
      { success: true, list: 'waitlist', place: { position: 12, referralCode: CODE } },
    ]);
    expect(confirmed).toEqual([[sha256(VALID), false]]);
    expect(sent()).toBe(1);
  });

  it('holds the referral credit of an address at a disposable domain (or a subdomain of one)', async () => {
    const { confirm, confirmed } = setup();
    expect((await confirm(DISPOSABLE_TOKEN)).status).toBe(200);
    expect(confirmed).toEqual([[sha256(DISPOSABLE_TOKEN), true]]);
  });

  it('answers the newsletter without a place and sends nothing after', async () => {
    const { confirm, sent } = setup();
    const response = await confirm(NEWSLETTER_TOKEN);
    expect(await response.json()).toEqual({ success: true, list: 'newsletter' });
    expect(sent()).toBe(0);
  });

  it('gives an unknown token the neutral answer, asking nothing about a malformed one', async () => {
    const { confirm, confirmed, sent } = setup();
    for (const token of ['W'.repeat(43), 'short', 42, null, ['V'.repeat(43)]]) {
      const response = await confirm(token);
      expect([response.status, await response.text()]).toEqual([400, NEUTRAL]);
    }
    // Only the well-formed unknown one reached the database, as not disposable (no domain).
    expect(confirmed).toEqual([[sha256('W'.repeat(43)), false]]);
    expect(sent()).toBe(0);
  });

  it('hides a failing domain lookup like a failing confirmation, confirming nothing', async () => {
    const confirmed: string[] = [];
    const handler = createConfirmEmailHandler({
      ledger: {
        confirmDomain: () => Promise.reject(new Error('db.internal:5432 refused')),
        confirm: async (hash) => (confirmed.push(hash), null),
      },
      rateLimiter: allow,
      siteOrigins: origins,
      logError: quiet,
    });
    const response = await handler(post('confirm-email', JSON.stringify({ token: VALID })));
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('db.internal');
    expect(confirmed).toEqual([]);
  });
});

describe('the consent ledger’s growth calls', () => {
  function ledgerAnswering(data: unknown) {
    const calls: Array<[string, Record<string, unknown>]> = [];
    const client: Pick<ServiceClient, 'rpc'> = {
      rpc: async (fn, args) => (calls.push([fn, args]), { data, error: null }),
    };
    return { ledger: createConsentLedger(client), calls };
  }

  it('confirms with the disposable flag and reads the place', async () => {
    const { ledger, calls } = ledgerAnswering({
      list: 'early_access',
      place: { position: 3, referral_code: CODE },
    });
    expect(await ledger.confirm('h', true)).toEqual({
      list: 'early_access',
      place: { position: 3, referralCode: CODE },
    });
    expect(calls).toEqual([['confirm_signup', { p_token_hash: 'h', p_disposable_domain: true }]]);
    expect(
      await ledgerAnswering({ list: 'newsletter', place: null }).ledger.confirm('h', false),
    ).toEqual({ list: 'newsletter', place: null });
    expect(await ledgerAnswering({ list: 'career' }).ledger.confirm('h', false)).toEqual({
      list: 'career',
      place: null,
    });
    expect(await ledgerAnswering(null).ledger.confirm('h', false)).toBeNull();
  });

  it('refuses a place of another shape: a bug, not something to show', async () => {
    for (const place of [
      { position: 0, referral_code: CODE },
      { position: 1.5, referral_code: CODE },
      { position: '3', referral_code: CODE },
      { position: 3, referral_code: 'ABC' },
      'first',
    ]) {
      await expect(
        ledgerAnswering({ list: 'waitlist', place }).ledger.confirm('h', false),
      ).rejects.toThrow(/unexpected shape/);
    }
    await expect(
      ledgerAnswering({
        list: 'newsletter',
        place: { position: 3, referral_code: CODE },
      }).ledger.confirm('h', false),
    ).rejects.toThrow(/without a line/);
  });

  it('asks for the domain and the place of a token', async () => {
    const domain = ledgerAnswering('example.com');
    expect(await domain.ledger.confirmDomain('h')).toBe('example.com');
    expect(domain.calls).toEqual([['confirm_token_email_domain', { p_token_hash: 'h' }]]);
    expect(await ledgerAnswering(null).ledger.confirmDomain('h')).toBeNull();
    await expect(ledgerAnswering(7).ledger.confirmDomain('h')).rejects.toThrow('no text');

    const place = ledgerAnswering({ list: 'waitlist', position: 1200, referral_code: CODE });
    expect(await place.ledger.place('h')).toEqual({
      list: 'waitlist',
      position: 1200,
      referralCode: CODE,
    });
    expect(place.calls).toEqual([['place_for_token', { p_token_hash: 'h' }]]);
    expect(await ledgerAnswering(null).ledger.place('h')).toBeNull();
    await expect(
      ledgerAnswering({ list: 'newsletter', position: 1, referral_code: CODE }).ledger.place('h'),
    ).rejects.toThrow(/unexpected shape/);
  });
});

describe('signup-place handler', () => {
  function setup(
    place: LinePlace | null | Error = {
      list: 'early_access',
      position: 1312,
      referralCode: CODE,
    },
  ) {
    const asked: string[] = [];
    const limited: Array<[string, string | null]> = [];
    let limit: 'allowed' | 'limited' = 'allowed';
    const handler = createSignupPlaceHandler({
      ledger: {
        place: async (hash) => {
          asked.push(hash);
          if (place instanceof Error) throw place;
          return hash === sha256(VALID) ? place : null;
        },
      },
      rateLimiter: {
        take: async (action, address) => (limited.push([action, address]), limit),
      },
      siteOrigins: origins,
      logError: quiet,
    });
    const ask = (body: unknown, headers: Record<string, string> = {}) =>
      handler(
        post('signup-place', typeof body === 'string' ? body : JSON.stringify(body), headers),
      );
    return { ask, handler, asked, limited, limitTo: (value: typeof limit) => (limit = value) };
  }

  it('answers a live place link with the place now and the referral code', async () => {
    const { ask, asked, limited } = setup();
    const response = await ask({ token: VALID }, { Origin: 'https://agentora.ai' });
    expect([response.status, await response.json()]).toEqual([
      200,
      { success: true, list: 'early_access', position: 1312, referralCode: CODE },
    ]);
    expect(asked).toEqual([sha256(VALID)]);
    expect(limited).toEqual([['signup-place', '203.0.113.9']]);
  });

  it('answers a made-up, malformed or missing token alike, asking only about a well-formed one', async () => {
    const { ask, asked } = setup();
    for (const body of [
      { token: 'W'.repeat(43) },
      { token: VALID.slice(1) },
      { token: `${VALID.slice(1)}=` },
      { token: [VALID] },
      { token: 42 },
      {},
      [],
      'null',
    ]) {
      const response = await ask(body);
      expect([response.status, await response.text()]).toEqual([400, NEUTRAL]);
    }
    expect(asked).toEqual([sha256('W'.repeat(43))]);
  });

  it('refuses another site’s page, other methods, bad and oversized bodies, and a full limit', async () => {
    const { ask, handler, asked, limitTo } = setup();
    expect((await ask({ token: VALID }, { Origin: 'https://evil.example' })).status).toBe(403);
    expect(
      (await handler(new Request('https://project.supabase.co/functions/v1/signup-place'))).status,
    ).toBe(405);
    expect((await ask('{"token":')).status).toBe(400);
    expect((await ask({ token: VALID, pad: 'x'.repeat(1100) })).status).toBe(413);
    limitTo('limited');
    expect((await ask({ token: VALID })).status).toBe(429);
    expect(asked).toEqual([]);
  });

  it('hides a failing database', async () => {
    const { ask } = setup(new Error('db.internal:5432 refused'));
    const response = await ask({ token: VALID });
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('db.internal');
  });
});

describe('the source fields of an application', () => {
  const SOURCE = {
    utm_source: 'linkedin',
    utm_medium: 'social',
    utm_campaign: 'hiring-2026',
    referrer_host: 'www.linkedin.com',
    landing_path: '/careers',
  };

  it('are taken out of the form, empty ones as null', () => {
    const split = splitAttribution(
      new Map([
        ['first_name', 'Ada'],
        ['utm_source', 'linkedin'],
        ['utm_medium', ''],
        ['landing_path', '/careers'],
      ]),
    );
    expect(Object.fromEntries(split.fields)).toEqual({ first_name: 'Ada' });
    expect(split.attribution).toEqual({
      utm_source: 'linkedin',
      utm_medium: null,
      utm_campaign: null,
      referrer_host: null,
      landing_path: '/careers',
    });
    expect(split.problems).toEqual({});
  });

  it.each([
    ['utm_source', 'LinkedIn'],
    ['utm_medium', 'social media'],
    ['utm_campaign', '-launch'],
    ['referrer_host', 'https://www.linkedin.com/'],
    ['landing_path', 'careers'],
    ['landing_path', '/careers?x=1'],
    ['landing_path', `/${'a'.repeat(200)}`],
  ])('refuse %s = %j, by name', (name, value) => {
    const split = splitAttribution(new Map([[name, value]]));
    expect(Object.keys(split.problems)).toEqual([name]);
    expect(split.attribution[name as keyof typeof split.attribution]).toBeNull();
  });

  function applicationHandler() {
    const inserted: NewApplication[] = [];
    const handler = createSubmitApplicationHandler({
      applications: {
        insert: async (row) => (inserted.push(row), { status: 'inserted', id: 'a1' }),
      },
      resumes: {
        upload: async () => undefined,
        remove: async () => undefined,
        signedDownloadUrl: async () => '',
      },
      ledger: { queued: async () => 'm1', queueAgain: async () => false },
      rateLimiter: allow,
      verifyBotCheck: async () => ({ outcome: 'passed', testing: false }),
      linkSecret: 'a-test-secret-of-at-least-32-characters',
      logError: quiet,
    });
    const submit = (fields: Record<string, string>) => {
      const form = new FormData();
      const values = {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        why_join: 'Agents.',
        ...fields,
      };
      for (const [name, value] of Object.entries(values)) form.append(name, value);
      return handler(
        new Request('https://project.supabase.co/functions/v1/submit-application', {
          method: 'POST',
          body: form,
        }),
      );
    };
    return { submit, inserted };
  }

  it('are stored with the application', async () => {
    const { submit, inserted } = applicationHandler();
    expect((await submit(SOURCE)).status).toBe(200);
    expect(inserted[0]).toMatchObject({ first_name: 'Ada', ...SOURCE });
    expect((await submit({})).status).toBe(200);
    expect(inserted[1]).toMatchObject({
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      referrer_host: null,
      landing_path: null,
    });
  });

  it('leave out one not of its shape and keep the application; other bad fields are still refused', async () => {
    const { submit, inserted } = applicationHandler();
    expect((await submit({ ...SOURCE, utm_source: 'Evil Source' })).status).toBe(200);
    expect(inserted[0]).toMatchObject({ ...SOURCE, utm_source: null });
    const response = await submit({ ...SOURCE, utm_source: 'Evil Source', email: 'nope' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      error: 'invalid',
      message: 'Some fields are missing or invalid.',
      fields: ['email'],
    });
    expect(inserted).toHaveLength(1);
  });
});
