import {
  MailNotSentError,
  MailOutcomeUnknownError,
  type MailMessage,
  type MailTransport,
} from './types.ts';

export interface ResendTransportOptions {
  apiKey: string;
  /** Overridable so tests can stand in for api.resend.com. */
  endpoint?: string;
  fetch?: typeof fetch;
  /** Per attempt. */
  timeoutMs?: number;
  /** Attempts in all when the outcome is unknown; each repeats the same Idempotency-Key. */
  attempts?: number;
  /** Waits before the 2nd, 3rd, ... attempt. */
  retryDelaysMs?: readonly number[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function messageOf(body: unknown, fallback: string): string {
  return typeof body === 'object' &&
    body !== null &&
    typeof (body as { message?: unknown }).message === 'string'
    ? (body as { message: string }).message
    : fallback;
}

/**
 * Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email) with its Idempotency-Key
 * header: Resend answers a repeated key within 24 hours with the first send, so a send whose answer was
 * lost (a timeout after Resend took the message) is retried with the same key and never mails twice.
 */
export function createResendTransport(options: ResendTransportOptions): MailTransport {
  const endpoint = options.endpoint ?? 'https://api.resend.com/emails';
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const attempts = options.attempts ?? 3;
  const retryDelaysMs = options.retryDelaysMs ?? [250, 1_000];

  async function attempt(message: MailMessage): Promise<{ id: string }> {
    let response: Response;
    let body: unknown;
    try {
      response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${options.apiKey}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': message.idempotencyKey,
        },
        body: JSON.stringify({
          from: message.from,
          to: [message.to],
          subject: message.subject,
          html: message.html,
          text: message.text,
          ...(message.headers ? { headers: message.headers } : {}),
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = await response.json().catch(() => null);
    } catch (error) {
      throw new MailOutcomeUnknownError(`Resend did not answer: ${String(error)}`, {
        cause: error,
      });
    }
    const id =
      typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
    if (response.ok && typeof id === 'string') return { id };
    const reason = `Resend answered HTTP ${response.status}: ${messageOf(body, response.statusText)}`;
    // 409: the key is in use by a request still running, or was used with another body; 5xx: Resend may
    // have taken the message before failing. Anything else (4xx, 429) was refused before sending.
    if (response.status === 409 || response.status >= 500 || response.ok) {
      throw new MailOutcomeUnknownError(reason);
    }
    throw new MailNotSentError(reason);
  }

  return {
    async send(message) {
      for (let tried = 1; ; tried += 1) {
        try {
          return await attempt(message);
        } catch (error) {
          if (!(error instanceof MailOutcomeUnknownError) || tried >= attempts) throw error;
          await sleep(retryDelaysMs[Math.min(tried - 1, retryDelaysMs.length - 1)] ?? 0);
        }
      }
    },
  };
}

/** Used when no transport is configured: every send fails before anything goes out. */
export const UNCONFIGURED_TRANSPORT: MailTransport = {
  send: () =>
    Promise.reject(new MailNotSentError('No mail transport is configured (set RESEND_API_KEY).')),
};
