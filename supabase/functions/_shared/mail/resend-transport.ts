import type { BatchDelivery, Delivery, MailMessage, MailTransport } from './types.ts';

export interface ResendTransportOptions {
  apiKey: string;
  /**
   * POST target; default Resend's own (RESEND_API_URL points the functions elsewhere). Batches go to
   * `<endpoint>/batch`.
   */
  endpoint?: string;
  fetch?: typeof fetch;
  /** Per try. */
  timeoutMs?: number;
}

/** When a 429 names no wait: Resend's window is one second. */
const DEFAULT_RETRY_AFTER_MS = 1_000;
/** No wait is taken longer than this: the queue looks again within the hour. */
const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;
/** A 429 for the day's or month's quota: no use trying again within a second. */
const QUOTA_RETRY_AFTER_MS = 15 * 60 * 1000;
/**
 * 401 or 403: the key or the sending domain is wrong for every message, until someone mends it. The
 * audience's sync waits as long (a sending-only key is refused on contacts: _shared/audience/).
 */
export const MISCONFIGURED_RETRY_AFTER_MS = 60 * 1000;
const QUOTA_ERRORS = new Set(['daily_quota_exceeded', 'monthly_quota_exceeded']);

export function field(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** Retry-After (seconds, or an HTTP date) or ratelimit-reset (seconds), as Resend sends them. */
export function retryAfterMs(headers: Headers, now = Date.now()): number {
  return Math.min(MAX_RETRY_AFTER_MS, namedWaitMs(headers, now));
}

function namedWaitMs(headers: Headers, now: number): number {
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  const reset = Number(headers.get('ratelimit-reset'));
  if (headers.has('ratelimit-reset') && Number.isFinite(reset) && reset >= 0) {
    return Math.ceil(reset * 1000);
  }
  return DEFAULT_RETRY_AFTER_MS;
}

/**
 * How long a 429 asks every request of the team to wait: its Retry-After (or ratelimit-reset), and at
 * least 15 minutes for the day's or month's quota. The mail and the audience's sync share it.
 */
export function rateLimitWaitMs(headers: Headers, body: unknown): number {
  const wait = retryAfterMs(headers);
  return QUOTA_ERRORS.has(field(body, 'name') ?? '') ? Math.max(wait, QUOTA_RETRY_AFTER_MS) : wait;
}

/** The JSON Resend takes for one message, alone or in a batch. */
function emailBody(message: MailMessage): Record<string, unknown> {
  return {
    from: message.from,
    to: [message.to],
    subject: message.subject,
    html: message.html,
    text: message.text,
    ...(message.headers ? { headers: message.headers } : {}),
  };
}

/** An answer without the id(s) of a send: throttled, failed (may have been taken) or refused. */
function unsent(response: Response, body: unknown): Exclude<Delivery, { status: 'sent' }> {
  const reason = `Resend answered HTTP ${response.status}: ${
    field(body, 'message') ?? response.statusText
  }`;
  if (response.status === 429) {
    return { status: 'throttled', retryAfterMs: rateLimitWaitMs(response.headers, body), reason };
  }
  // Not this message's fault: every message would get the same answer. Hold them all for a minute
  // (nothing dies) and let the dead letters stay for what only one message can fail.
  if (response.status === 401 || response.status === 403) {
    return { status: 'throttled', retryAfterMs: MISCONFIGURED_RETRY_AFTER_MS, reason };
  }
  // 409 with another body under the key (invalid_idempotent_request) can never succeed; 409 while a
  // send under the key is still running (concurrent_idempotent_requests), 408, 5xx and a 2xx without
  // an id may have taken the message, and a later try under the key finds out.
  if (response.status === 409 && field(body, 'name') === 'invalid_idempotent_request') {
    return { status: 'refused', reason };
  }
  if (response.ok || response.status === 408 || response.status === 409 || response.status >= 500) {
    return { status: 'failed', reason };
  }
  return { status: 'refused', reason };
}

/**
 * Resend's permissive answer to a batch, `{data: [{id}], errors: [{index, message}]}`: the ids of the
 * messages taken, in the order sent, and the index of each refused one. Undefined when it does not
 * account for every message exactly once.
 */
function batchResults(
  body: unknown,
  count: number,
): Extract<BatchDelivery, { status: 'answered' }>['results'] | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { data, errors = [] } = body as { data?: unknown; errors?: unknown };
  if (!Array.isArray(data) || !Array.isArray(errors)) return undefined;
  const refused = new Map<number, string>();
  for (const error of errors) {
    const index = (error as { index?: unknown } | null)?.index;
    if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= count) {
      return undefined;
    }
    refused.set(index as number, field(error, 'message') ?? 'refused');
  }
  if (refused.size !== errors.length || data.length !== count - refused.size) return undefined;
  const ids = data.map((item) => field(item, 'id'));
  if (ids.some((id) => id === undefined)) return undefined;
  let next = 0;
  return Array.from({ length: count }, (_, index) => {
    const reason = refused.get(index);
    return reason === undefined
      ? { status: 'sent' as const, id: ids[next++] as string }
      : { status: 'refused' as const, reason: `Resend refused it in a batch: ${reason}` };
  });
}

/**
 * Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email), one try per call, with its
 * Idempotency-Key header: Resend answers a repeated key within 24 hours with the first send, so a send
 * whose answer was lost is tried again by the queue under the same key and never mails twice. Batches
 * (POST /emails/batch, up to 100 messages, no attachments or scheduling) go with permissive validation:
 * a message Resend finds invalid is refused alone and the others are taken.
 */
export function createResendTransport(options: ResendTransportOptions): MailTransport {
  const endpoint = options.endpoint ?? 'https://api.resend.com/emails';
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function post(
    url: string,
    idempotencyKey: string,
    payload: unknown,
    extra: Record<string, string> = {},
  ): Promise<{ response: Response; body: unknown } | { error: unknown }> {
    try {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${options.apiKey}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': idempotencyKey,
          ...extra,
        },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = await response.json().catch(() => null);
      return { response, body };
    } catch (error) {
      return { error };
    }
  }

  return {
    async deliver(message): Promise<Delivery> {
      const answer = await post(endpoint, message.idempotencyKey, emailBody(message));
      if ('error' in answer) {
        return { status: 'failed', reason: `Resend did not answer: ${String(answer.error)}` };
      }
      const { response, body } = answer;
      const id = field(body, 'id');
      if (response.ok && id !== undefined) return { status: 'sent', id };
      return unsent(response, body);
    },

    async deliverBatch(messages, idempotencyKey): Promise<BatchDelivery> {
      const answer = await post(`${endpoint}/batch`, idempotencyKey, messages.map(emailBody), {
        'x-batch-validation': 'permissive',
      });
      if ('error' in answer) {
        return { status: 'failed', reason: `Resend did not answer: ${String(answer.error)}` };
      }
      const { response, body } = answer;
      if (response.ok) {
        const results = batchResults(body, messages.length);
        if (results) return { status: 'answered', results };
        return {
          status: 'failed',
          reason: `Resend answered HTTP ${response.status} without an id for each message`,
        };
      }
      // The request as a whole was refused (a batch-level rule, or a body too large, not one message's):
      // nothing was taken.
      if (response.status === 400 || response.status === 413 || response.status === 422) {
        return {
          status: 'split',
          reason: `Resend refused the batch (HTTP ${response.status}): ${
            field(body, 'message') ?? response.statusText
          }`,
        };
      }
      return unsent(response, body);
    },
  };
}

/** Used when no transport is configured: every try fails, and the queue keeps the mail until one is. */
export const UNCONFIGURED_TRANSPORT: MailTransport = {
  deliver: () =>
    Promise.resolve({
      status: 'failed',
      reason: 'No mail transport is configured (set RESEND_API_KEY).',
    }),
};
