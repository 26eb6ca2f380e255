// send-auth-email's handler on Deno, the runtime hosted Supabase serves it on: Supabase Auth's Send Email
// Hook mails nothing at all. The console's codes are the function console-sign-in's, mailed only to the
// staff list (docs/security.md, "The console"); what Auth would mail — a code for an address that has an
// Auth user, a recovery, an invitation, a notification — goes nowhere, whoever the address is, and Auth
// is answered as if it had, so its answers stay the same for every address. The signature is still
// checked: only Auth may call it.
import { assertEquals } from './assert.ts';
import { createSendAuthEmailHandler } from '../../functions/send-auth-email/handler.ts';
import { signWebhook } from '../../functions/_shared/webhooks/standard-webhooks.ts';
import type { MailMessage } from '../../functions/_shared/mail/types.ts';
import { AUTH_EMAIL_ACTIONS } from '../test-support/auth-email-actions.ts';

const KEY = new TextEncoder().encode('send-auth-email deno test key 32');
const NOW_MS = Date.UTC(2025, 11, 2, 12, 0, 0);

function setup() {
  const mailed: MailMessage[] = [];
  // What the hook was given to mail with before: nothing of it may be used now.
  const mailer = {
    transport: {
      deliver: (message: MailMessage) => {
        mailed.push(message);
        return Promise.resolve({ status: 'sent' as const, id: 'sent' });
      },
    },
    takeSendSlot: () => Promise.resolve(0),
    sendsPerSecond: 2,
    siteUrl: 'https://agentora.example',
  } as object;
  const handler = createSendAuthEmailHandler({ keys: [KEY], now: () => NOW_MS, ...mailer });
  return { handler, mailed };
}

async function signedCall(
  handler: (request: Request) => Promise<Response>,
  payload: unknown,
  signWith = KEY,
  at = NOW_MS,
) {
  const body = JSON.stringify(payload);
  const id = crypto.randomUUID();
  const timestamp = Math.floor(at / 1000);
  const response = await handler(
    new Request('https://project.supabase.co/functions/v1/send-auth-email', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': await signWebhook(signWith, id, timestamp, body),
      },
      body,
    }),
  );
  return { status: response.status, body: await response.json() };
}

const payload = (email: string, action: string) => ({
  user: { id: crypto.randomUUID(), aud: 'authenticated', role: 'authenticated', email },
  email_data: {
    token: '0123456789',
    token_hash: 'a'.repeat(56),
    redirect_to: '',
    email_action_type: action,
    site_url: 'https://project.supabase.co/auth/v1',
    token_new: '',
    token_hash_new: '',
  },
});

Deno.test(
  'send-auth-email: answers every mail Auth asks for as sent, and mails nothing',
  async () => {
    const { handler, mailed } = setup();
    for (const email of ['ada@agentora.ai', 'stranger@example.com', 'console-0@staff.invalid']) {
      for (const action of AUTH_EMAIL_ACTIONS) {
        const answer = await signedCall(handler, payload(email, action));
        assertEquals(answer, { status: 200, body: {} }, `${action} for ${email}`);
      }
    }
    assertEquals(mailed.length, 0, 'mails sent');
  },
);

Deno.test(
  'send-auth-email: still refuses a call Auth did not sign, or signed long ago',
  async () => {
    const { handler, mailed } = setup();
    const other = new TextEncoder().encode('not the hook key, thirty-two b!!');
    const forged = await signedCall(handler, payload('ada@agentora.ai', 'magiclink'), other);
    assertEquals([forged.status, forged.body.error?.http_code], [401, 401]);
    const stale = await signedCall(
      handler,
      payload('ada@agentora.ai', 'magiclink'),
      KEY,
      NOW_MS - 6 * 60_000,
    );
    assertEquals([stale.status, stale.body.error?.http_code], [401, 401]);
    const unsigned = await handler(
      new Request('https://project.supabase.co/functions/v1/send-auth-email', {
        method: 'POST',
        body: JSON.stringify(payload('ada@agentora.ai', 'magiclink')),
      }),
    );
    assertEquals(unsigned.status, 401);
    await unsigned.body?.cancel();
    assertEquals(mailed.length, 0, 'mails sent');
  },
);
