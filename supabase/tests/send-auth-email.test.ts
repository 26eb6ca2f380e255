import { startFakeResend, type FakeResend } from '@agentora/fake-resend';
import {
  clientFor,
  LOCAL_SEND_EMAIL_HOOK_SECRET,
  signInWithCode,
  startTestServer,
  uniqueEmail,
  webhookHeaders,
  type OutboxMessage,
  type TestServer,
} from '@agentora/local-supabase/testing';

// send-auth-email through the real server: the local Auth asks for a code and calls the Send Email Hook
// (supabase/config.toml [auth.hook.send_email]), the function's index.ts on Deno checks the signature,
// takes a send slot in the database and mails through the server's Resend stand-in (the outbox). The
// handler's own rules, with fakes, are in send-auth-email-handler.test.ts.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

async function mailsTo(email: string): Promise<OutboxMessage[]> {
  const messages = (await (await fetch(`${t.server.url}/outbox.json`)).json()) as OutboxMessage[];
  return messages.filter((message) => message.to === email);
}

const hookUrl = () => `${t.server.url}/functions/v1/send-auth-email`;

function hookPayload(email: string, token = '482913', action = 'magiclink'): string {
  return JSON.stringify({
    user: { id: crypto.randomUUID(), aud: 'authenticated', role: 'authenticated', email },
    email_data: {
      token,
      token_hash: 'pkce_0123456789abcdef0123456789abcdef',
      redirect_to: '',
      email_action_type: action,
      site_url: t.server.url,
      token_new: '',
      token_hash_new: '',
    },
  });
}

function callHook(body: string, headers: Record<string, string>): Promise<Response> {
  return fetch(hookUrl(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });
}

describe('send-auth-email', () => {
  it('mails the code Auth asks it to, and the code signs in', async () => {
    const email = uniqueEmail('console');
    const { session, user } = await signInWithCode(t.server, email);
    expect(user.email).toBe(email);
    expect(session.access_token).toEqual(expect.any(String));

    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      from: 'Agentora <hello@agentora.ai>',
      subject: 'Your Agentora console sign-in code',
      // Auth's webhook-id, a UUID, is the provider's idempotency key.
      idempotencyKey: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      ),
    });
    expect(mail.text).toMatch(/Enter this code to sign in to the Agentora console:\n\n\d{10}\n/);
    expect(mail.text).toContain('The code works once, for 10 minutes.');
    expect(mail.text).toContain(
      "If you didn't ask to sign in to the Agentora console, ignore this email.",
    );
  });

  it('mails a signed call once, however often it is replayed', async () => {
    const email = uniqueEmail('replayed');
    const body = hookPayload(email);
    const headers = webhookHeaders(LOCAL_SEND_EMAIL_HOOK_SECRET, body);
    for (let i = 0; i < 2; i += 1) {
      const answer = await callHook(body, headers);
      expect([answer.status, await answer.json()]).toEqual([200, {}]);
    }
    const mails = await mailsTo(email);
    expect(mails.map((mail) => mail.idempotencyKey)).toEqual([headers['webhook-id']]);
    expect(mails[0].text).toContain('\n482913\n');
  });

  it('refuses a call without the hook secret, an old one and an altered one, and mails nothing', async () => {
    const email = uniqueEmail('forged');
    const body = hookPayload(email);
    const other = `v1,whsec_${Buffer.from('not the local hook secret, 32 b!').toString('base64')}`;
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 360;
    const attempts: Array<[string, string, Record<string, string>]> = [
      ['unsigned', body, {}],
      ['another secret', body, webhookHeaders(other, body)],
      ['6 minutes old', body, webhookHeaders(LOCAL_SEND_EMAIL_HOOK_SECRET, body, sixMinutesAgo)],
      [
        'another body',
        hookPayload(email, '000000'),
        webhookHeaders(LOCAL_SEND_EMAIL_HOOK_SECRET, body),
      ],
    ];
    for (const [what, sent, headers] of attempts) {
      const answer = await callHook(sent, headers);
      const { error } = (await answer.json()) as { error: { http_code: number } };
      expect([what, answer.status, error.http_code]).toEqual([what, 401, 401]);
    }
    expect(await mailsTo(email)).toEqual([]);
  });

  it('answers any other Auth mail (a password reset here) as sent, and sends nothing', async () => {
    const email = uniqueEmail('recover');
    const body = hookPayload(email, '123456', 'recovery');
    const answer = await callHook(body, webhookHeaders(LOCAL_SEND_EMAIL_HOOK_SECRET, body));
    expect([answer.status, await answer.json()]).toEqual([200, {}]);
    expect(await mailsTo(email)).toEqual([]);
  });
});

describe('send-auth-email when the provider fails', () => {
  let failing: TestServer;
  let fake: FakeResend;
  beforeAll(async () => {
    fake = await startFakeResend({ ratePerSecond: 0, apiKey: 're_test', errorRate: 1 });
    failing = await startTestServer({ resend: { apiKey: 're_test', apiUrl: fake.url } });
  });
  afterAll(async () => {
    await failing?.stop();
    await fake?.stop();
  });

  it('tells the person signing in, through Auth, that the code could not be sent', async () => {
    const client = clientFor(failing.server.url, failing.server.publishableKey);
    const { error } = await client.auth.signInWithOtp({
      email: uniqueEmail('unlucky'),
      options: { shouldCreateUser: true },
    });
    expect(error).toMatchObject({
      status: 500,
      message: 'The sign-in code could not be sent. Try again in a minute.',
    });
  });
});
