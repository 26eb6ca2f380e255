import { fetchFromAddress, pdfBytes } from '@agentora/local-supabase/testing';
import {
  answer,
  callFunction,
  mailsTo,
  oneClick,
  PRIVACY_LINK,
  rowsOf,
  sha256,
  signUp,
  tokenIn,
  UNSUBSCRIBE_PAGE,
  waitForMails,
} from './test-support/consent.ts';
import { startTestServer, uniqueEmail, type TestServer } from '@agentora/local-supabase/testing';
import {
  BOT_CHECK_FORM_FIELD,
  TURNSTILE_DUMMY_TOKEN,
} from '../functions/_shared/rules/bot-check.ts';

// Erasure and copies through the real server: privacy-request mails a link, privacy-fulfil uses it; the
// résumé files in the private bucket go with the rows.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const NEUTRAL = { status: 400, body: { success: false, error: 'link_not_valid' } };

async function apply(email: string, resume = true): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    first_name: 'Ada',
    last_name: 'Lovelace',
    email,
    why_join: 'To build it.',
    current_role: 'Engineer',
  }))
    form.append(name, value);
  form.append(BOT_CHECK_FORM_FIELD, TURNSTILE_DUMMY_TOKEN);
  if (resume) {
    form.append(
      'resume',
      new File([new Uint8Array(pdfBytes(2048))], 'Ada CV.pdf', { type: 'application/pdf' }),
    );
  }
  const { error } = await t.anon.functions.invoke('submit-application', { body: form });
  if (error) throw new Error(`Applying failed: ${String(error)}`);
}

/** Someone with a record in every table, and the résumé's object path. */
async function everywhere(label: string): Promise<{ email: string; resumePath: string }> {
  const email = uniqueEmail(label);
  await signUp(t, 'early_access_signups', email);
  await signUp(t, 'newsletter_subscriptions', email.replace('@', '+news@'));
  await signUp(t, 'waitlist_signups', email.toUpperCase());
  await apply(email);
  const [application] = await rowsOf(t.service, 'general_applications', email);
  return { email, resumePath: application.resume_path as string };
}

async function recordCount(email: string): Promise<number> {
  const fingerprint = sha256(email.toLowerCase());
  let count = 0;
  for (const table of [
    'early_access_signups',
    'newsletter_subscriptions',
    'waitlist_signups',
    'general_applications',
  ]) {
    const { data } = await t.service.from(table).select('email');
    count += (data ?? []).filter(
      (row) => sha256(row.email.toLowerCase().replace(/\+[^@]*@/, '@')) === fingerprint,
    ).length;
  }
  return count;
}

async function objectExists(path: string): Promise<boolean> {
  const { data } = await t.service.storage.from('applications').list('resumes', { limit: 1000 });
  return (data ?? []).some((object) => `resumes/${object.name}` === path);
}

const request = (email: string, action: string, headers: Record<string, string> = {}) =>
  callFunction(t, 'privacy-request', { email, action }, headers);
const fulfil = async (token: unknown, action: unknown) =>
  answer(await callFunction(t, 'privacy-fulfil', { token, action }));

const privacyMails = async (mailbox: string) =>
  (await mailsTo(t, mailbox)).filter((mail) => mail.text.includes('/privacy/erase?action='));

/** Asks for a link and returns its token, from the mail that went to the mailbox. */
async function linkFor(email: string, action: 'erase' | 'copy'): Promise<string> {
  const mailbox = email.toLowerCase().replace(/\+[^@]*@/, '@');
  const before = (await privacyMails(mailbox)).length;
  expect(await answer(await request(email, action))).toEqual({
    status: 202,
    body: { success: true },
  });
  for (let tries = 0; tries < 100; tries += 1) {
    const mails = await privacyMails(mailbox);
    if (mails.length > before) {
      const { text } = mails[mails.length - 1];
      expect(text).toContain(`http://localhost:4200/privacy/erase?action=${action}&token=`);
      return tokenIn(text, PRIVACY_LINK);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No ${action} link reached ${mailbox}.`);
}

describe('the careers mail', () => {
  it('says what is kept and for how long, asks for no confirmation, and unsubscribing keeps the application', async () => {
    const email = uniqueEmail('applicant');
    await apply(email, false);
    const [mail] = await mailsTo(t, email);
    expect(mail.text).toContain(
      'We keep the details you sent us and your résumé, if you attached one, for 12 months from today, then delete them.',
    );
    expect(mail.text).toContain('privacy page (http://localhost:4200/privacy/erase)');
    expect(mail.text).not.toContain('/email/confirm');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = await oneClick(
      `${t.server.url}/functions/v1/unsubscribe?token=${tokenIn(mail.text, UNSUBSCRIBE_PAGE)}`,
    );
    expect(await answer(unsubscribe)).toEqual({
      status: 200,
      body: { success: true, list: 'career' },
    });
    expect(await rowsOf(t.service, 'general_applications', email)).toHaveLength(1);
    // No more application mail to that mailbox: a later application is stored but not mailed.
    await t.service.from('general_applications').delete().ilike('email', email);
    await apply(email, false);
    expect(await rowsOf(t.service, 'general_applications', email)).toHaveLength(1);
    expect(await mailsTo(t, email)).toHaveLength(1);
  });
});

describe('privacy-request', () => {
  it('answers an unknown address exactly as a known one, and mails only the known one', async () => {
    const { email } = await everywhere('known');
    const stranger = uniqueEmail('stranger');
    const known = await request(email, 'erase');
    const unknown = await request(stranger, 'erase');
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    await waitForMails(t, email, 4);
    // Both answered: a link is queued before the answer, and mailsTo sends everything due first.
    expect(await mailsTo(t, stranger)).toEqual([]);
  });

  it('mails the link to the mailbox (lower case, no +tag), not to the spelling typed', async () => {
    const { email } = await everywhere('spelling');
    const typed = email.replace('@', '+someone-else@').toUpperCase();
    await request(typed, 'copy');
    const mails = await waitForMails(t, email, 4);
    // Found by its subject: the sign-ups' mails are sent after their answers, so one of them may
    // reach the outbox after this one.
    expect(mails.map((mail) => mail.subject)).toContain('Your copy of your Agentora data');
    const copy = mails.find((mail) => mail.subject === 'Your copy of your Agentora data');
    expect(copy?.to).toBe(email.toLowerCase());
    expect(copy?.headers).toBeUndefined();
    expect(await mailsTo(t, typed)).toEqual([]);
  });

  it('refuses what is not a plain address or an action, header injection included', async () => {
    for (const body of [
      { email: 'a@example.com\r\nBcc: everyone@example.com', action: 'erase' },
      { email: 'Victim <victim@example.org>', action: 'erase' },
      { email: 'a@example.com', action: 'delete-everything' },
      { email: ['a@example.com'], action: 'copy' },
    ]) {
      expect((await callFunction(t, 'privacy-request', body)).status).toBe(400);
    }
  });
});

describe('privacy-fulfil', () => {
  it('erases every row and the résumé of the mailbox, and nothing of anyone else', async () => {
    const ada = await everywhere('ada');
    const bob = await everywhere('bob');
    const token = await linkFor(ada.email, 'erase');
    expect(await recordCount(ada.email)).toBe(4);

    expect(await fulfil(token, 'erase')).toEqual({
      status: 200,
      body: {
        success: true,
        action: 'erase',
        erased: { early_access: 1, newsletter: 1, waitlist: 1, applications: 1, resumes: 1 },
        pending: { resumes: 0 },
        kept: { suppressions: 0 },
      },
    });
    expect(await recordCount(ada.email)).toBe(0);
    expect(await objectExists(ada.resumePath)).toBe(false);
    expect((await t.service.from('resume_removals').select('path')).data).toEqual([]);
    const { data: tokens } = await t.service.from('email_tokens').select('mailbox_sha256');
    expect(
      (tokens ?? []).filter((row) => row.mailbox_sha256 === sha256(ada.email.toLowerCase())),
    ).toEqual([]);

    expect(await recordCount(bob.email)).toBe(4);
    expect(await objectExists(bob.resumePath)).toBe(true);
    expect(await fulfil(token, 'erase')).toEqual(NEUTRAL);
  });

  it('keeps the unsubscribe records, and says so', async () => {
    const email = uniqueEmail('leaver');
    await signUp(t, 'newsletter_subscriptions', email);
    const [mail] = await mailsTo(t, email);
    await oneClick(
      `${t.server.url}/functions/v1/unsubscribe?token=${tokenIn(mail.text, UNSUBSCRIBE_PAGE)}`,
    );
    await signUp(t, 'early_access_signups', email);
    const result = await fulfil(await linkFor(email, 'erase'), 'erase');
    expect(result.body).toMatchObject({
      erased: { early_access: 1, newsletter: 0 },
      kept: { suppressions: 1 },
    });
  });

  it('copies every record of the mailbox, with a résumé download that works without a key', async () => {
    const ada = await everywhere('copy');
    const token = await linkFor(ada.email, 'copy');
    const { status, body } = await fulfil(token, 'copy');
    expect(status).toBe(200);
    const { records } = body as {
      records: Record<string, Array<Record<string, unknown>>>;
    };
    expect(records.early_access).toEqual([
      expect.objectContaining({ email: ada.email, confirmed_at: null }),
    ]);
    expect(records.newsletter).toEqual([
      expect.objectContaining({ email: ada.email.replace('@', '+news@') }),
    ]);
    expect(records.waitlist).toEqual([
      expect.objectContaining({ email: ada.email.toUpperCase(), company: 'Engines' }),
    ]);
    expect(records.suppressions).toEqual([]);
    const [application] = records.applications;
    expect(application).toMatchObject({
      email: ada.email,
      current_role: 'Engineer',
      resume_filename: 'Ada CV.pdf',
    });
    expect(application).not.toHaveProperty('resume_path');
    const resume = application.resume as {
      filename: string;
      url: string;
      expires_in_seconds: number;
    };
    expect(resume).toMatchObject({ filename: 'Ada CV.pdf', expires_in_seconds: 600 });
    const download = await fetch(resume.url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(pdfBytes(2048));
    expect(download.headers.get('content-disposition')).toContain('Ada%20CV.pdf');

    expect(await fulfil(token, 'copy')).toEqual(NEUTRAL);
    expect(await recordCount(ada.email)).toBe(4);
  });

  it('gives a token of the other action, an expired, made-up or malformed one the neutral answer, and uses none of them', async () => {
    const { email } = await everywhere('mixed');
    const erase = await linkFor(email, 'erase');
    const copy = await linkFor(email, 'copy');
    const expired = await linkFor(email, 'copy');
    await t.service
      .from('email_tokens')
      .update({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .eq('token_hash', sha256(expired));
    const signup = tokenIn((await mailsTo(t, email))[0].text, UNSUBSCRIBE_PAGE);
    for (const [token, action] of [
      [erase, 'copy'],
      [copy, 'erase'],
      [expired, 'copy'],
      [signup, 'erase'],
      ['B'.repeat(43), 'erase'],
      ['../../etc', 'copy'],
      [erase, 'delete'],
    ]) {
      expect(await fulfil(token, action)).toEqual(NEUTRAL);
    }
    expect(await recordCount(email)).toBe(4);
    expect((await fulfil(copy, 'copy')).status).toBe(200);
    expect((await fulfil(erase, 'erase')).status).toBe(200);
  });

  it('lets one of many concurrent erasures with one token win', async () => {
    const { email } = await everywhere('race');
    const token = await linkFor(email, 'erase');
    const results = await Promise.all(Array.from({ length: 8 }, () => fulfil(token, 'erase')));
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.status === 400)).toHaveLength(7);
  });

  it("refuses another site's page before the token is used", async () => {
    const { email } = await everywhere('origin');
    const token = await linkFor(email, 'copy');
    const foreign = await callFunction(
      t,
      'privacy-fulfil',
      { token, action: 'copy' },
      { Origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    expect((await fulfil(token, 'copy')).status).toBe(200);
  });
});

describe('privacy-request with production limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ rateLimits: 'production' });
    // The limits of links per requester and per mailbox, under the budget of every unconfirmed mail a
    // person gets (3 a day, which mail-budget.test.ts holds): raised here, so that these show.
    const { error } = await limited.service
      .from('rate_limit_rules')
      .update({ max_requests: 1000 })
      .eq('action', 'unconfirmed-mail-per-person');
    expect(error).toBeNull();
  });
  afterAll(() => limited.stop());

  it('mails a mailbox at most 3 links a day, answering alike', async () => {
    const email = uniqueEmail('capped');
    await signUp(limited, 'early_access_signups', email);
    const statuses: number[] = [];
    for (const [i, address] of [
      email,
      email,
      email.toUpperCase(),
      email.replace('@', '+x@'),
    ].entries()) {
      const response = await callFunction(limited, 'privacy-request', {
        email: address,
        action: i % 2 ? 'copy' : 'erase',
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([202, 202, 202, 202]);
    await waitForMails(limited, email, 4);
    // Every request has answered, so every link it queued is in the queue, which mailsTo empties.
    const links = (await mailsTo(limited, email)).filter((mail) =>
      mail.text.includes('/privacy/erase?action='),
    );
    expect(links).toHaveLength(3);
  });

  it("lets strangers spend at most 3 of a mailbox's links a day: its owner's own request still gets one", async () => {
    const email = uniqueEmail('owner');
    await signUp(limited, 'early_access_signups', email);
    const linksTo = async () =>
      (await mailsTo(limited, email)).filter((mail) =>
        mail.text.includes('/privacy/erase?action='),
      );
    // A stranger at 127.0.0.3 asks 4 times, in any spelling: 3 links go out, the 4th is capped.
    const stranger = fetchFromAddress('127.0.0.3');
    for (const address of [email, email.toUpperCase(), email.replace('@', '+x@'), email]) {
      const response = await callFunction(
        limited,
        'privacy-request',
        { email: address, action: 'erase' },
        {},
        limited.server.publishableKey,
        stranger,
      );
      expect(response.status).toBe(202);
    }
    await waitForMails(limited, email, 4);
    // The owner, at another address, is not refused by what the stranger spent.
    const owner = fetchFromAddress('127.0.0.4');
    const own = await callFunction(
      limited,
      'privacy-request',
      { email, action: 'copy' },
      {},
      limited.server.publishableKey,
      owner,
    );
    expect(own.status).toBe(202);
    await waitForMails(limited, email, 5);
    const links = await linksTo();
    expect(links).toHaveLength(4);
    expect(links.filter((mail) => mail.text.includes('action=copy'))).toHaveLength(1);
  });

  it('mails a mailbox at most 10 links a day, however many requesters ask', async () => {
    const email = uniqueEmail('ceiling');
    await signUp(limited, 'early_access_signups', email);
    for (let requester = 0; requester < 4; requester += 1) {
      for (let i = 0; i < 3; i += 1) {
        const response = await callFunction(
          limited,
          'privacy-request',
          { email, action: 'erase' },
          {},
          limited.server.publishableKey,
          fetchFromAddress(`127.0.1.${requester + 1}`),
        );
        expect(response.status).toBe(202);
      }
    }
    // 12 requests from 4 addresses, 3 each: the ledger allowed 10 of them before answering (the
    // thank-you mail and 10 links); the function mails only what it allowed.
    await waitForMails(limited, email, 11);
    const links = (await mailsTo(limited, email)).filter((mail) =>
      mail.text.includes('/privacy/erase?action='),
    );
    expect(links).toHaveLength(10);
  });

  it('refuses the 6th request an hour from one client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await callFunction(limited, 'privacy-request', {
        email: uniqueEmail('someone'),
        action: 'copy',
      });
      statuses.push(response.status);
    }
    // The 4 requests of the test above count too: 5 an hour.
    expect(statuses).toEqual([202, 429, 429, 429, 429, 429]);
  });
});
