import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// What Resend documents for POST /emails (its API reference): the Idempotency-Key header (a repeat with
// the same body within 24 hours answers the first send's id and sends nothing; with another body, 409
// invalid_idempotent_request), 429 rate_limit_exceeded above the team's rate (default 2 requests per
// second) with Retry-After and the ratelimit-* headers, and errors as {statusCode, name, message}.
// What it does not do: batches, attachments, scheduling, domains, webhooks.

export interface FakeResendOptions {
  /** Default 0: any free port. Always on loopback. */
  port?: number;
  /** Requests accepted per second, all callers together (Resend's default is 2). 0: no limit. */
  ratePerSecond?: number;
  /** The share (0..1) of requests, within the rate, answered 500 after the mail was taken or not. */
  errorRate?: number;
  /**
   * Of the failures, whether the message was taken before the error (as a lost answer would leave it):
   * true, false (the default: a 500 took nothing), or the share (0..1) of failures that took it.
   */
  failAfterAccepting?: boolean | number;
  /** Added to every answer, in ms. */
  latencyMs?: number;
  /** The only key accepted; default any `re_` key. */
  apiKey?: string;
  /** For the error rate; default Math.random. Tests pass a fixed sequence. */
  random?: () => number;
  /** The clock; default Date.now. */
  now?: () => number;
}

export interface AcceptedMail {
  id: string;
  idempotencyKey: string;
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  acceptedAt: number;
}

export interface FakeResendStats {
  requests: number;
  accepted: number;
  /** Repeats of a key answered with the first send's id (nothing sent). */
  replayed: number;
  rateLimited: number;
  failed: number;
  refused: number;
}

export interface FakeResend {
  /** The API's base URL, for RESEND_API_URL (e.g. http://127.0.0.1:43121). */
  url: string;
  /** What it accepted, in order: each message once, however often its key was sent. */
  accepted(): AcceptedMail[];
  stats(): FakeResendStats;
  stop(): Promise<void>;
}

const BODY_LIMIT = 1024 * 1024;
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const failure = (
  statusCode: number,
  name: string,
  message: string,
  headers?: Record<string, string>,
): Answer => ({
  status: statusCode,
  body: { statusCode, name, message },
  headers,
});

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).byteLength;
    if (size > BODY_LIMIT) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function parseEmail(
  body: unknown,
): Omit<AcceptedMail, 'id' | 'idempotencyKey' | 'acceptedAt'> | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'Invalid JSON body.';
  const fields = body as Record<string, unknown>;
  const to = Array.isArray(fields.to) ? fields.to : [fields.to];
  if (to.length === 0 || to.length > 50 || !to.every((item) => typeof item === 'string')) {
    return 'The `to` field must be an address or a list of 1 to 50 addresses.';
  }
  for (const name of ['from', 'subject'] as const) {
    if (typeof fields[name] !== 'string' || fields[name] === '')
      return `The \`${name}\` field is required.`;
  }
  if (typeof fields.html !== 'string' && typeof fields.text !== 'string') {
    return 'Either `html` or `text` must be provided.';
  }
  const headers: Record<string, string> = {};
  if (fields.headers !== undefined) {
    if (typeof fields.headers !== 'object' || fields.headers === null)
      return 'The `headers` field must be an object.';
    for (const [name, value] of Object.entries(fields.headers)) {
      if (typeof value !== 'string') return 'Header values must be strings.';
      headers[name] = value;
    }
  }
  return {
    from: fields.from as string,
    to: to as string[],
    subject: fields.subject as string,
    html: typeof fields.html === 'string' ? fields.html : '',
    text: typeof fields.text === 'string' ? fields.text : '',
    headers,
  };
}

/** Starts the fake provider on loopback. */
export async function startFakeResend(options: FakeResendOptions = {}): Promise<FakeResend> {
  const rate = options.ratePerSecond ?? 2;
  const errorRate = options.errorRate ?? 0;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const accepted: AcceptedMail[] = [];
  const keys = new Map<string, { bodyHash: string; id: string; at: number }>();
  const recent: number[] = [];
  const stats: FakeResendStats = {
    requests: 0,
    accepted: 0,
    replayed: 0,
    rateLimited: 0,
    failed: 0,
    refused: 0,
  };

  /** A sliding one-second window, as a per-second rate limit. */
  function takeRateToken(): Answer | undefined {
    if (rate <= 0) return undefined;
    const at = now();
    while (recent.length > 0 && recent[0] <= at - 1000) recent.shift();
    if (recent.length < rate) {
      recent.push(at);
      return undefined;
    }
    const resetMs = recent[0] + 1000 - at;
    const seconds = Math.max(1, Math.ceil(resetMs / 1000));
    stats.rateLimited += 1;
    return failure(
      429,
      'rate_limit_exceeded',
      `Too many requests. You can only make ${rate} requests per second.`,
      {
        'Retry-After': String(seconds),
        'ratelimit-limit': String(rate),
        'ratelimit-remaining': '0',
        'ratelimit-reset': String(seconds),
      },
    );
  }

  async function answer(req: IncomingMessage): Promise<Answer> {
    stats.requests += 1;
    const url = new URL(req.url ?? '/', 'http://fake-resend.invalid');
    if (url.pathname !== '/emails')
      return failure(404, 'not_found', 'The requested endpoint does not exist.');
    if (req.method !== 'POST') return failure(405, 'method_not_allowed', 'Method is not allowed.');
    const key = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!key)
      return failure(401, 'missing_api_key', 'Missing API key in the authorization header.');
    if (options.apiKey ? key !== options.apiKey : !key.startsWith('re_')) {
      return failure(403, 'invalid_api_key', 'API key is invalid.');
    }
    const limited = takeRateToken();
    if (limited) return limited;
    const raw = await readBody(req);
    if (!raw) return failure(413, 'payload_too_large', 'The request body is too large.');
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return failure(422, 'validation_error', 'Invalid JSON body.');
    }
    const mail = parseEmail(body);
    if (typeof mail === 'string') {
      stats.refused += 1;
      return failure(422, 'validation_error', mail);
    }
    const idempotencyKey = req.headers['idempotency-key'];
    const bodyHash = createHash('sha256').update(raw).digest('hex');
    if (typeof idempotencyKey === 'string' && idempotencyKey !== '') {
      if (idempotencyKey.length > 256) {
        return failure(400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.');
      }
      const earlier = keys.get(idempotencyKey);
      if (earlier && now() - earlier.at < KEY_LIFETIME_MS) {
        if (earlier.bodyHash !== bodyHash) {
          return failure(
            409,
            'invalid_idempotent_request',
            'Same idempotency key used with a different request payload.',
          );
        }
        stats.replayed += 1;
        return { status: 200, body: { id: earlier.id } };
      }
    }
    const fails = errorRate > 0 && random() < errorRate;
    const afterAccepting = options.failAfterAccepting ?? false;
    const tookIt =
      fails &&
      (typeof afterAccepting === 'boolean'
        ? afterAccepting
        : afterAccepting > 0 && (afterAccepting >= 1 || random() < afterAccepting));
    if (fails && !tookIt) {
      stats.failed += 1;
      return failure(500, 'internal_server_error', 'An unexpected error occurred.');
    }
    const id = randomUUID();
    accepted.push({
      id,
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : '',
      ...mail,
      acceptedAt: now(),
    });
    stats.accepted += 1;
    if (typeof idempotencyKey === 'string' && idempotencyKey !== '') {
      keys.set(idempotencyKey, { bodyHash, id, at: now() });
    }
    if (fails) {
      stats.failed += 1;
      return failure(500, 'internal_server_error', 'An unexpected error occurred.');
    }
    return { status: 200, body: { id } };
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
    accepted: () => [...accepted],
    stats: () => ({ ...stats }),
    async stop() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
