import {
  outboxMail,
  apiHeaders,
  LOCAL_SEND_EMAIL_HOOK_SECRET,
  startTestServer,
  uniqueEmail,
  type OutboxMessage,
  type TestServer,
} from '@agentora/local-supabase/testing';
import { webhookHeaders } from '../functions/_shared/webhooks/standard-webhooks.ts';
import { addStaff } from './test-support/console.ts';
import { signInToConsole } from './test-support/console-sign-in.ts';

// send-auth-email through the real server: the local Auth calls the Send Email Hook (supabase/config.toml
// [auth.hook.send_email]) and the function's index.ts on Deno checks the signature and mails nothing, so
// Auth mails nobody. The handler's own rules, with fakes, are in unit/send-auth-email-handler.test.ts and the
// Deno test of the handler.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

async function mailsTo(email: string): Promise<OutboxMessage[]> {
  return outboxMail({ url: t.server.url }, email);
}

const hookUrl = () => `${t.server.url}/functions/v1/send-auth-email`;

function hookPayload(email: string, action = 'magiclink'): string {
  return JSON.stringify({
    user: { id: crypto.randomUUID(), aud: 'authenticated', role: 'authenticated', email },
    email_data: {
      token: '4829130000',
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
  it("answers Auth's code mail as sent and mails nobody, even for a staff member's Auth address", async () => {
    // A staff member signed in, so Auth has a user under their Auth address; Auth's own code endpoint
    // for it calls the hook.
    const staff = uniqueEmail('hooked');
    await addStaff(t, staff);
    const { session } = await signInToConsole(t, staff);
    const authEmail = session.user.email!;
    const before = (await mailsTo(staff)).length;
    const response = await fetch(`${t.server.url}/auth/v1/otp`, {
      method: 'POST',
      headers: apiHeaders(t.server.publishableKey),
      body: JSON.stringify({ email: authEmail, create_user: false }),
    });
    expect([response.status, await response.json()]).toEqual([200, {}]);
    expect(await mailsTo(authEmail)).toEqual([]);
    expect(await mailsTo(staff)).toHaveLength(before);
  });

  it('answers any signed call as sent and mails nothing', async () => {
    const email = uniqueEmail('signed');
    for (const action of ['signup', 'magiclink', 'recovery', 'invite']) {
      const body = hookPayload(email, action);
      const answer = await callHook(body, await webhookHeaders(LOCAL_SEND_EMAIL_HOOK_SECRET, body));
      expect([action, answer.status, await answer.json()]).toEqual([action, 200, {}]);
    }
    expect(await mailsTo(email)).toEqual([]);
  });

  it('refuses a call without the hook secret, an old one and an altered one', async () => {
    const email = uniqueEmail('forged');
    const body = hookPayload(email);
    const other = `v1,whsec_${Buffer.from('not the local hook secret, 32 b!').toString('base64')}`;
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 360;
    const attempts: Array<[string, string, Record<string, string>]> = [
      ['unsigned', body, {}],
      ['another secret', body, await webhookHeaders(other, body)],
      [
        '6 minutes old',
        body,
        await webhookHeaders(LOCAL_SEND_EMAIL_HOOK_SECRET, body, sixMinutesAgo),
      ],
      [
        'another body',
        hookPayload(email, 'recovery'),
        await webhookHeaders(LOCAL_SEND_EMAIL_HOOK_SECRET, body),
      ],
    ];
    for (const [what, sent, headers] of attempts) {
      const answer = await callHook(sent, headers);
      const { error } = (await answer.json()) as { error: { http_code: number } };
      expect([what, answer.status, error.http_code]).toEqual([what, 401, 401]);
    }
  });
});
