import { createHash, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

// Resend's POST /emails as its API reference documents it, for whatever server mounts it (this package's
// own, the local Supabase server's outbox): its checks of the key and the body, 429
// rate_limit_exceeded above the team's rate (default 2 requests a second) with Retry-After and the
// ratelimit-* headers, the Idempotency-Key header (a repeat with the same body within 24 hours answers
// the first send's id and sends nothing; with another body, 409 invalid_idempotent_request; while the
// first is still being taken, 409 concurrent_idempotent_requests), and errors as {statusCode, name,
// message}. POST /emails/batch takes 1 to 100 such mails in one request (one request against the rate),
// under one key for the batch, strict (one invalid mail refuses the request, 422) or, with the header
// x-batch-validation: permissive, taking the valid ones and answering {data: [{id}], errors: [{index,
// message}]}. What it does not do: attachments, scheduling (a batch refuses both), cc and bcc, domains,
// webhooks.

/** A mail the API took. */
export interface AcceptedMail {
  id: string;
  /** '' when the request had none. */
  idempotencyKey: string;
  from: string;
  to: string[];
  subject: string;
  /** '' when the request gave only the other part. */
  html: string;
  text: string;
  headers: Record<string, string>;
  /** ms since the epoch, by the API's clock. */
  acceptedAt: number;
  /** Taken in a POST /emails/batch request: its place in the request (idempotencyKey is the batch's). */
  batchIndex?: number;
}

/** What a send under an idempotency key left: what a repeat of the key is answered from. */
export interface KeyedSend {
  id: string;
  /** SHA-256 of the request body, hex: a repeat with another body is refused. */
  bodyHash: string;
  /** When it was taken, ms since the epoch: a key is honoured for 24 hours. */
  at: number;
  /** A batch's answer, repeated for its key ('' is then the id). */
  batch?: BatchAnswer;
}

/** What POST /emails/batch answers: the ids of the mails taken, in order, and the refused ones. */
export interface BatchAnswer {
  data: Array<{ id: string }>;
  errors?: Array<{ index: number; message: string }>;
}

/** Where the mail the API takes goes, and where its idempotency keys are remembered. */
export interface MailStore {
  /** The send kept under a key, if any, however old (the API decides what it still honours). */
  find(idempotencyKey: string): Promise<KeyedSend | undefined>;
  /** Keeps a mail the API took; one with a key is what `find` answers for that key from now on. */
  keep(mail: AcceptedMail, bodyHash: string): Promise<void>;
  /**
   * Keeps the mails of one batch request and, when it had a key, `send` (what a repeat of the key is
   * answered from); the mails themselves answer for no key of their own.
   */
  keepBatch(mails: AcceptedMail[], key: string, send: KeyedSend): Promise<void>;
}

/** A store in memory, with the record of what it took (each mail once, in order). */
export function memoryStore(): MailStore & { accepted(): AcceptedMail[] } {
  const accepted: AcceptedMail[] = [];
  const keys = new Map<string, KeyedSend>();
  return {
    accepted: () => [...accepted],
    find: (key) => Promise.resolve(keys.get(key)),
    keep(mail, bodyHash) {
      accepted.push(mail);
      if (mail.idempotencyKey !== '') {
        keys.set(mail.idempotencyKey, { id: mail.id, bodyHash, at: mail.acceptedAt });
      }
      return Promise.resolve();
    },
    keepBatch(mails, key, send) {
      accepted.push(...mails);
      if (key !== '') keys.set(key, send);
      return Promise.resolve();
    },
  };
}

export interface ResendApiOptions {
  /** The only key accepted; default any `re_` key. */
  apiKey?: string;
  /** Requests accepted per second, all callers together (Resend's default is 2). 0: no limit. */
  ratePerSecond?: number;
  /** The share (0..1) of requests, within the rate, answered 500 after the mail was taken or not. */
  errorRate?: number;
  /**
   * Of the failures, whether the message was taken before the error (as a lost answer would leave it):
   * true, false (the default: a 500 took nothing), or the share (0..1) of failures that took it.
   */
  failAfterAccepting?: boolean | number;
  /** Where taken mail goes; default memoryStore(). */
  store?: MailStore;
  /** For the error rate; default Math.random. Tests pass a fixed sequence. */
  random?: () => number;
  /** The clock; default Date.now. */
  now?: () => number;
}

export interface ResendStats {
  requests: number;
  accepted: number;
  /** Repeats of a key answered with the first send's id (nothing sent). */
  replayed: number;
  rateLimited: number;
  failed: number;
  refused: number;
}

/** An answer: its status, its JSON body and its headers. */
export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** The API's decision from the request head: a refusal, or how much body to read and what answers it. */
export type ResendAdmission =
  | { refuse: Answer }
  | { bodyLimit: number; tooLarge: Answer; answer(body: Buffer): Promise<Answer> };

export interface ResendApi {
  /**
   * POST /emails and POST /emails/batch (the paths below the API's base URL), decided before a byte of
   * the body is read.
   */
  admit(request: { method: string; path: string; headers: IncomingHttpHeaders }): ResendAdmission;
  stats(): ResendStats;
}

/** A message is far below this; Resend's own limit is 40 MB with attachments, which are not served. */
const BODY_LIMIT = 1024 * 1024;
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Resend's most mails in one batch request. */
export const BATCH_LIMIT = 100;
const PRINTABLE = /^[\x20-\x7e]*$/;

const failure = (
  statusCode: number,
  name: string,
  message: string,
  headers?: Record<string, string>,
): Answer => ({ status: statusCode, body: { statusCode, name, message }, headers });

type Fields = Omit<AcceptedMail, 'id' | 'idempotencyKey' | 'acceptedAt'>;

/** The fields of a send, or why Resend refuses it (422 validation_error). */
function parseEmail(body: unknown): Fields | string {
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
    // Stricter than Resend says it is: nothing that could end a header line reaches a stored message.
    for (const [name, value] of Object.entries(fields.headers)) {
      if (typeof value !== 'string' || !PRINTABLE.test(name) || !PRINTABLE.test(value)) {
        return 'Header names and values must be printable ASCII strings.';
      }
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

/** Resend's POST /emails over a store, for a server to mount. */
export function createResendApi(options: ResendApiOptions = {}): ResendApi {
  const rate = options.ratePerSecond ?? 2;
  const errorRate = options.errorRate ?? 0;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const store = options.store ?? memoryStore();
  const recent: number[] = [];
  // Keys of sends being taken: a repeat meanwhile is 409, as Resend answers it.
  const inProgress = new Set<string>();
  const stats: ResendStats = {
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
    const seconds = Math.max(1, Math.ceil((recent[0] + 1000 - at) / 1000));
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

  /** Whether this request fails, and if so whether the mail was taken first. */
  function rollFault(): { fails: boolean; tookIt: boolean } {
    const fails = errorRate > 0 && random() < errorRate;
    const afterAccepting = options.failAfterAccepting ?? false;
    const tookIt =
      fails &&
      (typeof afterAccepting === 'boolean'
        ? afterAccepting
        : afterAccepting > 0 && (afterAccepting >= 1 || random() < afterAccepting));
    return { fails, tookIt };
  }

  async function take(raw: Buffer, key: string): Promise<Answer> {
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
    const bodyHash = createHash('sha256').update(raw).digest('hex');
    if (key !== '') {
      const earlier = await store.find(key);
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
    const { fails, tookIt } = rollFault();
    if (fails && !tookIt) {
      stats.failed += 1;
      return failure(500, 'internal_server_error', 'An unexpected error occurred.');
    }
    const id = randomUUID();
    await store.keep({ id, idempotencyKey: key, ...mail, acceptedAt: now() }, bodyHash);
    stats.accepted += 1;
    if (fails) {
      stats.failed += 1;
      return failure(500, 'internal_server_error', 'An unexpected error occurred.');
    }
    return { status: 200, body: { id } };
  }

  /** The repeat of a key, or its refusal; undefined when the key is new (or none). */
  async function earlier(key: string, bodyHash: string): Promise<KeyedSend | Answer | undefined> {
    if (key === '') return undefined;
    const send = await store.find(key);
    if (!send || now() - send.at >= KEY_LIFETIME_MS) return undefined;
    if (send.bodyHash !== bodyHash) {
      return failure(
        409,
        'invalid_idempotent_request',
        'Same idempotency key used with a different request payload.',
      );
    }
    return send;
  }

  async function takeBatch(raw: Buffer, key: string, permissive: boolean): Promise<Answer> {
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return failure(422, 'validation_error', 'Invalid JSON body.');
    }
    if (!Array.isArray(body) || body.length === 0 || body.length > BATCH_LIMIT) {
      stats.refused += 1;
      return failure(
        422,
        'validation_error',
        `The body must be a list of 1 to ${BATCH_LIMIT} emails.`,
      );
    }
    const parsed = body.map((item: unknown): Fields | string => {
      if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
        if ('attachments' in item) return 'Attachments are not supported in batch emails.';
        if ('scheduled_at' in item) return 'Scheduling is not supported in batch emails.';
      }
      return parseEmail(item);
    });
    const errors = parsed.flatMap((item, index) =>
      typeof item === 'string' ? [{ index, message: item }] : [],
    );
    if (errors.length > 0 && !permissive) {
      stats.refused += 1;
      return failure(422, 'validation_error', `emails[${errors[0].index}]: ${errors[0].message}`);
    }
    const bodyHash = createHash('sha256').update(raw).digest('hex');
    const before = await earlier(key, bodyHash);
    if (before && 'status' in before) return before;
    if (before?.batch) {
      stats.replayed += 1;
      return { status: 200, body: before.batch };
    }
    const { fails, tookIt } = rollFault();
    if (fails && !tookIt) {
      stats.failed += 1;
      return failure(500, 'internal_server_error', 'An unexpected error occurred.');
    }
    const at = now();
    const mails: AcceptedMail[] = [];
    parsed.forEach((item, index) => {
      if (typeof item === 'string') return;
      mails.push({
        id: randomUUID(),
        idempotencyKey: key,
        ...item,
        acceptedAt: at,
        batchIndex: index,
      });
    });
    const answer: BatchAnswer = {
      data: mails.map((mail) => ({ id: mail.id })),
      ...(permissive ? { errors } : {}),
    };
    await store.keepBatch(mails, key, { id: '', bodyHash, at, batch: answer });
    stats.accepted += mails.length;
    stats.refused += errors.length;
    if (fails) {
      stats.failed += 1;
      return failure(500, 'internal_server_error', 'An unexpected error occurred.');
    }
    return { status: 200, body: answer };
  }

  return {
    stats: () => ({ ...stats }),
    admit({ method, path, headers }) {
      stats.requests += 1;
      if (path !== '/emails' && path !== '/emails/batch') {
        return { refuse: failure(404, 'not_found', 'The requested endpoint does not exist.') };
      }
      if (method !== 'POST') {
        return { refuse: failure(405, 'method_not_allowed', 'Method is not allowed.') };
      }
      const apiKey = /^Bearer (\S+)$/.exec(headers.authorization ?? '')?.[1];
      if (!apiKey) {
        return {
          refuse: failure(401, 'missing_api_key', 'Missing API key in the authorization header.'),
        };
      }
      if (options.apiKey ? apiKey !== options.apiKey : !apiKey.startsWith('re_')) {
        return { refuse: failure(403, 'invalid_api_key', 'API key is invalid.') };
      }
      const key = headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : '';
      if (idempotencyKey.length > 256) {
        return {
          refuse: failure(400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.'),
        };
      }
      const validation = headers['x-batch-validation'] ?? 'strict';
      // (A header sent twice arrives as a list: neither mode.)
      if (validation !== 'strict' && validation !== 'permissive') {
        return {
          refuse: failure(
            422,
            'validation_error',
            'x-batch-validation must be strict or permissive.',
          ),
        };
      }
      const limited = takeRateToken();
      if (limited) return { refuse: limited };
      const send =
        path === '/emails/batch'
          ? (raw: Buffer, key: string) => takeBatch(raw, key, validation === 'permissive')
          : take;
      return {
        bodyLimit: BODY_LIMIT,
        tooLarge: failure(413, 'payload_too_large', 'The request body is too large.'),
        async answer(raw) {
          if (idempotencyKey === '') return send(raw, '');
          if (inProgress.has(idempotencyKey)) {
            return failure(
              409,
              'concurrent_idempotent_requests',
              'Same idempotency key used while original request is still in progress.',
            );
          }
          inProgress.add(idempotencyKey);
          try {
            return await send(raw, idempotencyKey);
          } finally {
            inProgress.delete(idempotencyKey);
          }
        },
      };
    },
  };
}
