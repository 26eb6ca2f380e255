import type { AcceptedMail, KeyedSend, MailStore } from '../emails/mail-store.ts';
import {
  webhookEndpoint,
  type PostableEvent,
  type WebhookEndpoint,
  type WebhookEndpointOptions,
} from './endpoint.ts';

// Resend's delivery webhooks for its own test addresses, as Resend documents them ("Send test emails"):
// a mail to delivered@resend.dev is delivered, to bounced@resend.dev bounces, to complained@resend.dev is
// delivered and then marked as spam, each also with a +label (bounced+signup-1@resend.dev). A store
// wrapped here posts, after each mail it keeps, the events Resend would send for those recipients to the
// endpoint it is given, signed as Resend signs them (endpoint.ts). Any other address gets no event, as
// no real mailbox answers here.

/** The test addresses: what their local part (before any +label) makes of a mail. */
const TEST_ADDRESS = /^(delivered|bounced|complained)(?:\+[^@]*)?@resend\.dev$/i;

export type TestOutcome = 'delivered' | 'bounced' | 'complained';

/** What Resend does with a mail to this address, when it is one of its test addresses. */
export function testAddressOutcome(address: string): TestOutcome | undefined {
  const match = TEST_ADDRESS.exec(address.trim());
  return match ? (match[1].toLowerCase() as TestOutcome) : undefined;
}

/** One delivery event as Resend posts it: `{type, created_at, data}`. */
export interface DeliveryEvent {
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
export function eventsFor(mail: AcceptedMail, at: number): DeliveryEvent[] {
  const events: DeliveryEvent[] = [];
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

export type DeliveryWebhookOptions = WebhookEndpointOptions;

/** What the wrapped store says of its posts (and of any other events posted to the same endpoint). */
export type DeliveryWebhooks<Event extends PostableEvent = DeliveryEvent> = Pick<
  WebhookEndpoint<Event>,
  'settled' | 'posted'
>;

/**
 * The store, posting Resend's events for the test recipients of every mail it keeps (after the keep,
 * `delayMs` later, one post after the other), through an endpoint of its own or the one it is given
 * (which other events may share). The mail is kept as before whatever the posts do.
 */
export function withDeliveryWebhooks<
  Store extends MailStore,
  Event extends PostableEvent = DeliveryEvent,
>(
  store: Store,
  options: DeliveryWebhookOptions,
  endpoint: WebhookEndpoint<DeliveryEvent | Event> = webhookEndpoint(options),
): Store & { webhooks: DeliveryWebhooks<DeliveryEvent | Event> } {
  const now = options.now ?? Date.now;
  const schedule = (mail: AcceptedMail) => endpoint.schedule(eventsFor(mail, now()));
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
    webhooks: { settled: () => endpoint.settled(), posted: () => endpoint.posted() },
  });
}
