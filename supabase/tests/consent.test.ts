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
  apiHeaders,
  signUpThrough,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '@agentora/local-supabase/testing';

// Confirmation and unsubscribing through the real server: the thank-you mail's links, the confirm-email
// and unsubscribe functions (the modules Deno serves), the SQL of supabase/schemas/consent.sql.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const NEUTRAL = { status: 400, body: { success: false, error: 'link_not_valid' } };
const confirm = async (token: unknown) => answer(await callFunction(t, 'confirm-email', { token }));
const madeUpToken = () => 'A'.repeat(40) + Math.random().toString(36).slice(2, 5).padEnd(3, 'x');

async function signedUp(table: Parameters<typeof signUp>[1] = 'early_access_signups') {
  const email = uniqueEmail('grace');
  await signUp(t, table, email);
  const [mail] = await mailsTo(t, email);
  return { email, mail, confirmToken: tokenIn(mail.text, CONFIRM_LINK) };
}

describe('the thank-you mail of a list', () => {
  it('keeps its words, asks for confirmation with a button to the site, and carries one-click unsubscribe', async () => {
    const { email, mail } = await signedUp();
    expect(mail.subject).toBe("You're on the Agentora early access list");
    expect(mail.text).toContain('Thanks for joining the Agentora early access list.');
    expect(mail.text).toMatch(
      /Confirm your email: http:\/\/localhost:4200\/email\/confirm\?token=[A-Za-z0-9_-]{43}\n/,
    );
    expect(mail.html).toMatch(
      /<a href="http:\/\/localhost:4200\/email\/confirm\?token=[^"]+"[^>]*>Confirm your email<\/a>/,
    );
    const unsubscribe = tokenIn(mail.text, UNSUBSCRIBE_PAGE);
    expect(mail.text).toContain(
      `Unsubscribe: http://localhost:4200/email/unsubscribe?token=${unsubscribe}`,
    );
    expect(mail.text).toContain('See or delete your data: http://localhost:4200/privacy/erase');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${t.server.url}/functions/v1/unsubscribe?token=${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const [row] = await rowsOf(t.service, 'early_access_signups', email);
    expect(row.confirmed_at).toBeNull();
  });

  it("stores only the tokens' SHA-256, never the tokens themselves", async () => {
    const { mail, confirmToken } = await signedUp('newsletter_subscriptions');
    const unsubscribe = tokenIn(mail.text, UNSUBSCRIBE_PAGE);
    const { data } = await t.service.from('email_tokens').select('*');
    const stored = JSON.stringify(data);
    expect(stored).not.toContain(confirmToken);
    expect(stored).not.toContain(unsubscribe);
    const byHash = new Map((data ?? []).map((token) => [token.token_hash, token]));
    expect(byHash.get(sha256(confirmToken))).toMatchObject({ purpose: 'confirm' });
    expect(byHash.get(sha256(unsubscribe))).toMatchObject({
      purpose: 'unsubscribe',
      expires_at: null,
    });
    const expiry = Date.parse(byHash.get(sha256(confirmToken))?.expires_at as string);
    expect(expiry - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(expiry - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600_000);
  });

  it('is sent again, with new links, to an unconfirmed address that signs up again; the first link still confirms, and once confirmed a sign-up sends nothing', async () => {
    const { email, confirmToken } = await signedUp('newsletter_subscriptions');
    const again = () =>
      signUpThrough(t.server, { list: 'newsletter', fields: { email: email.toUpperCase() } });
    expect((await again()).status).toBe(409);
    const [, fresh] = await mailsTo(t, email);
    expect(tokenIn(fresh.text, CONFIRM_LINK)).not.toBe(confirmToken);
    expect(await confirm(confirmToken)).toEqual({
      status: 200,
      body: { success: true, list: 'newsletter' },
    });
    expect((await again()).status).toBe(409);
    expect(await mailsTo(t, email)).toHaveLength(2);
    expect(await rowsOf(t.service, 'newsletter_subscriptions', email)).toHaveLength(1);
  });
});

describe('confirm-email', () => {
  it('confirms the sign-up once and says which list (and a line sign-up its place)', async () => {
    const { email, confirmToken } = await signedUp('waitlist_signups');
    expect(await confirm(confirmToken)).toEqual({
      status: 200,
      body: {
        success: true,
        list: 'waitlist',
        place: {
          position: expect.any(Number),
          referralCode: expect.stringMatching(/^[0-9a-f]{16}$/),
        },
      },
    });
    const [row] = await rowsOf(t.service, 'waitlist_signups', email);
    expect(Date.parse(row.confirmed_at as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(await confirm(confirmToken)).toEqual(NEUTRAL);
  });

  it('gives a used, expired, made-up, malformed or other-purpose token the very same answer', async () => {
    const used = await signedUp();
    await confirm(used.confirmToken);
    const expired = await signedUp();
    await t.service
      .from('email_tokens')
      .update({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .eq('token_hash', sha256(expired.confirmToken));
    const unsubscribeToken = tokenIn(expired.mail.text, UNSUBSCRIBE_PAGE);

    const answers = await Promise.all(
      [
        used.confirmToken,
        expired.confirmToken,
        madeUpToken(),
        'short',
        42,
        null,
        unsubscribeToken,
      ].map((token) => callFunction(t, 'confirm-email', { token })),
    );
    const texts = await Promise.all(answers.map((response) => response.text()));
    expect(answers.map((response) => response.status)).toEqual(Array(7).fill(400));
    expect(new Set(texts)).toEqual(new Set([JSON.stringify(NEUTRAL.body)]));
    // The expired sign-up stays unconfirmed; the unsubscribe token still unsubscribes.
    const [row] = await rowsOf(t.service, 'early_access_signups', expired.email);
    expect(row.confirmed_at).toBeNull();
  });

  it('lets exactly one of many concurrent uses of a token win', async () => {
    const { email, confirmToken } = await signedUp('newsletter_subscriptions');
    const results = await Promise.all(Array.from({ length: 12 }, () => confirm(confirmToken)));
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.status === 400)).toHaveLength(11);
    expect(await rowsOf(t.service, 'newsletter_subscriptions', email)).toHaveLength(1);
  });

  it('cannot be guessed: a token that differs in one character is unknown', async () => {
    const { confirmToken } = await signedUp();
    const last = confirmToken.at(-1) === 'A' ? 'B' : 'A';
    expect(await confirm(confirmToken.slice(0, -1) + last)).toEqual(NEUTRAL);
    expect(
      await confirm(
        confirmToken.toLowerCase() === confirmToken
          ? confirmToken.toUpperCase()
          : confirmToken.toLowerCase(),
      ),
    ).toEqual(NEUTRAL);
    expect((await confirm(confirmToken)).status).toBe(200);
  });

  it('needs the anon key (verify_jwt) and a POST', async () => {
    const response = await fetch(`${t.server.url}/functions/v1/confirm-email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: madeUpToken() }),
    });
    expect(response.status).toBe(401);
    const get = await fetch(`${t.server.url}/functions/v1/confirm-email?token=${madeUpToken()}`, {
      headers: apiHeaders(t.server.anonKey),
    });
    expect(get.status).toBe(405);
  });

  it('refuses a page of another site before the token is used, and takes one from the site', async () => {
    const { confirmToken } = await signedUp();
    const foreign = await callFunction(
      t,
      'confirm-email',
      { token: confirmToken },
      { Origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    const site = await callFunction(
      t,
      'confirm-email',
      { token: confirmToken },
      { Origin: 'http://127.0.0.1:4200' },
    );
    expect(site.status).toBe(200);
  });
});

describe('unsubscribe', () => {
  it('takes RFC 8058 one-click POSTs without a key or browser, keeping only the fingerprint, list and date', async () => {
    const { email, mail } = await signedUp('waitlist_signups');
    const target = /^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1] as string;
    expect(await answer(await oneClick(target))).toEqual({
      status: 200,
      body: { success: true, list: 'waitlist' },
    });
    expect(await rowsOf(t.service, 'waitlist_signups', email)).toEqual([]);
    const { data: suppressions } = await t.service
      .from('email_suppressions')
      .select('*')
      .eq('mailbox_sha256', sha256(email.toLowerCase()));
    expect(suppressions).toEqual([
      {
        mailbox_sha256: sha256(email.toLowerCase()),
        list: 'waitlist',
        unsubscribed_on: new Date().toISOString().slice(0, 10),
        last_sign_up_on: null,
      },
    ]);
    const { data: tokens } = await t.service
      .from('email_tokens')
      .select('token_hash')
      .eq('token_hash', sha256(tokenIn(mail.text, CONFIRM_LINK)));
    expect(tokens).toEqual([]);
    expect(await answer(await oneClick(target))).toEqual(NEUTRAL);
  });

  it('sends a GET (a client that opens the URL, a link scanner) to the site page, changing nothing', async () => {
    const { email, mail } = await signedUp();
    const token = tokenIn(mail.text, UNSUBSCRIBE_PAGE);
    const response = await fetch(`${t.server.url}/functions/v1/unsubscribe?token=${token}`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `http://localhost:4200/email/unsubscribe?token=${token}`,
    );
    expect(await rowsOf(t.service, 'early_access_signups', email)).toHaveLength(1);
  });

  it("needs the one-click body, and refuses another site's page", async () => {
    const { email, mail } = await signedUp();
    const url = `${t.server.url}/functions/v1/unsubscribe?token=${tokenIn(mail.text, UNSUBSCRIBE_PAGE)}`;
    for (const body of ['', 'List-Unsubscribe=Yes', 'unsubscribe=1']) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      });
      expect(response.status).toBe(400);
    }
    expect((await oneClick(url, { headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    expect(await rowsOf(t.service, 'early_access_signups', email)).toHaveLength(1);
    expect((await oneClick(url, { headers: { Origin: 'http://localhost:4200' } })).status).toBe(
      200,
    );
  });

  it('answers a made-up, malformed or other-purpose token neutrally', async () => {
    const { mail } = await signedUp();
    const confirmToken = tokenIn(mail.text, CONFIRM_LINK);
    for (const token of [madeUpToken(), 'x', '', confirmToken]) {
      expect(
        await answer(await oneClick(`${t.server.url}/functions/v1/unsubscribe?token=${token}`)),
      ).toEqual(NEUTRAL);
    }
    expect((await confirm(confirmToken)).status).toBe(200);
  });
});

describe('a mailbox that unsubscribed, signing up again', () => {
  async function unsubscribed(table: 'newsletter_subscriptions' | 'early_access_signups') {
    const { email, mail } = await signedUp(table);
    await oneClick(
      `${t.server.url}/functions/v1/unsubscribe?token=${tokenIn(mail.text, UNSUBSCRIBE_PAGE)}`,
    );
    return email;
  }

  it('gets word for word the answer a member gets, and no mail, within 30 days', async () => {
    const email = await unsubscribed('newsletter_subscriptions');
    const member = uniqueEmail('member');
    await signUp(t, 'newsletter_subscriptions', member);

    const post = (address: string) =>
      signUpThrough(t.server, { list: 'newsletter', fields: { email: address } });
    const asMember = await post(member);
    const asSuppressed = await post(email);
    expect(asSuppressed.status).toBe(409);
    expect(asSuppressed.status).toBe(asMember.status);
    const withAddress = (body: string, address: string) =>
      body.split(address.toLowerCase()).join('<address>');
    expect(withAddress(await asSuppressed.text(), email)).toBe(
      withAddress(await asMember.text(), member),
    );
    // A plus-address of the mailbox too.
    const plus = await post(email.replace('@', '+again@'));
    expect(plus.status).toBe(409);
    expect(await plus.json()).toMatchObject({ success: false, error: 'duplicate' });
    expect(await rowsOf(t.service, 'newsletter_subscriptions', email)).toEqual([]);
    expect(await mailsTo(t, email)).toHaveLength(1);
  });

  it('gets the answer a member gets for any spelling of the mailbox, naming the same constraint', async () => {
    const email = await unsubscribed('newsletter_subscriptions');
    const member = uniqueEmail('member');
    await signUp(t, 'newsletter_subscriptions', member);

    const spellings = (address: string) => [
      address,
      address.toUpperCase(),
      address.replace('@', '+again@'),
    ];
    // The visitor's answer: the function sign-up's, one request per sign-up.
    const answersTo = async (address: string) => {
      const answers = [];
      for (const spelling of spellings(address)) {
        const response = await signUpThrough(t.server, {
          list: 'newsletter',
          fields: { email: spelling },
        });
        answers.push([response.status, await response.json()]);
      }
      return answers;
    };
    const memberAnswers = await answersTo(member);
    expect(memberAnswers.map(([status]) => status)).toEqual([409, 409, 409]);
    expect(await answersTo(email)).toEqual(memberAnswers);
    // Under it, the insert public.sign_up makes: the same violation of the same constraint, which a role
    // that may read the table (the secret key's) is shown with the key, as PostgreSQL shows it.
    const insertWithKey = async (address: string) => {
      const response = await fetch(`${t.server.url}/rest/v1/newsletter_subscriptions`, {
        method: 'POST',
        headers: apiHeaders(t.server.secretKey, { Prefer: 'return=minimal' }),
        body: JSON.stringify({ email: address }),
      });
      return (await response.json()) as { code: string; message: string; details: string };
    };
    const withKey = async (address: string) =>
      (await insertWithKey(address)).details.replace(address.toLowerCase(), '<mailbox>');
    expect(await withKey(email)).toBe(await withKey(member));
    expect(await withKey(member)).toBe('Key (private.mailbox(email))=(<mailbox>) already exists.');
    const serviceAnswers = [];
    for (const spelling of [...spellings(member), ...spellings(email)])
      serviceAnswers.push(await insertWithKey(spelling));
    expect(new Set(serviceAnswers.map(({ code, message }) => `${code} ${message}`))).toEqual(
      new Set([
        '23505 duplicate key value violates unique constraint "newsletter_subscriptions_mailbox_key"',
      ]),
    );
  });

  it('after 30 days is asked to confirm once, and confirming lifts the suppression', async () => {
    const email = await unsubscribed('early_access_signups');
    const fingerprint = sha256(email.toLowerCase());
    await t.service
      .from('email_suppressions')
      .update({ unsubscribed_on: new Date(Date.now() - 31 * 86400_000).toISOString().slice(0, 10) })
      .eq('mailbox_sha256', fingerprint);
    await signUp(t, 'early_access_signups', email);
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(2);
    const { data: waiting } = await t.service
      .from('email_suppressions')
      .select('last_sign_up_on')
      .eq('mailbox_sha256', fingerprint);
    expect(waiting).toEqual([{ last_sign_up_on: new Date().toISOString().slice(0, 10) }]);
    expect((await confirm(tokenIn(mails[1].text, CONFIRM_LINK))).status).toBe(200);
    const { data: lifted } = await t.service
      .from('email_suppressions')
      .select('list')
      .eq('mailbox_sha256', fingerprint);
    expect(lifted).toEqual([]);
  });

  it('is suppressed per list: another list still works', async () => {
    const email = await unsubscribed('newsletter_subscriptions');
    await signUp(t, 'early_access_signups', email);
    expect(await mailsTo(t, email)).toHaveLength(2);
  });
});

describe('the mail functions with production limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ rateLimits: 'production' });
  });
  afterAll(() => limited.stop());

  it('refuses the 31st confirmation attempt a minute from one address (guessing is slow as well as hopeless)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push(
        (await callFunction(limited, 'confirm-email', { token: madeUpToken() })).status,
      );
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
    expect(statuses[30]).toBe(429);
  });
});
