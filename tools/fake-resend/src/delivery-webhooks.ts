import { randomUUID } from 'node:crypto';
import { webhookHeaders } from '@agentora/backend/webhooks/standard-webhooks';
import type { AcceptedMail, KeyedSend, MailStore } from './emails/mail-store.ts';

// Resend's delivery webhooks for its own test addresses, as Resend documents them ("Send test emails"):
// a mail to delivered@resend.dev is delivered, to bounced@resend.dev bounces, to complained@resend.dev is
// delivered and then marked as spam, each also with a +label (bounced+signup-1@resend.dev). A store
// wrapped here posts, after each mail it keeps, the events Resend would send for those recipients to the
// URL it is given, signed as Resend signs them: Svix's headers svix-id, svix-timestamp and
// svix-signature (`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` under the key of the
// `whsec_<base64>` secret), by the backend's one Standard Webhooks module, whose signing the
// specification's test vector holds on Node and on Deno. Any other address gets no event, as no real
// mailbox answers here.

/** The test addresses: what their local part (before any +label) makes of a mail. */
const TEST_ADDRESS = /^(delivered|bounced|complained)(?:\+[^@]*)?@resend\.dev$/i;

export type TestOutcome = 'delivered' | 'bounced' | 'complained';

/** What Resend does with a mail to this address, when it is one of its test addresses. */
export function testAddressOutcome(address: string): TestOutcome | undefined {
  const match = TEST_ADDRESS.exec(address.trim());
  return match ? (match[1].toLowerCase() as TestOutcome) : undefined;
}

/** One event as Resend posts it: `{type, created_at, data}`. */
export interface WebhookEvent {
  type: 'email.delivered' | 'email.bounced' | 'email.complained';
  created_at: string;
  data: {
    created_at: string;
    email_id: string;
    from: string;
    to: string[];
    subject: string;
    bounce?: { type: 'Permanent'; subType: 'General'; message: string };
  };
}

/** The events Resend sends for one accepted mail, in order: one set per test recipient. */
export function eventsFor(mail: AcceptedMail, at: number): WebhookEvent[] {
  const events: WebhookEvent[] = [];
  const data = (to: string) => ({
    created_at: new Date(mail.acceptedAt).toISOString(),
    email_id: mail.id,
    from: mail.from,
    to: [to],
    subject: mail.subject,
  });
  const created_at = new Date(at).toISOString();
  for (const to of mail.to) {
    const outcome = testAddressOutcome(to);
    if (outcome === 'delivered' || outcome === 'complained') {
      events.push({ type: 'email.delivered', created_at, data: data(to) });
    }
    if (outcome === 'complained') {
      events.push({ type: 'email.complained', created_at, data: data(to) });
    }
    if (outcome === 'bounced') {
      events.push({
        type: 'email.bounced',
        created_at,
        data: {
          ...data(to),
          bounce: {
            type: 'Permanent',
            subType: 'General',
            message: "The recipient's email provider sent a hard bounce message.",
          },
        },
      });
    }
  }
  return events;
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

export interface DeliveryWebhookOptions {
  /** Where the events go: a URL, or a function answering it when the post is made. */
  url: string | (() => string);
  /** The endpoint's signing secret, `whsec_<base64>` (what Resend shows for the endpoint). */
  secret: string;
  /** How long after the mail is kept its events leave, in ms (default 20). */
  delayMs?: number;
  /** The clock; default Date.now. */
  now?: () => number;
  /** What a failed post is told to; default nothing (a real endpoint would be retried by Resend). */
  onError?: (error: unknown) => void;
  fetch?: typeof fetch;
}

export interface DeliveryWebhooks {
  /** Resolves once every event scheduled so far was posted (or failed). */
  settled(): Promise<void>;
  /** What was posted, in order, with the endpoint's status. */
  posted(): { event: WebhookEvent; status: number }[];
}

/**
 * The store, posting Resend's events for the test recipients of every mail it keeps (after the keep,
 * `delayMs` later, one post after the other). The mail is kept as before whatever the posts do.
 */
export function withDeliveryWebhooks<Store extends MailStore>(
  store: Store,
  options: DeliveryWebhookOptions,
): Store & { webhooks: DeliveryWebhooks } {
  const now = options.now ?? Date.now;
  const post = options.fetch ?? fetch;
  const pending = new Set<Promise<void>>();
  const posted: { event: WebhookEvent; status: number }[] = [];
  // One chain: the events of all mails leave in the order the mails were kept.
  let chain: Promise<void> = Promise.resolve();

  async function send(event: WebhookEvent): Promise<void> {
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

  function schedule(mail: AcceptedMail): void {
    const events = eventsFor(mail, now());
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
  }

  return Object.assign(Object.create(store) as Store, store, {
    async keep(mail: AcceptedMail, bodyHash: string) {
      await store.keep(mail, bodyHash);
      schedule(mail);
    },
    // A batch's mails each get their events, as Resend sends them per email.
    async keepBatch(mails: AcceptedMail[], key: string, send: KeyedSend) {
      await store.keepBatch(mails, key, send);
      for (const mail of mails) schedule(mail);
    },
    find: (key: string) => store.find(key),
    webhooks: {
      async settled() {
        while (pending.size > 0) await Promise.all([...pending]);
      },
      posted: () => [...posted],
    },
  });
}
