import type { SyncAudienceResponseBody } from '@agentora/backend/responses';
import type { AudienceView } from '@agentora/fake-resend';

type Synced = Extract<SyncAudienceResponseBody, { pending: unknown }>;

/**
 * Has the server's audience worker (sync-audience, on Deno) make every change that is due, and answers
 * once nothing is due, being sent or scanned: the moment after which a test may say what Resend holds,
 * or that a change did not reach it. Changes waiting out a backoff are left waiting (pending.queued).
 */
export async function syncAudienceNow(
  server: { url: string; secretKey: string },
  options: { timeoutMs?: number } = {},
): Promise<{ done: number; pending: Synced['pending'] }> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  let done = 0;
  for (;;) {
    const response = await fetch(`${server.url}/functions/v1/sync-audience`, {
      method: 'POST',
      headers: { apikey: server.secretKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds: 5, wait: true }),
    });
    const body = (await response.json()) as SyncAudienceResponseBody;
    if (!response.ok || !body.success || !('pending' in body)) {
      throw new Error(`sync-audience answered HTTP ${response.status}: ${JSON.stringify(body)}`);
    }
    done += body.synced.done;
    const { pending } = body;
    if (pending.due === 0 && pending.sending === 0 && !pending.scanning) return { done, pending };
    if (Date.now() > deadline) {
      throw new Error(`The audience did not settle: ${JSON.stringify(pending)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The local Resend's segments and contacts (GET /outbox/audience.json). */
export async function localResendAudience(server: { url: string }): Promise<AudienceView> {
  const response = await fetch(`${server.url}/outbox/audience.json`);
  if (!response.ok) throw new Error(`The local audience answered HTTP ${response.status}.`);
  return (await response.json()) as AudienceView;
}
