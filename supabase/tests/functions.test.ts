import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { createRpcLedger } from '../functions/_shared/thank-you/ledger.ts';
import { newToken } from '../functions/_shared/tokens/email-token.ts';
import {
  SUPABASE_DIR,
  clientFor,
  outboxMail,
  sendQueuedMail,
  startTestServer,
  uniqueEmail,
  type OutboxMessage,
  type TestServer,
} from '@agentora/local-supabase/testing';
import { MAX_APPLICATION_BODY_BYTES } from '../functions/submit-application/application-form.ts';
import { TURNSTILE_DUMMY_TOKEN } from '../functions/_shared/rules/bot-check.ts';
import type { SignupList } from '../functions/_shared/rules/signup-fields.ts';
import { mailsTo } from './test-support/consent.ts';
import { storeSignUp } from './test-support/sign-ups.ts';
import { FUNCTION_METHODS, METHODS_NO_FUNCTION_TAKES } from './test-support/function-methods.ts';

const FUNCTIONS = [
  'sign-up',
  'submit-application',
  'confirm-email',
  'signup-place',
  'unsubscribe',
  'privacy-request',
  'privacy-fulfil',
  'send-queued-mail',
  'sync-audience',
  'send-auth-email',
  'console-sign-in',
  'console-export',
  'console-resume',
  'record-visit',
  'csp-report',
  'resend-webhook',
  'redeem-invite',
];

// sign-up, the visitors' one call, through the real server: its index.ts on Deno, public.sign_up reached
// through supabase-js with the secret key, the mail queued with the row, and send-queued-mail (also on
// Deno) sending it over HTTP to the server's Resend stand-in (the outbox). supabase/tests/sign-up.test.ts
// holds its bot check, limits and refusals; this file the mail it queues and the gateway around it.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

type Invocation = {
  status: number;
  body: { success: boolean; list?: string; emailSent?: boolean; error?: string; message?: string };
};

/** A POST to sign-up as supabase-js's functions.invoke makes it, with the client's key. */
async function invoke(payload: unknown, client: SupabaseClient = t.anon): Promise<Invocation> {
  const { data, error } = await client.functions.invoke('sign-up', {
    body: payload as Record<string, unknown>,
  });
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    return { status: response.status, body: await response.json() };
  }
  if (error) throw error;
  return { status: 200, body: data };
}

/** A list's sign-up as the site sends it (the bot check's token of the testing sitekeys). */
const signUp = (list: SignupList, fields: Record<string, string>, extra = {}) =>
  invoke({ list, fields, bot_check: TURNSTILE_DUMMY_TOKEN, ...extra });

/** The outbox once the queue has sent everything due: a mail missing from it was not queued. */
async function outbox(): Promise<OutboxMessage[]> {
  return outboxMail(t.server);
}
const mailTo = (to: string) => mailsTo(t, to);

describe('sign-up and the mail its row queues', () => {
  it('mails a fresh early-access sign-up once, with a fixed greeting', async () => {
    const to = uniqueEmail('jane');
    expect(await signUp('early_access', { email: to })).toEqual({
      status: 200,
      body: { success: true, list: 'early_access', emailSent: true },
    });
    const messageId = await createRpcLedger(t.service).queued('early_access', to);
    expect(messageId).toMatch(/^[0-9a-f-]{36}$/);
    // Its own key, or a batch's when others were due at the same moment.
    const mail = (await outbox()).find((message) => message.to === to);
    expect(mail?.idempotencyKey).toMatch(new RegExp(`^(mail/${messageId}|batch/[0-9a-f]{64})$`));
    expect(mail).toMatchObject({
      to,
      from: 'Agentora <hello@agentora.ai>',
      subject: "You're on the Agentora early access list",
    });
    expect(mail?.text).toContain('Hi there,');
    expect(mail?.text).not.toContain('Jane');

    const listing = await fetch(`${t.server.url}/outbox`);
    expect(listing.headers.get('content-type')).toContain('text/html');
    expect(await listing.text()).toContain('You&#39;re on the Agentora early access list');
    expect(await (await fetch(`${t.server.url}/outbox/${mail?.id}.txt`)).text()).toBe(mail?.text);
    await sendQueuedMail(t.server);
    expect(await mailTo(to)).toHaveLength(1);
  });

  it('renders the mail from the stored row, whatever the request says (the PayPal reproduction)', async () => {
    const victim = uniqueEmail('victim');
    // What a script adds to the request is refused, and nothing is stored or sent for it.
    const attack = await signUp(
      'waitlist',
      { first_name: 'Victor', last_name: 'Tim', email: victim, company: 'ACME' },
      {
        to: victim,
        firstName: 'Valued customer',
        additionalData: {
          company: 'Your PayPal account is locked',
          useCase: 'Verify at https://evil.example/login',
        },
      },
    );
    expect(attack).toMatchObject({ status: 400, body: { success: false, error: 'invalid' } });
    expect(await mailTo(victim)).toEqual([]);

    const stored = await signUp('waitlist', {
      first_name: 'Victor',
      last_name: 'Tim',
      email: victim,
      company: 'ACME',
      use_case: 'Invoices',
    });
    expect(stored.status).toBe(200);
    const [mail] = await mailTo(victim);
    for (const body of [mail.subject, mail.html, mail.text]) {
      expect(body).not.toMatch(/PayPal|evil\.example|Valued customer/);
    }
    expect(mail.text).toContain('Hi there,');
    expect(mail.text).not.toMatch(/Victor|ACME|Invoices/);
  });

  it('mails the address as stored, never one a later request names', async () => {
    const stored = uniqueEmail('stored');
    expect((await signUp('newsletter', { email: stored })).status).toBe(200);
    // Same mailbox in another case: a duplicate, whose fresh confirmation goes to the stored spelling.
    expect((await signUp('newsletter', { email: stored.toUpperCase() })).status).toBe(409);
    const mails = await mailTo(stored);
    expect(mails.map((mail) => mail.to)).toEqual([stored, stored]);
  });

  it('stores a mailbox once per list: a plus-address of it cannot sign up again, nor get mail', async () => {
    const local = `grace${Date.now()}`;
    expect((await signUp('newsletter', { email: `${local}@example.com` })).status).toBe(200);
    const again = await signUp('newsletter', { email: `${local}+again@example.com` });
    expect(again).toMatchObject({ status: 409, body: { success: false, error: 'duplicate' } });
    const { data } = await t.service
      .from('newsletter_subscriptions')
      .select('email')
      .ilike('email', `${local}%`);
    expect(data).toEqual([{ email: `${local}@example.com` }]);
    // The first mail and the duplicate's fresh confirmation, both to the stored address.
    const mails = (await outbox()).filter((message) => message.to.startsWith(local));
    expect(mails.map((mail) => mail.to)).toEqual([`${local}@example.com`, `${local}@example.com`]);
  });

  it("carries none of what a stranger stored for someone else's address (phishing through our domain)", async () => {
    const victim = uniqueEmail('ceo');
    const answer = await signUp('waitlist', {
      first_name: 'there. URGENT: your Agentora account was locked',
      last_name: 'Security',
      email: victim,
      company: 'verify at https://agentora-login.example/verify',
      use_case: 'update your card at https://agentora-billing.example/pay',
    });
    expect(answer.status).toBe(200);
    const [mail] = await mailTo(victim);
    for (const body of [mail.subject, mail.html, mail.text]) {
      expect(body).not.toMatch(/URGENT|locked|agentora-login|agentora-billing|verify at|your card/);
    }
    expect(mail.text).toContain('Hi there,');
  });

  it('stores one row when five sign-ups of a mailbox come at the same moment, and mails the stored address once per request', async () => {
    const to = uniqueEmail();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => signUp('early_access', { email: to })),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const { data } = await t.service.from('early_access_signups').select('id').eq('email', to);
    expect(data).toHaveLength(1);
    await sendQueuedMail(t.server);
    // The first mail and a fresh confirmation for each duplicate: this server's limits are raised, so the
    // day's 3 per mailbox does not cut in (mail-queue.test.ts holds that cap).
    const mails = await mailTo(to);
    expect(mails.map((mail) => mail.to)).toEqual([to, to, to, to, to]);
  });

  it('answers bad payloads with 400 and success: false', async () => {
    expect(await signUp('early_access', { email: 'nobody' })).toEqual({
      status: 400,
      body: {
        success: false,
        error: 'invalid',
        message: 'Some fields are missing or invalid.',
        fields: ['email'],
      },
    });
  });

  it('requires a valid key (its own verify_jwt) and answers preflights', async () => {
    const anonymous = await fetch(`${t.server.url}/functions/v1/sign-up`, {
      method: 'POST',
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
    const forged = await invoke(
      { list: 'newsletter', fields: { email: uniqueEmail() }, bot_check: TURNSTILE_DUMMY_TOKEN },
      clientFor(t.server.url, 'not.a.jwt'),
    );
    expect(forged.status).toBe(401);

    const preflight = await fetch(`${t.server.url}/functions/v1/sign-up`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:4200',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,apikey,content-type,x-client-info',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:4200');

    const unknown = await fetch(`${t.server.url}/functions/v1/other`, {
      method: 'POST',
      headers: { apikey: t.server.anonKey },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('the ledger through PostgREST with the service key', () => {
  it('finds the mail the insert queued, case-insensitively, the same every time, queueing nothing', async () => {
    const email = uniqueEmail();
    await storeSignUp(t.service, 'waitlist_signups', {
      first_name: 'A',
      last_name: 'B',
      email,
      company: 'C',
      use_case: 'D',
    });
    const { data: row } = await t.service
      .from('waitlist_signups')
      .select('id, thank_you_sent_at')
      .eq('email', email)
      .single();
    // Queued by the insert: marked, and in the queue, before any function is called.
    expect(row?.thank_you_sent_at).not.toBeNull();
    const queued = await t.service
      .from('mail_queue')
      .select('id, kind, list, waitlist_id, status')
      .eq('waitlist_id', row?.id);
    expect(queued.data).toEqual([
      {
        id: expect.any(String),
        kind: 'thank_you',
        list: 'waitlist',
        waitlist_id: row?.id,
        status: 'queued',
      },
    ]);
    const ledger = createRpcLedger(t.service);
    const messageId = queued.data?.[0].id;
    expect(await ledger.queued('waitlist', email.toUpperCase())).toBe(messageId);
    expect(await ledger.queued('waitlist', email)).toBe(messageId);
    expect(await ledger.queued('newsletter', email)).toBeNull();
    // No token is stored before the worker takes the message: the database has no secret.
    const stored = await t.service
      .from('email_tokens')
      .select('purpose')
      .eq('waitlist_id', row?.id);
    expect(stored.data).toEqual([]);
    const messages = await t.service.from('mail_queue').select('id').eq('waitlist_id', row?.id);
    expect(messages.data).toEqual([{ id: messageId }]);
  });

  it('fails loudly when the key may not run the functions', async () => {
    await expect(createRpcLedger(t.anon).queued('waitlist', uniqueEmail())).rejects.toThrow(
      'queued_thank_you_mail failed: permission denied for function queued_thank_you_mail',
    );
  });
});

describe("the functions' import map pins its npm packages", () => {
  it('to the exact versions of package-lock.json, and no entry file names a version of its own', () => {
    const lock = JSON.parse(
      readFileSync(path.join(SUPABASE_DIR, '..', 'package-lock.json'), 'utf8'),
    ) as {
      packages: Record<string, { version: string; dependencies?: Record<string, string> }>;
    };
    const denoJson = JSON.parse(
      readFileSync(path.join(SUPABASE_DIR, 'functions', 'deno.json'), 'utf8'),
    ) as { imports: Record<string, string> };
    // The bot list (record-visit) and the disposable-domain list (confirm-email) are the backend
    // package's own dependencies, at the versions Deno runs. Its other dependency, the rules it shares
    // with the site (@agentora/backend-rules), is a folder of its own that Deno imports by path.
    const backend = Object.fromEntries(
      Object.entries(lock.packages.supabase.dependencies ?? {}).filter(
        ([name]) => name !== '@agentora/backend-rules',
      ),
    );
    expect(Object.keys(denoJson.imports).sort()).toEqual(
      ['@supabase/supabase-js', ...Object.keys(backend)].sort(),
    );
    for (const name of Object.keys(denoJson.imports)) {
      const locked = lock.packages[`node_modules/${name}`].version;
      expect(denoJson.imports[name]).toBe(`npm:${name}@${locked}`);
      if (name in backend) expect(backend[name]).toBe(locked);
    }
    for (const name of FUNCTIONS) {
      const entry = readFileSync(path.join(SUPABASE_DIR, 'functions', name, 'index.ts'), 'utf8');
      expect(entry).not.toMatch(/['"](npm|jsr|https?):/);
    }
  });
});

describe('the local server runs the functions of supabase/config.toml', () => {
  it('each one on Deno, from its index.ts, and each checks the API key itself', async () => {
    const config = readFileSync(path.join(SUPABASE_DIR, 'config.toml'), 'utf8');
    const declared = [
      ...config.matchAll(/^\[functions\.([a-z-]+)\]\n(?:[^[]*\n)*?verify_jwt = (true|false)$/gm),
    ].map((match) => [match[1], match[2] === 'true']);
    // The gateway's verify_jwt knows only the legacy JWT keys: every function checks keys in its code.
    expect(declared).toEqual(FUNCTIONS.map((name) => [name, false]));
    expect(t.server.functions().map((fn) => fn.name)).toEqual(FUNCTIONS);

    for (const name of FUNCTIONS) {
      const keyless = await fetch(`${t.server.url}/functions/v1/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      const body = (await keyless.json()) as { error?: unknown };
      if (name === 'unsubscribe') {
        // RFC 8058: mail providers post without a key; the token decides.
        expect([keyless.status, body.error]).not.toEqual([401, 'No API key found in request.']);
      } else if (name === 'csp-report') {
        // A browser's CSP report carries no key; this body is no report (415), but not refused for that.
        expect([keyless.status, body.error]).toEqual([
          415,
          'Send application/csp-report or application/reports+json.',
        ]);
      } else if (name === 'resend-webhook') {
        // Resend sends no key; its Svix signature decides.
        expect([keyless.status, body.error]).toEqual([
          401,
          'The webhook signature is missing or wrong.',
        ]);
      } else if (name === 'send-auth-email') {
        // Supabase Auth's hook sends no key; its Standard Webhooks signature decides.
        expect([keyless.status, body.error]).toEqual([
          401,
          { http_code: 401, message: 'The webhook signature is missing or wrong.' },
        ]);
      } else {
        expect([keyless.status, body.error]).toEqual([401, 'No API key found in request.']);
      }
    }
    // The Deno workers have started by now; each is a process of its own.
    const pids = t.server.functions().map((fn) => fn.pid);
    expect(new Set(pids).size).toBe(FUNCTIONS.length);
    expect(pids.every((pid) => typeof pid === 'number')).toBe(true);
  });

  it('takes the publishable, secret and legacy keys, and no other', async () => {
    const keys = [
      t.server.publishableKey,
      t.server.secretKey,
      t.server.anonKey,
      t.server.serviceKey,
    ];
    // Past the key, a forged bot check is refused (403): nothing is stored.
    for (const key of keys) {
      const answer = await invoke(
        { list: 'newsletter', fields: { email: uniqueEmail('keys') }, bot_check: 'forged' },
        clientFor(t.server.url, key),
      );
      expect(answer).toMatchObject({ status: 403, body: { error: 'bot_check_failed' } });
    }
    // The queue's worker is the project's own: a publishable key is refused like an unknown one.
    for (const key of [t.server.publishableKey, t.server.anonKey]) {
      const worker = await fetch(`${t.server.url}/functions/v1/send-queued-mail`, {
        method: 'POST',
        headers: { apikey: key, 'Content-Type': 'application/json' },
        body: '{"wait": true}',
      });
      expect([worker.status, await worker.json()]).toEqual([
        401,
        { success: false, error: 'Invalid API key.' },
      ]);
    }
    const wrong = await invoke(
      { list: 'newsletter', fields: { email: uniqueEmail('keys') }, bot_check: 'forged' },
      clientFor(t.server.url, 'sb_publishable_not-this-project'),
    );
    expect(wrong).toEqual({ status: 401, body: { success: false, error: 'Invalid API key.' } });
  });
});

describe("every function reads requests with the functions' kit (functions/_shared/http)", () => {
  // The project's own functions take the secret key only.
  // The project-only functions (the queues' workers, the product's redemption) take the secret key.
  const keyFor = (name: string) =>
    ['send-queued-mail', 'sync-audience', 'redeem-invite'].includes(name)
      ? t.server.secretKey
      : t.server.publishableKey;

  it('answers a method it does not take with 405 and the methods it takes in Allow', async () => {
    expect(Object.keys(FUNCTION_METHODS).sort()).toEqual([...FUNCTIONS].sort());
    for (const name of FUNCTIONS) {
      for (const method of METHODS_NO_FUNCTION_TAKES) {
        const answer = await fetch(`${t.server.url}/functions/v1/${name}`, {
          method,
          headers: { apikey: keyFor(name) },
        });
        await answer.body?.cancel();
        expect([name, method, answer.status, answer.headers.get('allow')]).toEqual([
          name,
          method,
          405,
          FUNCTION_METHODS[name],
        ]);
      }
    }
  });

  it('refuses a body past its limit: its own 413, or the gateway’s past the gateway’s ceiling', async () => {
    // Past every JSON limit (the largest: a CSP report's and the Auth hook's, 64 KiB).
    const json = 'x'.repeat(64 * 1024 + 1);
    const answers: Record<string, [number, unknown]> = {};
    for (const name of FUNCTIONS) {
      const [contentType, body] =
        name === 'submit-application'
          ? ['multipart/form-data; boundary=x', 'x'.repeat(MAX_APPLICATION_BODY_BYTES + 1)]
          : name === 'csp-report'
            ? ['application/csp-report', json]
            : name === 'unsubscribe'
              ? ['application/x-www-form-urlencoded', json]
              : ['application/json', json];
      const answer = await fetch(`${t.server.url}/functions/v1/${name}?token=${newToken()}`, {
        method: 'POST',
        headers: { apikey: keyFor(name), 'Content-Type': contentType },
        body,
      });
      // A function's refusal names an `error`; the gateway's own, a `code`.
      const { error, code } = (await answer.json()) as { error?: unknown; code?: unknown };
      answers[name] = [answer.status, error ?? code];
    }
    const tooLarge = 'The request body is too large.';
    expect(answers).toEqual({
      'sign-up': [413, tooLarge],
      // The gateway's ceiling (the largest file a bucket takes) is below what submit-application reads
      // (a résumé and the form around it), so the gateway refuses first; the Deno test of the entry
      // files holds the function's own 413.
      'submit-application': [413, 'PAYLOAD_TOO_LARGE'],
      'confirm-email': [413, tooLarge],
      'signup-place': [413, tooLarge],
      // Not a one-click body, whatever else it is (RFC 8058 asks for that one field).
      unsubscribe: [400, 'Send the body List-Unsubscribe=One-Click (RFC 8058).'],
      'privacy-request': [413, tooLarge],
      'privacy-fulfil': [413, tooLarge],
      'send-queued-mail': [413, tooLarge],
      'sync-audience': [413, tooLarge],
      // In the form Supabase Auth reads from its hook.
      'send-auth-email': [413, { http_code: 413, message: tooLarge }],
      'console-sign-in': [413, tooLarge],
      'console-export': [413, tooLarge],
      'console-resume': [413, tooLarge],
      'record-visit': [413, tooLarge],
      'csp-report': [413, 'The report is too large.'],
      'resend-webhook': [413, tooLarge],
      'redeem-invite': [413, tooLarge],
    });
  });
});
