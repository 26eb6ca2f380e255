import { startFakeResend, type FakeResend } from '@agentora/fake-resend';
import {
  sendQueuedMail,
  signUpThrough,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '@agentora/local-supabase/testing';
import { createApplicationStore } from '../functions/submit-application/application-store.ts';
import { tokenHash } from '../functions/_shared/tokens/email-token.ts';
import {
  BOT_CHECK_FORM_FIELD,
  TURNSTILE_DUMMY_TOKEN,
} from '../functions/_shared/rules/bot-check.ts';
import { storeSignUp } from './test-support/sign-ups.ts';

// The mail queued with the row, as the browser and the functions on Deno see it: wherever a function
// stops after storing, each acknowledged row gets exactly one mail (and signing up again, a fresh
// confirmation), counted at the provider once the queue is drained (sendQueuedMail answers when nothing is
// due or being sent).
let t: TestServer;
let provider: FakeResend;
beforeAll(async () => {
  provider = await startFakeResend({ ratePerSecond: 0, apiKey: 're_test_key' });
  t = await startTestServer({ resend: { apiKey: 're_test_key', apiUrl: provider.url } });
});
afterAll(async () => {
  await t.stop();
  await provider.stop();
});

const mailsTo = (email: string) => provider.accepted().filter((mail) => mail.to[0] === email);

describe('a sign-up whose function stops right after storing it', () => {
  it('still gets its mail, once, and its links work', async () => {
    const signups = [
      ['early_access_signups', uniqueEmail('silent-ea')],
      ['newsletter_subscriptions', uniqueEmail('silent-nl')],
    ] as const;
    // What the function sign-up stores, as it stores it (public.sign_up); then the function is gone.
    for (const [table, email] of signups) {
      expect(await storeSignUp(t.service, table, { email })).toEqual({
        outcome: 'stored',
        email_sent: true,
      });
    }
    await sendQueuedMail(t.server);
    for (const [table, email] of signups) {
      const mails = mailsTo(email);
      expect(mails).toHaveLength(1);
      // The worker stored the hash of the token it put in the link: the link confirms the sign-up.
      const token = /\/email\/confirm\?token=([\w-]{43})/.exec(mails[0].text)?.[1] as string;
      const confirmed = await t.service.rpc('confirm_signup', {
        p_token_hash: await tokenHash(token),
        p_disposable_domain: false,
      });
      expect(confirmed.error).toBeNull();
      expect(confirmed.data).toMatchObject({
        list: table === 'newsletter_subscriptions' ? 'newsletter' : 'early_access',
      });
    }
  });
});

describe('a sign-up through the function sign-up', () => {
  it('is stored and mailed once', async () => {
    const email = uniqueEmail('once');
    const fields = { email, first_name: 'A', last_name: 'B', company: 'C', use_case: 'D' };
    const response = await signUpThrough(t.server, { list: 'waitlist', fields });
    expect(await response.json()).toEqual({ success: true, list: 'waitlist', emailSent: true });
    await sendQueuedMail(t.server);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('"sign up again" still queues a fresh confirmation: two mails in all', async () => {
    const email = uniqueEmail('again');
    const first = await signUpThrough(t.server, { list: 'newsletter', fields: { email } });
    expect(first.status).toBe(200);
    await sendQueuedMail(t.server);
    // The form's second sign-up is a duplicate, for which the function queues a fresh confirmation.
    const again = await signUpThrough(t.server, { list: 'newsletter', fields: { email } });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ success: false, error: 'duplicate' });
    await sendQueuedMail(t.server);
    const mails = mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(new Set(mails.map((mail) => mail.text)).size).toBe(2);
  });
});

describe('an application', () => {
  it('submitted through the function: stored and mailed once', async () => {
    const email = uniqueEmail('applicant');
    const form = new FormData();
    for (const [name, value] of Object.entries({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email,
      why_join: 'To build.',
    })) {
      form.append(name, value);
    }
    form.append(BOT_CHECK_FORM_FIELD, TURNSTILE_DUMMY_TOKEN);
    const { data, error } = await t.anon.functions.invoke('submit-application', { body: form });
    expect(error).toBeNull();
    expect(data).toEqual({ success: true, emailSent: true });
    await sendQueuedMail(t.server);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('whose function stops right after storing it is mailed all the same', async () => {
    const email = uniqueEmail('stopped');
    // What submit-application stores, as it stores it; then the function is gone (no second step).
    const stored = await createApplicationStore(t.service).insert({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email,
      why_join: 'To build.',
      resume_path: null,
      resume_filename: null,
    } as Parameters<ReturnType<typeof createApplicationStore>['insert']>[0]);
    expect(stored.status).toBe('inserted');
    await sendQueuedMail(t.server);
    expect(mailsTo(email)).toHaveLength(1);
  });
});
