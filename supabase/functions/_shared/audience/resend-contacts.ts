import { field, MISCONFIGURED_RETRY_AFTER_MS, rateLimitWaitMs } from '../mail/resend-transport.ts';
import type { ResendRequest } from './steps.ts';

/** What one request to Resend's contacts and segments came to. */
export type ResendAnswer =
  | { kind: 'ok'; body: unknown }
  /** 404: the contact (or segment) it names is not there. */
  | { kind: 'missing'; reason: string }
  /** 429: every request of the team waits, the mail's too. */
  | { kind: 'throttled'; waitMs: number; reason: string }
  /**
   * 401, 403, or no key: wrong for every contact until someone mends it (a sending-only key is refused
   * on contacts), but not for the mail, which may hold another key: only the sync waits.
   */
  | { kind: 'misconfigured'; waitMs: number; reason: string }
  /** No answer, a timeout, 408, 409, 5xx: it may have gone through. */
  | { kind: 'failed'; reason: string }
  /** Any other 4xx (an address Resend takes for no contact: 422): trying again cannot help. */
  | { kind: 'refused'; reason: string };

export interface ResendContactsApi {
  call(request: ResendRequest): Promise<ResendAnswer>;
}

export interface ResendContactsOptions {
  apiKey: string;
  /** Resend's API (RESEND_API_URL points the functions at a stand-in). */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Per try. */
  timeoutMs?: number;
}

/** Resend's contacts and segments, one try per call, read as the sync needs it. */
export function createResendContactsApi(options: ResendContactsOptions): ResendContactsApi {
  const fetchImpl = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async call(request) {
      let response: Response;
      let body: unknown;
      try {
        response = await fetchImpl(`${base}${request.path}`, {
          method: request.method,
          headers: {
            Authorization: `Bearer ${options.apiKey}`,
            ...(request.body ? { 'Content-Type': 'application/json' } : {}),
          },
          body: request.body ? JSON.stringify(request.body) : undefined,
          signal: AbortSignal.timeout(timeoutMs),
        });
        body = await response.json().catch(() => null);
      } catch (error) {
        return { kind: 'failed', reason: `Resend did not answer: ${String(error)}` };
      }
      if (response.ok) return { kind: 'ok', body };
      const reason = `Resend answered HTTP ${response.status}: ${
        field(body, 'message') ?? response.statusText
      }`;
      if (response.status === 404) return { kind: 'missing', reason };
      if (response.status === 429) {
        return { kind: 'throttled', waitMs: rateLimitWaitMs(response.headers, body), reason };
      }
      if (response.status === 401 || response.status === 403) {
        return { kind: 'misconfigured', waitMs: MISCONFIGURED_RETRY_AFTER_MS, reason };
      }
      if (response.status === 408 || response.status === 409 || response.status >= 500) {
        return { kind: 'failed', reason };
      }
      return { kind: 'refused', reason };
    },
  };
}

/** Used when no key is configured: nothing is tried, and the console shows why. */
export const UNCONFIGURED_CONTACTS_API: ResendContactsApi = {
  call: () =>
    Promise.resolve({
      kind: 'misconfigured',
      waitMs: MISCONFIGURED_RETRY_AFTER_MS,
      reason: 'No Resend API key is configured (RESEND_AUDIENCE_API_KEY or RESEND_API_KEY).',
    }),
};
