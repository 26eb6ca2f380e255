// resend-webhook's contact events on Deno (docs/audience.md, "Resend's changes reach the site"), with
// stores of the test's own in place of the database: a signed contact event is handed to the contact
// store once, with the contact's id, address, flag and time; one that says it is a contact event and is
// not one is refused with 400; an unsigned, forged, stale or oversized one is refused as delivery events
// are, and no store is called. (What the database makes of each is supabase/tests/audience-events.test.ts.)
import { assertEquals } from './assert.ts';
import {
  createResendWebhookHandler,
  MAX_BODY_BYTES,
} from '../../functions/resend-webhook/handler.ts';
import type {
  ContactEvent,
  ContactEventOutcome,
} from '../../functions/resend-webhook/contact-events.ts';
import { signWebhook } from '../../functions/_shared/webhooks/standard-webhooks.ts';

const KEY = new TextEncoder().encode('resend-webhook deno test key 32!');
const NOW_MS = Date.UTC(2026, 11, 6, 12, 0, 0);
const URL_ = 'https://project.supabase.co/functions/v1/resend-webhook';

function setup(failing = false) {
  const contacts: ContactEvent[] = [];
  let deliveries = 0;
  const handler = createResendWebhookHandler({
    keys: [KEY],
    now: () => NOW_MS,
    logError: () => undefined,
    events: {
      record() {
        deliveries += 1;
        return Promise.resolve('recorded');
      },
    },
    contacts: {
      record(event): Promise<ContactEventOutcome> {
        if (failing) return Promise.reject(new Error('database down'));
        contacts.push(event);
        return Promise.resolve('unsubscribed');
      },
    },
  });
  return { handler, contacts, deliveries: () => deliveries };
}

// Resend's contact event as its webhook reference and OpenAPI description give it.
const contactEvent = (type: string, data: Record<string, unknown> = {}) => ({
  type,
  created_at: '2026-12-06T11:59:59.000Z',
  data: {
    id: 'e169aa45-1ecf-4183-9955-b1499d5701d3',
    audience_id: '78261eea-8f8b-4381-83c6-79fa7120f1cf',
    segment_ids: ['78261eea-8f8b-4381-83c6-79fa7120f1cf'],
    created_at: '2026-12-01T10:00:00.000Z',
    updated_at: '2026-12-06T11:59:58.500Z',
    email: 'ada@example.com',
    first_name: 'Ada',
    unsubscribed: true,
    ...data,
  },
});

async function call(
  handler: (request: Request) => Promise<Response>,
  payload: unknown,
  options: { id?: string; at?: number; signedBody?: string; signature?: string } = {},
) {
  const body = options.signedBody ?? JSON.stringify(payload);
  const id = options.id ?? `msg_${crypto.randomUUID()}`;
  const timestamp = Math.floor((options.at ?? NOW_MS) / 1000);
  const response = await handler(
    new Request(URL_, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'svix-id': id,
        'svix-timestamp': String(timestamp),
        'svix-signature': options.signature ?? (await signWebhook(KEY, id, timestamp, body)),
      },
      body,
    }),
  );
  return { status: response.status, body: await response.json() };
}

Deno.test(
  'a signed contact event goes to the contact store, with its id, address, flag and time',
  async () => {
    const { handler, contacts, deliveries } = setup();
    for (const type of ['contact.updated', 'contact.created', 'contact.deleted']) {
      assertEquals(await call(handler, contactEvent(type), { id: `msg_${type}` }), {
        status: 200,
        body: { received: true },
      });
    }
    const contact = {
      contactId: 'e169aa45-1ecf-4183-9955-b1499d5701d3',
      email: 'ada@example.com',
      unsubscribed: true,
    };
    assertEquals(contacts, [
      {
        webhookId: 'msg_contact.updated',
        type: 'contact.updated',
        ...contact,
        at: '2026-12-06T11:59:58.500Z',
      },
      {
        webhookId: 'msg_contact.created',
        type: 'contact.created',
        ...contact,
        at: '2026-12-06T11:59:58.500Z',
      },
      // A deletion is as of the event's own time.
      {
        webhookId: 'msg_contact.deleted',
        type: 'contact.deleted',
        ...contact,
        at: '2026-12-06T11:59:59.000Z',
      },
    ]);
    assertEquals(deliveries(), 0);
  },
);

Deno.test('a contact event without the fields it must have is refused with 400', async () => {
  const { handler, contacts } = setup();
  for (const payload of [
    contactEvent('contact.updated', { id: 42 }),
    contactEvent('contact.updated', { id: '' }),
    contactEvent('contact.updated', { email: 'no-at-sign' }),
    contactEvent('contact.updated', { unsubscribed: 'yes' }),
    contactEvent('contact.merged'),
    { type: 'contact.updated' },
  ]) {
    assertEquals((await call(handler, payload)).status, 400, JSON.stringify(payload).slice(0, 80));
  }
  assertEquals(contacts, []);
});

Deno.test('an unsigned, forged, stale or oversized contact event changes nothing', async () => {
  const { handler, contacts } = setup();
  const payload = contactEvent('contact.updated');
  const other = new TextEncoder().encode('a forger key, also 32 bytes long');
  const forged = await signWebhook(
    other,
    'msg_f',
    Math.floor(NOW_MS / 1000),
    JSON.stringify(payload),
  );
  assertEquals((await call(handler, payload, { id: 'msg_f', signature: forged })).status, 401);
  assertEquals((await call(handler, payload, { signature: '' })).status, 401);
  assertEquals((await call(handler, payload, { at: NOW_MS - 301_000 })).status, 401);
  const big = JSON.stringify(
    contactEvent('contact.updated', { first_name: 'x'.repeat(MAX_BODY_BYTES) }),
  );
  assertEquals((await call(handler, null, { signedBody: big })).status, 413);
  assertEquals(contacts, []);
});

Deno.test(
  'a contact store that fails answers 500, so Resend delivers the event again',
  async () => {
    const { handler } = setup(true);
    assertEquals(await call(handler, contactEvent('contact.updated')), {
      status: 500,
      body: { success: false, error: 'The event could not be recorded.' },
    });
  },
);
