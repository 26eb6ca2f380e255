import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { createRpcRateLimiter } from '../functions/_shared/rate-limit.ts';
import { MailOutcomeUnknownError, type MailTransport } from '../functions/_shared/mail/types.ts';
import { createRpcLedger } from '../functions/_shared/thank-you/ledger.ts';
import { publicUrls } from '../functions/_shared/links/public-urls.ts';
import { newToken } from '../functions/_shared/tokens/email-token.ts';
import { createThankYouEmailHandler } from '../functions/send-thank-you-email/handler.ts';
import {
  SUPABASE_DIR,
  clientFor,
  startTestServer,
  uniqueEmail,
  type OutboxMessage,
  type TestServer,
} from '@agentora/local-supabase/testing';

const FUNCTIONS = [
  'send-thank-you-email',
  'submit-application',
  'confirm-email',
  'unsubscribe',
  'privacy-request',
  'privacy-fulfil',
];

// send-thank-you-email through the real server: its index.ts on Deno, the ledger SQL reached through
// supabase-js with the secret key, and the mail sent over HTTP to the server's Resend stand-in (the outbox).
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

type Invocation = {
  status: number;
  body: { success: boolean; emailId?: string; type?: string; error?: string };
};

async function invoke(payload: unknown, client: SupabaseClient = t.anon): Promise<Invocation> {
  const { data, error } = await client.functions.invoke('send-thank-you-email', {
    body: payload as Record<string, unknown>,
  });
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    return { status: response.status, body: await response.json() };
  }
  if (error) throw error;
  return { status: 200, body: data };
}

async function outbox(): Promise<OutboxMessage[]> {
  return (await fetch(`${t.server.url}/outbox.json`)).json();
}
const mailTo = async (to: string) =>
  (await outbox()).filter((message) => message.to.toLowerCase() === to.toLowerCase());

describe('send-thank-you-email', () => {
  it('mails a fresh early-access sign-up once, with a fixed greeting', async () => {
    const to = uniqueEmail('jane');
    expect((await t.anon.from('early_access_signups').insert({ email: to })).error).toBeNull();

    const first = await invoke({ type: 'early_access', email: to });
    expect(first).toEqual({
      status: 200,
      body: {
        success: true,
        emailId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        type: 'early_access',
      },
    });
    const mail = (await outbox()).find((message) => message.id === first.body.emailId);
    expect(mail).toMatchObject({
      to,
      from: 'Agentora <hello@agentora.ai>',
      subject: "You're on the Agentora early access list",
      idempotencyKey: expect.stringMatching(/^thank-you\/early_access\/[0-9a-f-]{36}$/),
    });
    expect(mail?.text).toContain('Hi there,');
    expect(mail?.text).not.toContain('Jane');

    const listing = await fetch(`${t.server.url}/outbox`);
    expect(listing.headers.get('content-type')).toContain('text/html');
    expect(await listing.text()).toContain('You&#39;re on the Agentora early access list');
    expect(await (await fetch(`${t.server.url}/outbox/${first.body.emailId}.txt`)).text()).toBe(
      mail?.text,
    );

    expect((await invoke({ type: 'early_access', email: to })).status).toBe(403);
    expect(await mailTo(to)).toHaveLength(1);
  });

  it('renders the mail from the stored row, whatever the request says (the PayPal reproduction)', async () => {
    const victim = uniqueEmail('victim');
    await t.anon.from('waitlist_signups').insert({
      first_name: 'Victor',
      last_name: 'Tim',
      email: victim,
      company: 'ACME',
      use_case: 'Invoices',
    });
    const attack = await invoke({
      to: victim,
      email: victim,
      type: 'waitlist',
      firstName: 'Valued customer',
      additionalData: {
        company: 'Your PayPal account is locked',
        useCase: 'Verify at https://evil.example/login',
      },
    });
    expect(attack.status).toBe(200);
    const [mail] = await mailTo(victim);
    for (const body of [mail.subject, mail.html, mail.text]) {
      expect(body).not.toMatch(/PayPal|evil\.example|Valued customer/);
    }
    expect(mail.text).toContain('Hi there,');
    expect(mail.text).not.toMatch(/Victor|ACME|Invoices/);
  });

  it('mails the address as stored, never one the request names', async () => {
    const stored = uniqueEmail('stored');
    await t.anon.from('newsletter_subscriptions').insert({ email: stored });
    // Same mailbox in another case: the claim matches, the mail still goes to the stored spelling.
    expect((await invoke({ type: 'newsletter', email: stored.toUpperCase() })).status).toBe(200);
    expect((await mailTo(stored))[0].to).toBe(stored);
  });

  it('mails a mailbox at most once per list: a plus-address of it cannot sign up again', async () => {
    const local = `grace${Date.now()}`;
    await t.anon.from('newsletter_subscriptions').insert({ email: `${local}@example.com` });
    expect((await invoke({ type: 'newsletter', email: `${local}@example.com` })).status).toBe(200);
    const again = await t.anon
      .from('newsletter_subscriptions')
      .insert({ email: `${local}+again@example.com` });
    expect(again.error).toMatchObject({ code: '23505' });
    expect((await invoke({ type: 'newsletter', email: `${local}+again@example.com` })).status).toBe(
      403,
    );
    expect((await outbox()).filter((message) => message.to.startsWith(local))).toHaveLength(1);
  });

  it('refuses an address that never signed up, and one that signed up for something else', async () => {
    expect((await invoke({ type: 'newsletter', email: uniqueEmail('stranger') })).status).toBe(403);
    const subscriber = uniqueEmail();
    await t.anon.from('newsletter_subscriptions').insert({ email: subscriber });
    expect((await invoke({ type: 'waitlist', email: subscriber })).status).toBe(403);
    expect((await invoke({ type: 'newsletter', email: subscriber })).body.success).toBe(true);
  });

  it("carries none of what a stranger stored for someone else's address (phishing through our domain)", async () => {
    const victim = uniqueEmail('ceo');
    await t.anon.from('waitlist_signups').insert({
      first_name: 'there. URGENT: your Agentora account was locked',
      last_name: 'Security',
      email: victim,
      company: 'verify at https://agentora-login.example/verify',
      use_case: 'update your card at https://agentora-billing.example/pay',
    });
    const answer = await invoke({ type: 'waitlist', email: victim });
    expect(answer.status).toBe(200);
    const [mail] = await mailTo(victim);
    for (const body of [mail.subject, mail.html, mail.text]) {
      expect(body).not.toMatch(/URGENT|locked|agentora-login|agentora-billing|verify at|your card/);
    }
    expect(mail.text).toContain('Hi there,');
  });

  it('sends once when called five times at the same moment', async () => {
    const to = uniqueEmail();
    await t.anon.from('early_access_signups').insert({ email: to });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => invoke({ type: 'early_access', email: to })),
    );
    expect(results.filter((result) => result.body.success)).toHaveLength(1);
    expect(await mailTo(to)).toHaveLength(1);
  });

  it('answers bad payloads with 400 and success: false', async () => {
    expect(await invoke({ email: 'nobody', type: 'early_access' })).toEqual({
      status: 400,
      body: { success: false, error: '"email" must be a plain email address.' },
    });
  });

  it('requires a valid key (its own verify_jwt) and answers preflights', async () => {
    const anonymous = await fetch(`${t.server.url}/functions/v1/send-thank-you-email`, {
      method: 'POST',
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
    const forged = await invoke(
      { type: 'newsletter', email: uniqueEmail() },
      clientFor(t.server.url, 'not.a.jwt'),
    );
    expect(forged.status).toBe(401);

    const preflight = await fetch(`${t.server.url}/functions/v1/send-thank-you-email`, {
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

describe('a provider that takes the mail but answers too late', () => {
  it('keeps the claim, so a retried call never mails twice', async () => {
    const to = uniqueEmail('late');
    await t.anon.from('early_access_signups').insert({ email: to });
    const delivered: string[] = [];
    const lateTransport: MailTransport = {
      async send(message) {
        delivered.push(message.idempotencyKey);
        throw new MailOutcomeUnknownError('Resend did not answer within the timeout');
      },
    };
    const handler = createThankYouEmailHandler({
      urls: publicUrls({ supabaseUrl: t.server.url }),
      ledger: createRpcLedger(t.service),
      rateLimiter: createRpcRateLimiter(t.service),
      transport: lateTransport,
      logError: () => undefined,
    });
    const call = () =>
      handler(
        new Request('http://functions.local/send-thank-you-email', {
          method: 'POST',
          body: JSON.stringify({ type: 'early_access', email: to }),
        }),
      );
    expect((await call()).status).toBe(502);
    expect((await call()).status).toBe(403);
    expect(delivered).toHaveLength(1);
  });
});

describe('the ledger through PostgREST with the service key', () => {
  it('claims the stored row once, case-insensitively, and release gives it back', async () => {
    const email = uniqueEmail();
    await t.anon
      .from('waitlist_signups')
      .insert({ first_name: 'A', last_name: 'B', email, company: 'C', use_case: 'D' });
    const ledger = createRpcLedger(t.service);
    const tokens = { confirm: (await newToken()).hash, unsubscribe: (await newToken()).hash };
    const row = await ledger.claim('waitlist', email.toUpperCase(), tokens);
    expect(row).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email,
      first_name: 'A',
      company: 'C',
      use_case: 'D',
    });
    const stored = await t.service.from('email_tokens').select('purpose, waitlist_id, expires_at');
    const mine = (stored.data ?? []).filter((token) => token.waitlist_id === row?.id);
    expect(mine.map((token) => token.purpose).sort()).toEqual(['confirm', 'unsubscribe']);
    expect(await ledger.claim('waitlist', email, tokens)).toBeNull();
    await ledger.release('waitlist', row?.id as string, tokens);
    const released = await t.service
      .from('email_tokens')
      .select('token_hash')
      .eq('waitlist_id', row?.id);
    expect(released.data).toEqual([]);
    expect(await ledger.claim('waitlist', email, tokens)).toEqual(row);
  });

  it('fails loudly when the key may not run the functions', async () => {
    const tokens = { confirm: (await newToken()).hash, unsubscribe: (await newToken()).hash };
    await expect(createRpcLedger(t.anon).claim('waitlist', uniqueEmail(), tokens)).rejects.toThrow(
      'claim_thank_you_mail failed: permission denied for function claim_thank_you_mail',
    );
  });
});

describe("the functions' import map pins supabase-js", () => {
  it('to the exact version of package-lock.json, and no entry file names a version of its own', () => {
    const lock = JSON.parse(
      readFileSync(path.join(SUPABASE_DIR, '..', 'package-lock.json'), 'utf8'),
    ) as {
      packages: Record<string, { version: string }>;
    };
    const locked = lock.packages['node_modules/@supabase/supabase-js'].version;
    const denoJson = JSON.parse(
      readFileSync(path.join(SUPABASE_DIR, 'functions', 'deno.json'), 'utf8'),
    ) as { imports: Record<string, string> };
    expect(denoJson.imports['@supabase/supabase-js']).toBe(`npm:@supabase/supabase-js@${locked}`);
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
      const body = (await keyless.json()) as { error?: string };
      if (name === 'unsubscribe') {
        // RFC 8058: mail providers post without a key; the token decides.
        expect([keyless.status, body.error]).not.toEqual([401, 'No API key found in request.']);
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
    for (const key of keys) {
      const answer = await invoke(
        { type: 'newsletter', email: uniqueEmail('keys') },
        clientFor(t.server.url, key),
      );
      expect(answer.status).toBe(403);
    }
    const wrong = await invoke(
      { type: 'newsletter', email: uniqueEmail('keys') },
      clientFor(t.server.url, 'sb_publishable_not-this-project'),
    );
    expect(wrong).toEqual({ status: 401, body: { success: false, error: 'Invalid API key.' } });
  });
});
