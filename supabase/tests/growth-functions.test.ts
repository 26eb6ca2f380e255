import {
  fetchFromAddress,
  signUpThrough,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '@agentora/local-supabase/testing';
import { placeText } from '../functions/_shared/rules/places.ts';
import {
  answer,
  callFunction,
  CONFIRM_LINK,
  mailsTo,
  oneClick,
  rowsOf,
  sha256,
  signUp,
  tokenIn,
  UNSUBSCRIBE_PAGE,
} from './test-support/consent.ts';
import {
  BOT_CHECK_FORM_FIELD,
  TURNSTILE_DUMMY_TOKEN,
} from '../functions/_shared/rules/bot-check.ts';

// The growth functions through the real server (docs/growth.md): record-visit, confirm-email's place and
// disposable-domain hold, the place mail the worker sends, the place page's signup-place, and the source
// fields of an application — each index.ts on Deno, the SQL of supabase/schemas (visits.sql,
// consent.sql, places.sql, referrals.sql, and mail-kinds.sql for the place mail).
// The handlers' own rules, with fakes, are in unit/growth-handlers.test.ts and unit/place-mail.test.ts.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const SITE = 'http://localhost:4200';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const NEUTRAL = { status: 400, body: { success: false, error: 'link_not_valid' } };
const PLACE_PAGE = /\/email\/place/;
const CODE_SHAPE = /^[0-9a-f]{16}$/;

type Line = 'early_access' | 'waitlist';
const TABLES = { early_access: 'early_access_signups', waitlist: 'waitlist_signups' } as const;

/** Today's visit counts of a path, per source (record_visit counts by the UTC day). */
async function countsOf(server: TestServer, path: string) {
  const { data, error } = await server.service
    .from('visit_counts')
    .select('source, medium, campaign, referrer_host, views, landings')
    .eq('path', path)
    .eq('day', new Date().toISOString().slice(0, 10));
  if (error) throw new Error(error.message);
  return data;
}

/** A page view as the site's beacon sends it: a browser's User-Agent, from the site's origin. */
function beacon(
  server: TestServer,
  body: unknown,
  headers: Record<string, string> = {},
  from: typeof fetch = fetch,
): Promise<Response> {
  return callFunction(
    server,
    'record-visit',
    body,
    { Origin: SITE, 'User-Agent': BROWSER, ...headers },
    server.server.publishableKey,
    from,
  );
}

const uniquePath = () => `/p-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** Signs an address up for a line the way the site does (with a referral code, if any), and mails it. */
async function joinLine(list: Line, email: string, referredBy?: string): Promise<void> {
  const row: Record<string, string> =
    list === 'waitlist'
      ? { email, first_name: 'Ada', last_name: 'Lovelace', company: 'Engines' }
      : { email };
  const response = await signUpThrough(t.server, {
    list,
    fields: row,
    ...(referredBy ? { referred_by: referredBy } : {}),
  });
  if (response.status !== 200)
    throw new Error(`Signing up failed: ${response.status} ${await response.text()}`);
}

/** Joins, then confirms with the link of the thank-you mail: the confirmation's answer. */
async function joinAndConfirm(list: Line, email: string, referredBy?: string) {
  await joinLine(list, email, referredBy);
  const [thankYou] = await mailsTo(t, email);
  const confirmed = await answer(
    await callFunction(t, 'confirm-email', { token: tokenIn(thankYou.text, CONFIRM_LINK) }),
  );
  expect(confirmed.status).toBe(200);
  return confirmed.body as {
    success: true;
    list: Line;
    place: { position: number; referralCode: string };
  };
}

/** The place mail of a confirmed sign-up: the second mail to it, after the thank-you. */
async function placeMailOf(email: string) {
  const mails = await mailsTo(t, email);
  expect(mails).toHaveLength(2);
  return mails[1];
}

async function creditOf(list: Line, email: string): Promise<number> {
  const [row] = await rowsOf(t.service, TABLES[list], email);
  const { data, error } = await t.service.rpc('signup_place', { p_list: list, p_id: row.id });
  if (error) throw new Error(error.message);
  return (data as { credited: number }).credited;
}

describe('record-visit', () => {
  it("counts the site's page views per day, path and source, and a landing only when it is one", async () => {
    const path = uniquePath();
    const source = {
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'launch-week',
      referrer_host: 'news.example.com',
    };
    const first = await beacon(t, { path, landing: true, ...source });
    expect([first.status, await first.text()]).toEqual([204, '']);
    expect((await beacon(t, { path, landing: false, ...source })).status).toBe(204);
    expect((await beacon(t, { path, landing: true })).status).toBe(204);
    const counts = await countsOf(t, path);
    expect(counts).toHaveLength(2);
    expect(counts).toEqual(
      expect.arrayContaining([
        {
          source: 'newsletter',
          medium: 'email',
          campaign: 'launch-week',
          referrer_host: 'news.example.com',
          views: 2,
          landings: 1,
        },
        { source: '', medium: '', campaign: '', referrer_host: '', views: 1, landings: 1 },
      ]),
    );
  });

  it('counts nothing from a bot, a headless browser or a request without a User-Agent, and says so to no one', async () => {
    const path = uniquePath();
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      BROWSER.replace('Chrome/', 'HeadlessChrome/'),
      'curl/8.5.0',
      '',
    ]) {
      const response = await beacon(t, { path, landing: true }, { 'User-Agent': agent });
      expect([response.status, await response.text()]).toEqual([204, '']);
    }
    // Node's own fetch says "node": a script, not a visitor.
    const script = await callFunction(t, 'record-visit', { path, landing: true });
    expect(script.status).toBe(204);
    expect(await countsOf(t, path)).toEqual([]);
  });

  it('refuses oversized, malformed and mistyped bodies, other origins and missing or made-up keys', async () => {
    const path = uniquePath();
    const raw = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${t.server.url}/functions/v1/record-visit`, {
        method: 'POST',
        headers: {
          apikey: t.server.publishableKey,
          'Content-Type': 'application/json',
          Origin: SITE,
          'User-Agent': BROWSER,
          ...headers,
        },
        body,
      });
    expect((await raw(JSON.stringify({ path, landing: true, pad: 'x'.repeat(2000) }))).status).toBe(
      413,
    );
    expect((await raw('{"path":')).status).toBe(400);
    for (const body of [
      [],
      { path, landing: 'yes' },
      { path: `${path}?q=1`, landing: true },
      { path, landing: true, utm_source: 'Not A Tag' },
      { path, landing: true, referrer_host: 'https://evil.example/' },
      { path, landing: true, visitor_id: 'abc' },
    ]) {
      expect((await beacon(t, body)).status).toBe(400);
    }
    // A page of another origin: the local server refuses one off this machine (hosted Supabase's API
    // gateway would pass it on); the function answers one it passes, on another port, as it answers a
    // bot, and counts nothing.
    expect(
      (await beacon(t, { path, landing: true }, { Origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect(
      (await beacon(t, { path, landing: true }, { Origin: 'http://127.0.0.1:4999' })).status,
    ).toBe(204);
    expect((await raw(JSON.stringify({ path, landing: true }), { apikey: '' })).status).toBe(401);
    expect(
      (await raw(JSON.stringify({ path, landing: true }), { apikey: 'sb_publishable_made_up' }))
        .status,
    ).toBe(401);
    expect(await countsOf(t, path)).toEqual([]);

    const preflight = await fetch(`${t.server.url}/functions/v1/record-visit`, {
      method: 'OPTIONS',
      headers: {
        Origin: SITE,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey,authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE);
  });

  it('cannot be read or written around the function', async () => {
    expect((await t.anon.from('visit_counts').select('*')).error).not.toBeNull();
    expect(
      (
        await t.anon.rpc('record_visit', {
          p_path: '/',
          p_landing: true,
          p_source: null,
          p_medium: null,
          p_campaign: null,
          p_referrer_host: null,
          p_client_address: '203.0.113.1',
        })
      ).error,
    ).not.toBeNull();
  });
});

describe('confirming a sign-up of a line', () => {
  it('answers its place and referral code, and mails the place once, with the links it needs', async () => {
    const email = uniqueEmail('place');
    const confirmed = await joinAndConfirm('early_access', email);
    expect(confirmed).toEqual({
      success: true,
      list: 'early_access',
      place: { position: expect.any(Number), referralCode: expect.stringMatching(CODE_SHAPE) },
    });
    const { position, referralCode } = confirmed.place;
    const [row] = await rowsOf(t.service, 'early_access_signups', email);
    expect(row.referral_code).toBe(referralCode);

    const mail = await placeMailOf(email);
    expect(mail.subject).toBe(`You're ${placeText(position)} on the Agentora early access list`);
    expect(mail.text).toContain('Hi there,');
    expect(mail.text).toContain(`Your link: ${SITE}/?ref=${referralCode}\n`);
    expect(mail.text).toContain('moves you up 10 places');
    const placeToken = tokenIn(mail.text, PLACE_PAGE);
    const unsubscribe = tokenIn(mail.text, UNSUBSCRIBE_PAGE);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${t.server.url}/functions/v1/unsubscribe?token=${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // Only the tokens' hashes are stored.
    const { data: tokens } = await t.service
      .from('email_tokens')
      .select('token_hash, purpose, expires_at')
      .eq('early_access_id', row.id);
    expect(JSON.stringify(tokens)).not.toContain(placeToken);
    expect(tokens).toEqual(
      expect.arrayContaining([
        { token_hash: sha256(placeToken), purpose: 'place', expires_at: null },
        { token_hash: sha256(unsubscribe), purpose: 'unsubscribe', expires_at: null },
      ]),
    );
    // Nothing more is mailed when the queue runs again.
    expect(await mailsTo(t, email)).toHaveLength(2);
  });

  it('greets a waitlist member without the name they typed, and links the waitlist’s form', async () => {
    const email = uniqueEmail('wait');
    const { place } = await joinAndConfirm('waitlist', email);
    const mail = await placeMailOf(email);
    expect(mail.subject).toMatch(
      /^You're #[\d,]+ (of the first 1,000|in line) on the Agentora waitlist$/,
    );
    expect(mail.text).toContain('Hi there,');
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/Ada|Lovelace|Engines/);
    expect(mail.text).toContain(`${SITE}/coming-soon?ref=${place.referralCode}`);
  });

  it('answers the newsletter without a place and mails it nothing more', async () => {
    const email = uniqueEmail('news');
    await signUp(t, 'newsletter_subscriptions', email);
    const [thankYou] = await mailsTo(t, email);
    const confirmed = await answer(
      await callFunction(t, 'confirm-email', { token: tokenIn(thankYou.text, CONFIRM_LINK) }),
    );
    expect(confirmed).toEqual({ status: 200, body: { success: true, list: 'newsletter' } });
    expect(await mailsTo(t, email)).toHaveLength(1);
  });

  it('credits a referral from a real mailbox, and holds one from a disposable domain', async () => {
    const referrer = uniqueEmail('referrer');
    const { place } = await joinAndConfirm('early_access', referrer);
    expect(await creditOf('early_access', referrer)).toBe(0);

    const local = `friend${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const disposable = `${local}@sub.mailinator.com`;
    await joinAndConfirm('early_access', disposable, place.referralCode);
    const [held] = await rowsOf(t.service, 'early_access_signups', disposable);
    expect([held.referred_by, held.referral_hold]).toEqual([place.referralCode, 'disposable']);
    expect(await creditOf('early_access', referrer)).toBe(0);

    const friend = uniqueEmail('friend');
    await joinAndConfirm('early_access', friend, place.referralCode);
    const [credited] = await rowsOf(t.service, 'early_access_signups', friend);
    expect([credited.referred_by, credited.referral_hold]).toEqual([place.referralCode, null]);
    expect(await creditOf('early_access', referrer)).toBe(1);
  });
});

describe('signup-place', () => {
  async function placeLink(list: Line = 'early_access') {
    const email = uniqueEmail('link');
    const { place } = await joinAndConfirm(list, email);
    const mail = await placeMailOf(email);
    return {
      email,
      place,
      placeToken: tokenIn(mail.text, PLACE_PAGE),
      unsubscribe: tokenIn(mail.text, UNSUBSCRIBE_PAGE),
    };
  }
  const lookUp = async (token: unknown, headers: Record<string, string> = {}) =>
    answer(await callFunction(t, 'signup-place', { token }, headers));

  it('shows the place of a place link, as often as it is opened, from the site or no browser', async () => {
    const { place, placeToken } = await placeLink('waitlist');
    const expected = {
      status: 200,
      body: {
        success: true,
        list: 'waitlist',
        position: place.position,
        referralCode: place.referralCode,
      },
    };
    expect(await lookUp(placeToken, { Origin: SITE })).toEqual(expected);
    expect(await lookUp(placeToken)).toEqual(expected);
  });

  it('gives a made-up, malformed, other-purpose or gone link the very same answer', async () => {
    const { email, placeToken, unsubscribe } = await placeLink();
    const madeUp = 'A'.repeat(40) + Math.random().toString(36).slice(2, 5).padEnd(3, 'x');
    for (const token of [
      madeUp,
      placeToken.slice(0, -1) + (placeToken.at(-1) === 'A' ? 'B' : 'A'),
      unsubscribe,
      'short',
      42,
      null,
    ]) {
      expect(await lookUp(token)).toEqual(NEUTRAL);
    }
    // Unsubscribing with the place mail's own link deletes the sign-up; its place link then shows nothing.
    expect(
      (await oneClick(`${t.server.url}/functions/v1/unsubscribe?token=${unsubscribe}`)).status,
    ).toBe(200);
    expect(await rowsOf(t.service, 'early_access_signups', email)).toEqual([]);
    expect(await lookUp(placeToken)).toEqual(NEUTRAL);
  });

  it('refuses another site’s page, a missing key and a GET', async () => {
    const { placeToken } = await placeLink();
    expect((await lookUp(placeToken, { Origin: 'https://evil.example' })).status).toBe(403);
    const keyless = await fetch(`${t.server.url}/functions/v1/signup-place`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: placeToken }),
    });
    expect(keyless.status).toBe(401);
    const get = await fetch(`${t.server.url}/functions/v1/signup-place?token=${placeToken}`, {
      headers: { apikey: t.server.publishableKey },
    });
    expect(get.status).toBe(405);
  });
});

describe('an application', () => {
  function form(fields: Record<string, string>): FormData {
    const body = new FormData();
    const values = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: uniqueEmail('applicant'),
      why_join: 'Agents.',
      ...fields,
    };
    for (const [name, value] of Object.entries(values)) body.append(name, value);
    body.append(BOT_CHECK_FORM_FIELD, TURNSTILE_DUMMY_TOKEN);
    return body;
  }
  const submit = (body: FormData) =>
    fetch(`${t.server.url}/functions/v1/submit-application`, {
      method: 'POST',
      headers: { apikey: t.server.publishableKey },
      body,
    });

  it('stores the source fields of the visit', async () => {
    const email = uniqueEmail('sourced');
    const source = {
      utm_source: 'linkedin',
      utm_medium: 'social',
      utm_campaign: 'hiring',
      referrer_host: 'www.linkedin.com',
      landing_path: '/careers',
    };
    expect((await submit(form({ email, ...source }))).status).toBe(200);
    const [row] = await rowsOf(t.service, 'general_applications', email);
    expect(row).toMatchObject(source);
  });

  it('leaves out a source field of another shape and keeps the application', async () => {
    const email = uniqueEmail('badsource');
    const response = await submit(
      form({ email, utm_source: 'LinkedIn Ads', landing_path: '/careers' }),
    );
    expect(response.status).toBe(200);
    const [row] = await rowsOf(t.service, 'general_applications', email);
    expect(row).toMatchObject({ utm_source: null, landing_path: '/careers' });
  });
});

describe('with production limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ rateLimits: 'production' });
  });
  afterAll(() => limited.stop());

  it('counts 60 page views a minute from one address and drops the rest silently; another address still counts', async () => {
    const path = uniquePath();
    const one = fetchFromAddress('127.0.0.31');
    for (let view = 0; view < 61; view += 1) {
      const response = await beacon(limited, { path, landing: false }, {}, one);
      expect(response.status).toBe(204);
    }
    expect(await countsOf(limited, path)).toEqual([
      { source: '', medium: '', campaign: '', referrer_host: '', views: 60, landings: 0 },
    ]);
    await beacon(limited, { path, landing: true }, {}, fetchFromAddress('127.0.0.32'));
    expect(await countsOf(limited, path)).toEqual([
      { source: '', medium: '', campaign: '', referrer_host: '', views: 61, landings: 1 },
    ]);
  });

  it('answers the 31st place link use a minute from one address with 429', async () => {
    const one = fetchFromAddress('127.0.0.33');
    const token = 'B'.repeat(43);
    for (let use = 0; use < 30; use += 1) {
      const response = await callFunction(
        limited,
        'signup-place',
        { token },
        {},
        limited.server.publishableKey,
        one,
      );
      expect(response.status).toBe(400);
    }
    const over = await callFunction(
      limited,
      'signup-place',
      { token },
      {},
      limited.server.publishableKey,
      one,
    );
    expect(over.status).toBe(429);
  });
});
