// resend-webhook's handler on Deno, the runtime hosted Supabase serves it on, with a store of its own in
// place of the database: a signed event of a kept kind is handed to the store once; a bad or missing
// signature, a timestamp more than 5 minutes off either way, an oversized or malformed body is refused,
// and the store is not called. (A replay is the database's to refuse: its webhook id was taken; the
// store here does the same, and the tests through the local server hold the real one to it.)
import { assertEquals } from './assert.ts';
import {
  createResendWebhookHandler,
  MAX_BODY_BYTES,
} from '../../functions/resend-webhook/handler.ts';
import type {
  DeliveryEvent,
  RecordOutcome,
} from '../../functions/resend-webhook/delivery-events.ts';
import { signWebhook } from '../../functions/_shared/webhooks/standard-webhooks.ts';
import type {
  ContactEvent,
  ContactEventOutcome,
} from '../../functions/resend-webhook/contact-events.ts';

const KEY = new TextEncoder().encode('resend-webhook deno test key 32!');
const OTHER_KEY = new TextEncoder().encode('another resend webhook key of 32');
const NOW_MS = Date.UTC(2025, 11, 6, 12, 0, 0);
const URL_ = 'https://project.supabase.co/functions/v1/resend-webhook';

function setup(failing = false) {
  const recorded: DeliveryEvent[] = [];
  const contacts: ContactEvent[] = [];
  const seen = new Set<string>();
  const handler = createResendWebhookHandler({
    contacts: {
      record(event): Promise<ContactEventOutcome> {
        if (failing) return Promise.reject(new Error('database down'));
        if (seen.has(event.webhookId)) return Promise.resolve('replayed');
        seen.add(event.webhookId);
        contacts.push(event);
        return Promise.resolve('unsubscribed');
      },
    },
    keys: [KEY],
    now: () => NOW_MS,
    logError: () => undefined,
    events: {
      record(event): Promise<RecordOutcome> {
        if (failing) return Promise.reject(new Error('database down'));
        if (seen.has(event.webhookId)) return Promise.resolve('replayed');
        seen.add(event.webhookId);
        recorded.push(event);
        return Promise.resolve('recorded');
      },
    },
  });
  return { handler, recorded, contacts };
}

const event = (type: string, data: Record<string, unknown> = {}) => ({
  type,
  created_at: '2025-12-06T11:59:59.000Z',
  data: {
    created_at: '2025-12-06T11:59:58.123Z',
    email_id: '56761188-7520-42d8-8898-ff6fc54ce618',
    from: 'Agentora <hello@agentora.ai>',
    to: ['ada@example.com'],
    subject: 'Confirm your email',
    ...data,
  },
});

interface CallOptions {
  id?: string;
  at?: number;
  key?: Uint8Array<ArrayBuffer>;
  prefix?: 'svix' | 'webhook';
  /** Signed over this, sent as the body unless `body` is given. */
  signedBody?: string;
  body?: BodyInit;
  headers?: Record<string, string>;
}

async function call(
  handler: (request: Request) => Promise<Response>,
  payload: unknown,
  options: CallOptions = {},
) {
  const signedBody = options.signedBody ?? JSON.stringify(payload);
  const id = options.id ?? `msg_${crypto.randomUUID()}`;
  const timestamp = Math.floor((options.at ?? NOW_MS) / 1000);
  const prefix = options.prefix ?? 'svix';
  const response = await handler(
    new Request(URL_, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [`${prefix}-id`]: id,
        [`${prefix}-timestamp`]: String(timestamp),
        [`${prefix}-signature`]: await signWebhook(options.key ?? KEY, id, timestamp, signedBody),
        ...options.headers,
      },
      body: options.body ?? signedBody,
    }),
  );
  return { status: response.status, body: await response.json() };
}

Deno.test(
  'a signed delivery event of each kept kind is recorded, with its id, recipients and time',
  async () => {
    const { handler, recorded } = setup();
    for (const type of ['email.delivered', 'email.delivery_delayed', 'email.complained']) {
      assertEquals(await call(handler, event(type), { id: `msg_${type}` }), {
        status: 200,
        body: { received: true },
      });
    }
    await call(
      handler,
      event('email.bounced', {
        to: ['Ada <ada+news@example.com>'],
        bounce: { type: 'Permanent', subType: 'General', message: 'No such user' },
      }),
      { id: 'msg_bounce' },
    );
    assertEquals(recorded, [
      ...[
        ['email.delivered', 'delivered'],
        ['email.delivery_delayed', 'delayed'],
        ['email.complained', 'complained'],
      ].map(([type, kind]) => ({
        webhookId: `msg_${type}`,
        kind,
        emailId: '56761188-7520-42d8-8898-ff6fc54ce618',
        to: ['ada@example.com'],
        bounceType: null,
        occurredAt: '2025-12-06T11:59:59.000Z',
      })),
      {
        webhookId: 'msg_bounce',
        kind: 'bounced',
        emailId: '56761188-7520-42d8-8898-ff6fc54ce618',
        to: ['Ada <ada+news@example.com>'],
        bounceType: 'Permanent',
        occurredAt: '2025-12-06T11:59:59.000Z',
      },
    ]);
  },
);

Deno.test(
  'the time kept is the event’s, else the email’s, else none (the database’s now)',
  async () => {
    const { handler, recorded } = setup();
    const withoutEventTime = { ...event('email.delivered'), created_at: undefined };
    const withoutAny = {
      ...withoutEventTime,
      data: { ...event('email.delivered').data, created_at: 'yesterday' },
    };
    await call(handler, event('email.delivered'));
    await call(handler, withoutEventTime);
    await call(handler, withoutAny);
    assertEquals(
      recorded.map((entry) => entry.occurredAt),
      ['2025-12-06T11:59:59.000Z', '2025-12-06T11:59:58.123Z', null],
    );
  },
);

Deno.test('other signed events are acknowledged and record nothing', async () => {
  const { handler, recorded } = setup();
  for (const type of ['email.sent', 'email.opened', 'email.clicked', 'domain.updated']) {
    assertEquals((await call(handler, event(type))).status, 200);
  }
  assertEquals(recorded, []);
});

Deno.test('a replayed id is answered 200 and recorded once', async () => {
  const { handler, recorded } = setup();
  const first = await call(handler, event('email.bounced'), { id: 'msg_twice' });
  const again = await call(handler, event('email.bounced'), { id: 'msg_twice' });
  assertEquals([first.status, again.status, recorded.length], [200, 200, 1]);
});

Deno.test(
  'a bad, missing or foreign signature is refused with 401 and records nothing',
  async () => {
    const { handler, recorded } = setup();
    const payload = event('email.bounced');
    const refused = {
      status: 401,
      body: { success: false, error: 'The webhook signature is missing or wrong.' },
    };
    // Another key (a forger's), a body changed after signing, the signature of another id.
    assertEquals(await call(handler, payload, { key: OTHER_KEY }), refused);
    assertEquals(
      await call(handler, payload, {
        body: JSON.stringify(event('email.bounced', { to: ['victim@example.com'] })),
      }),
      refused,
    );
    assertEquals(await call(handler, payload, { headers: { 'svix-id': 'msg_other' } }), refused);
    // No signature; Standard Webhooks' own header names, which Resend does not send.
    assertEquals(await call(handler, payload, { headers: { 'svix-signature': '' } }), refused);
    assertEquals(await call(handler, payload, { prefix: 'webhook' }), refused);
    assertEquals(recorded, []);
  },
);

Deno.test(
  'a timestamp more than 5 minutes old or ahead is refused, however well signed',
  async () => {
    const { handler, recorded } = setup();
    const stale = {
      status: 401,
      body: { success: false, error: 'The webhook timestamp is too old or too far ahead.' },
    };
    for (const offset of [-301_000, 301_000, -86_400_000]) {
      assertEquals(await call(handler, event('email.bounced'), { at: NOW_MS + offset }), stale);
    }
    // 5 minutes exactly either way is still taken.
    for (const offset of [-300_000, 300_000]) {
      assertEquals(
        (await call(handler, event('email.delivered'), { at: NOW_MS + offset })).status,
        200,
      );
    }
    assertEquals(recorded.length, 2);
  },
);

Deno.test(
  'an oversized body is refused before the signature, declared or streamed, and records nothing',
  async () => {
    const { handler, recorded } = setup();
    const big = JSON.stringify(event('email.bounced', { subject: 'x'.repeat(MAX_BODY_BYTES) }));
    assertEquals((await call(handler, null, { signedBody: big })).status, 413);
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled += 1;
          controller.enqueue(new Uint8Array(16 * 1024).fill(32));
        },
      },
      { highWaterMark: 0 },
    );
    assertEquals(
      (await call(handler, null, { signedBody: '{}', body: stream, headers: {} })).status,
      413,
    );
    assertEquals(pulled <= MAX_BODY_BYTES / (16 * 1024) + 1, true, `pulled ${pulled} chunks`);
    assertEquals(recorded, []);
  },
);

Deno.test('a signed body that is not JSON or not a Resend event is refused with 400', async () => {
  const { handler, recorded } = setup();
  assertEquals((await call(handler, null, { signedBody: 'not json' })).status, 400);
  for (const payload of [
    [],
    { type: 'email.bounced' },
    event('email.bounced', { email_id: 42 }),
    event('email.bounced', { to: [] }),
    event('email.bounced', { to: Array.from({ length: 51 }, (_, i) => `a${i}@example.com`) }),
  ]) {
    assertEquals((await call(handler, payload)).status, 400, JSON.stringify(payload).slice(0, 60));
  }
  assertEquals(recorded, []);
});

Deno.test('a store that fails answers 500, so Resend delivers the event again', async () => {
  const { handler } = setup(true);
  assertEquals(await call(handler, event('email.bounced')), {
    status: 500,
    body: { success: false, error: 'The event could not be recorded.' },
  });
});

Deno.test('only POST: another method is 405 with Allow: POST', async () => {
  const { handler } = setup();
  for (const method of ['GET', 'OPTIONS', 'PUT']) {
    const response = await handler(new Request(URL_, { method }));
    assertEquals([response.status, response.headers.get('allow')], [405, 'POST']);
    await response.body?.cancel();
  }
});
