import type { Answer } from '../api/answer.ts';
import { memoryAudience, type Audience } from '../contacts/audience.ts';
import { createResendApi, type ResendApi, type ResendApiOptions } from '../resend-api.ts';

// The API without a server, for the contact and segment tests: what a server that mounts it gets from
// a request's head, then the answer to its body.

export interface Call {
  /** JSON-encoded unless a Buffer (sent as is); none for undefined. */
  body?: unknown;
  /** Default: a valid key. */
  headers?: Record<string, string>;
  /** e.g. 'limit=2&after=<id>'. */
  query?: string;
}

export const API_KEY = 're_test';

export async function callApi(
  api: ResendApi,
  method: string,
  path: string,
  { body, headers = { authorization: `Bearer ${API_KEY}` }, query = '' }: Call = {},
): Promise<Answer> {
  const admission = api.admit({ method, path, headers, query: new URLSearchParams(query) });
  if ('refuse' in admission) return admission.refuse;
  const raw =
    body === undefined
      ? Buffer.alloc(0)
      : Buffer.isBuffer(body)
        ? body
        : Buffer.from(JSON.stringify(body));
  return raw.byteLength > admission.bodyLimit ? admission.tooLarge : admission.answer(raw);
}

/** An API over an audience of its own (no rate limit unless given), and that audience. */
export function contactApi(options: ResendApiOptions = {}): {
  api: ResendApi;
  audience: Audience;
  call: (method: string, path: string, call?: Call) => Promise<Answer>;
} {
  const audience = options.audience ?? memoryAudience({ now: options.now });
  const api = createResendApi({ apiKey: API_KEY, ratePerSecond: 0, ...options, audience });
  return { api, audience, call: (method, path, call) => callApi(api, method, path, call) };
}

/** The body of an answer, for reading its fields. */
export const bodyOf = (answer: Answer) => answer.body as Record<string, unknown>;
