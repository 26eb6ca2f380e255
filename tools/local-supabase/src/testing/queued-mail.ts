import type { SendQueuedMailResponseBody } from '@agentora/backend/responses';
import type { OutboxMessage } from '../outbox/outbox.ts';

export type { OutboxMessage };

type Pending = Extract<SendQueuedMailResponseBody, { pending: unknown }>['pending'];

/**
 * Has the server's mail queue worker (send-queued-mail, on Deno) send what is due, and answers once
 * nothing is due or being sent: the moment after which a test may say what the outbox holds, or that a
 * mail was not sent. Messages waiting out a backoff are left waiting (pending.queued counts them).
 */
export async function sendQueuedMail(
  server: { url: string; secretKey: string },
  options: { timeoutMs?: number } = {},
): Promise<{ sent: number; pending: Pending }> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  let sent = 0;
  for (;;) {
    const response = await fetch(`${server.url}/functions/v1/send-queued-mail`, {
      method: 'POST',
      headers: { apikey: server.secretKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds: 5, wait: true }),
    });
    const body = (await response.json()) as SendQueuedMailResponseBody;
    if (!response.ok || !body.success || !('pending' in body)) {
      throw new Error(`send-queued-mail answered HTTP ${response.status}: ${JSON.stringify(body)}`);
    }
    sent += body.sent.sent;
    // Another worker (a function sending right after its answer) may hold a message: wait for it.
    if (body.pending.due === 0 && body.pending.sending === 0)
      return { sent, pending: body.pending };
    if (Date.now() > deadline) {
      throw new Error(`The mail queue did not settle: ${JSON.stringify(body.pending)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The mail of the server's outbox, newest first as /outbox.json lists it, to one address (any letter
 * case) when `to` is given. With the secret key, the mail queue first sends everything due
 * (sendQueuedMail): a mail missing then was not queued. Every test reads the outbox through this.
 */
export async function outboxMail(
  server: { url: string; secretKey?: string },
  to?: string,
): Promise<OutboxMessage[]> {
  if (server.secretKey) await sendQueuedMail({ url: server.url, secretKey: server.secretKey });
  const response = await fetch(`${server.url}/outbox.json`);
  if (!response.ok) throw new Error(`The outbox answered HTTP ${response.status}.`);
  const messages = (await response.json()) as OutboxMessage[];
  return to === undefined
    ? messages
    : messages.filter((message) => message.to.toLowerCase() === to.toLowerCase());
}
