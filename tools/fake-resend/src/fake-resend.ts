import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Answer } from './api/answer.ts';
import type { ResendStats } from './api/stats.ts';
import { memoryStore, type AcceptedMail } from './emails/mail-store.ts';
import { createResendApi, type ResendApiOptions } from './resend-api.ts';
import { withDeliveryWebhooks, type DeliveryWebhookOptions } from './webhooks/delivery-webhooks.ts';

export interface FakeResendOptions extends Omit<ResendApiOptions, 'store'> {
  /** Default 0: any free port. Always on loopback. */
  port?: number;
  /** Added to every answer, in ms. */
  latencyMs?: number;
  /** Resend's delivery webhooks for its test addresses, posted here (delivery-webhooks.ts). */
  webhooks?: DeliveryWebhookOptions;
}

export type FakeResendStats = ResendStats;

export interface FakeResend {
  /** The API's base URL, for RESEND_API_URL (e.g. http://127.0.0.1:43121). */
  url: string;
  /** What it accepted, in order: each message once, however often its key was sent. */
  accepted(): AcceptedMail[];
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

/** Resend's API (resend-api.ts) on a loopback port of its own, keeping what it takes in memory. */
export async function startFakeResend(options: FakeResendOptions = {}): Promise<FakeResend> {
  const store = options.webhooks
    ? withDeliveryWebhooks(memoryStore(), options.webhooks)
    : memoryStore();
  const api = createResendApi({ ...options, store });

  async function answer(req: IncomingMessage): Promise<Answer> {
    const url = new URL(req.url ?? '/', 'http://fake-resend.invalid');
    const admission = api.admit({
      method: req.method ?? 'GET',
      path: url.pathname,
      headers: req.headers,
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
  return {
    url: `http://127.0.0.1:${port}`,
    accepted: store.accepted,
    stats: api.stats,
    async stop() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
