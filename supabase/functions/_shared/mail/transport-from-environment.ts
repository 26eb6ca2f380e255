import { createResendTransport, UNCONFIGURED_TRANSPORT } from './resend-transport.ts';
import type { MailTransport } from './types.ts';

export const RESEND_API_URL = 'https://api.resend.com';

/**
 * Resend when RESEND_API_KEY is set, at RESEND_API_URL (Resend's own API by default; the local server and
 * tests point it at a stand-in that speaks the same API). Without a key there is nowhere to deliver:
 * every try then fails and the queue keeps the mail (docs/mail-queue.md).
 */
export function mailTransportFromEnvironment(
  resend: {
    apiKey: string | undefined;
    apiUrl: string | undefined;
  },
  /** Per try; the transport's default otherwise. send-auth-email must answer within Auth's 5 s. */
  options: { timeoutMs?: number } = {},
): MailTransport {
  if (!resend.apiKey) return UNCONFIGURED_TRANSPORT;
  const base = (resend.apiUrl ?? RESEND_API_URL).replace(/\/+$/, '');
  return createResendTransport({
    apiKey: resend.apiKey,
    endpoint: `${base}/emails`,
    timeoutMs: options.timeoutMs,
  });
}
