import type { MailMessage, MailTransport } from './types.ts';

export interface ResendTransportOptions {
  apiKey: string;
  /** Overridable so tests can stand in for api.resend.com. */
  endpoint?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Sends through Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email). */
export function createResendTransport(options: ResendTransportOptions): MailTransport {
  const endpoint = options.endpoint ?? 'https://api.resend.com/emails';
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  return {
    async send(message: MailMessage) {
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { Authorization: `Bearer ${options.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          from: message.from,
          to: [message.to],
          subject: message.subject,
          html: message.html,
          text: message.text,
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body: unknown = await response.json().catch(() => null);
      const id =
        typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
      if (!response.ok || typeof id !== 'string') {
        const reason =
          typeof body === 'object' &&
          body !== null &&
          typeof (body as { message?: unknown }).message === 'string'
            ? (body as { message: string }).message
            : response.statusText;
        throw new Error(`Resend answered HTTP ${response.status}: ${reason}`);
      }
      return { id };
    },
  };
}

/** Used when no transport is configured: every send fails, so the caller hears success: false. */
export const UNCONFIGURED_TRANSPORT: MailTransport = {
  send: () => Promise.reject(new Error('No mail transport is configured (set RESEND_API_KEY).')),
};
