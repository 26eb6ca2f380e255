import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Answer } from './api/answer.ts';
import type { ResendStats } from './api/stats.ts';
import { memoryAudience, type AudienceView, type ContactChanges } from './contacts/audience.ts';
import { inResend } from './contacts/in-resend.ts';
import { memoryStore, type AcceptedMail } from './emails/mail-store.ts';
import { createResendApi, type ResendApiOptions } from './resend-api.ts';
import { contactEvent, type ContactEvent } from './webhooks/contact-events.ts';
import { withDeliveryWebhooks, type DeliveryEvent } from './webhooks/delivery-webhooks.ts';
import {
  webhookEndpoint,
  type WebhookEndpoint,
  type WebhookEndpointOptions,
} from './webhooks/endpoint.ts';

export interface FakeResendOptions extends Omit<ResendApiOptions, 'store' | 'audience'> {
  /** Default 0: any free port. Always on loopback. */
  port?: number;
  /** Added to every answer, in ms. */
  latencyMs?: number;
  /**
   * Resend's webhook endpoint: the delivery events of its test addresses (delivery-webhooks.ts) and
   * the contact events (contact-events.ts) are posted here, those of the types in `events` (default
   * all).
   */
  webhooks?: WebhookEndpointOptions;
}

export type FakeResendStats = ResendStats;

/** Every event the stand-in posts. */
export type ResendWebhookEvent = DeliveryEvent | ContactEvent;

export interface FakeResend {
  /** The API's base URL, for RESEND_API_URL (e.g. http://127.0.0.1:43121). */
  url: string;
  /** What it accepted, in order: each message once, however often its key was sent. */
  accepted(): AcceptedMail[];
  /** Its segments (each with its contacts' addresses) and contacts, as the API holds them now. */
  audience(): AudienceView;
  /**
   * Changes made in Resend itself, not through the API (a contact's unsubscribe link, the dashboard);
   * each resolves once the event Resend posts for it has been posted (or failed), or at once without
   * a webhook endpoint. An unknown contact is an error.
   */
  inResend: {
    updateContact(idOrEmail: string, changes: ContactChanges): Promise<void>;
    deleteContact(idOrEmail: string): Promise<void>;
  };
  /** The posts to the webhook endpoint (none without one) and a way to wait for those scheduled. */
  webhooks: Pick<WebhookEndpoint<ResendWebhookEvent>, 'settled' | 'posted'>;
  stats(): FakeResendStats;
  stop(): Promise<void>;
}

/** The body, or undefined once it passes `limit` (the rest is not kept). */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).byteLength;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const noEndpoint: FakeResend['webhooks'] = { settled: async () => {}, posted: () => [] };

/** Resend's API (resend-api.ts) on a loopback port of its own, keeping what it takes in memory. */
export async function startFakeResend(options: FakeResendOptions = {}): Promise<FakeResend> {
  const { webhooks: webhookOptions } = options;
  const endpoint = webhookOptions && webhookEndpoint<ResendWebhookEvent>(webhookOptions);
  const store = webhookOptions
    ? withDeliveryWebhooks(memoryStore(), webhookOptions, endpoint)
    : memoryStore();
  const audience = memoryAudience({
    now: options.now,
    onChange: (change) => endpoint?.schedule([contactEvent(change)]),
  });
  const resend = inResend(audience);
  const api = createResendApi({ ...options, store, audience });

  async function answer(req: IncomingMessage): Promise<Answer> {
    const url = new URL(req.url ?? '/', 'http://fake-resend.invalid');
    const admission = api.admit({
      method: req.method ?? 'GET',
      path: url.pathname,
      headers: req.headers,
      query: url.searchParams,
    });
    if ('refuse' in admission) return admission.refuse;
    const body = await readBody(req, admission.bodyLimit);
    return body ? admission.answer(body) : admission.tooLarge;
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    answer(req)
      .then(async (reply) => {
        if (options.latencyMs)
          await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
        res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
        res.end(JSON.stringify(reply.body));
      })
      .catch(() => {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({ statusCode: 500, name: 'internal_server_error', message: 'Failed.' }),
        );
      });
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const webhooks = endpoint ?? noEndpoint;
  return {
    url: `http://127.0.0.1:${port}`,
    accepted: store.accepted,
    audience: () => audience.view(),
    inResend: {
      async updateContact(idOrEmail, changes) {
        resend.updateContact(idOrEmail, changes);
        await webhooks.settled();
      },
      async deleteContact(idOrEmail) {
        resend.deleteContact(idOrEmail);
        await webhooks.settled();
      },
    },
    webhooks,
    stats: api.stats,
    async stop() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
