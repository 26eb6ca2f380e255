import { randomUUID } from 'node:crypto';
import { webhookHeaders } from '@agentora/backend/webhooks/standard-webhooks';

// A webhook endpoint as Resend posts to one: each event a JSON body signed as Resend signs it, Svix's
// headers svix-id, svix-timestamp and svix-signature (`v1,<base64 HMAC-SHA256 of
// "<id>.<timestamp>.<body>">` under the key of the `whsec_<base64>` secret), by the backend's one
// Standard Webhooks module, whose signing the specification's test vector holds on Node and on Deno.
// Events leave `delayMs` after they are scheduled, one post after the other in the order scheduled,
// without retries; only the event types the endpoint is subscribed to are posted.

/** One event as Resend posts it: `{type, created_at, data}`. */
export interface PostableEvent {
  type: string;
  created_at: string;
  data: unknown;
}

export interface WebhookEndpointOptions {
  /** Where the events go: a URL, or a function answering it when the post is made. */
  url: string | (() => string);
  /** The endpoint's signing secret, `whsec_<base64>` (what Resend shows for the endpoint). */
  secret: string;
  /** The event types the endpoint is subscribed to; default every type the stand-in posts. */
  events?: readonly string[];
  /** How long after the change its events leave, in ms (default 20). */
  delayMs?: number;
  /** The clock; default Date.now. */
  now?: () => number;
  /** What a failed post is told to; default nothing (a real endpoint would be retried by Resend). */
  onError?: (error: unknown) => void;
  fetch?: typeof fetch;
}

export interface WebhookEndpoint<Event extends PostableEvent> {
  /** Posts the events the endpoint is subscribed to, `delayMs` later, after all scheduled before. */
  schedule(events: Event[]): void;
  /** Resolves once every event scheduled so far was posted (or failed). */
  settled(): Promise<void>;
  /** What was posted, in order, with the endpoint's status. */
  posted(): { event: Event; status: number }[];
}

/** Svix's headers for a body, signed with the key of a `whsec_<base64>` secret. */
export function svixHeaders(
  secret: string,
  body: string,
  id: string = `msg_${randomUUID().replaceAll('-', '')}`,
  timestampSeconds: number = Math.floor(Date.now() / 1000),
): Promise<Record<string, string>> {
  return webhookHeaders(secret, body, timestampSeconds, id, 'svix');
}

export function webhookEndpoint<Event extends PostableEvent>(
  options: WebhookEndpointOptions,
): WebhookEndpoint<Event> {
  const now = options.now ?? Date.now;
  const post = options.fetch ?? fetch;
  const pending = new Set<Promise<void>>();
  const posted: { event: Event; status: number }[] = [];
  // One chain: events leave in the order they were scheduled.
  let chain: Promise<void> = Promise.resolve();

  async function send(event: Event): Promise<void> {
    const body = JSON.stringify(event);
    const url = typeof options.url === 'function' ? options.url() : options.url;
    const response = await post(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(await svixHeaders(options.secret, body, undefined, Math.floor(now() / 1000))),
      },
      body,
    });
    await response.body?.cancel();
    posted.push({ event, status: response.status });
  }

  return {
    schedule(scheduled) {
      const events = scheduled.filter(
        (event) => !options.events || options.events.includes(event.type),
      );
      if (events.length === 0) return;
      const delay = options.delayMs ?? 20;
      const run = chain
        .then(() => new Promise((resolve) => setTimeout(resolve, delay)))
        .then(async () => {
          for (const event of events) {
            try {
              await send(event);
            } catch (error) {
              options.onError?.(error);
            }
          }
        });
      chain = run;
      pending.add(run);
      void run.finally(() => pending.delete(run));
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    posted: () => [...posted],
  };
}
