// The one way the browser reaches the backend (visitors' forms and the team's console alike): a
// Supabase client made on first use, with the auth options of whoever uses it, and the calls of the
// edge functions, by name, with the runtime config's address and publishable key and, for staff,
// their session's token. A function's answer that is not a success is read into one error type.
import type { SupabaseClient, SupabaseClientOptions } from '@supabase/supabase-js';
import { getRuntimeConfig } from '../runtime-config/runtime-config';
import { BackendError } from './backend-error';

export type SupabaseAuthOptions = NonNullable<SupabaseClientOptions<'public'>['auth']>;

/**
 * A Supabase client created on first use, so supabase-js is fetched by the first call that needs it,
 * not on page load. `auth` is read then too (a browser's storage, say). A new runtime config (another
 * backend) gets a new client; a failed load is retried next time.
 */
export function lazySupabaseClient(auth: () => SupabaseAuthOptions): () => Promise<SupabaseClient> {
  let cached: { url: string; publishableKey: string; client: Promise<SupabaseClient> } | undefined;
  return () => {
    const { url, publishableKey } = getRuntimeConfig().supabase;
    if (cached && cached.url === url && cached.publishableKey === publishableKey)
      return cached.client;
    const client = import('@supabase/supabase-js').then(({ createClient }) =>
      createClient(url, publishableKey, { auth: auth() }),
    );
    const entry = { url, publishableKey, client };
    cached = entry;
    client.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return client;
  };
}

export interface FunctionRequest {
  /** POST unless said. */
  method?: 'GET' | 'POST';
  query?: Record<string, string> | URLSearchParams;
  /** An object is sent as JSON; a form (FormData, URLSearchParams) as the browser encodes it. */
  body?: Record<string, unknown> | FormData | URLSearchParams;
  /** A signed-in member of staff's access token, sent as the bearer. */
  token?: string;
  /** Without the publishable key: as a mail provider's one-click unsubscribe posts (RFC 8058). */
  withoutKey?: boolean;
}

/** A function's address on the backend at `supabaseUrl`. */
export function functionUrl(
  supabaseUrl: string,
  name: string,
  query?: Record<string, string> | URLSearchParams,
): string {
  const search = query ? new URLSearchParams(query).toString() : '';
  return `${supabaseUrl}/functions/v1/${name}${search ? `?${search}` : ''}`;
}

/** The JSON object a function answered with, or null (no body, not JSON, not an object). */
export async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  const body: unknown = await response.json().catch(() => null);
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
}

/**
 * A function's answer that was not a success: its status and, when its body says why, that reason
 * as the function sent it (a refusal such as 'rate_limited' or 'link_not_valid', or a sentence),
 * which is also the message; else the message names the status.
 */
export class FunctionError extends BackendError {
  override name = 'FunctionError';
  readonly refusal: string | undefined;
  declare status: number;

  constructor(status: number, refusal: string | undefined) {
    super(refusal ?? `The server answered ${status}.`, { status });
    this.refusal = refusal;
  }
}

/** What a failed call comes to for a visitor's form: no answer at all, a rate limit, or a failure. */
export function failureOf(error: unknown): 'unreachable' | 'rate_limited' | 'failed' {
  if (!(error instanceof FunctionError)) return 'unreachable';
  return error.status === 429 ? 'rate_limited' : 'failed';
}

/**
 * Calls the function `name` of the runtime config's backend: its answer when it is a success, a
 * FunctionError for any other (Supabase's relay answers its own failures with an error status too).
 * Rejects with the browser's own error when no answer came (no runtime config, no network).
 */
export async function callFunction(name: string, request: FunctionRequest): Promise<Response> {
  const { url, publishableKey } = getRuntimeConfig().supabase;
  const { method = 'POST', query, body, token, withoutKey } = request;
  const headers: Record<string, string> = {};
  if (!withoutKey) headers.apikey = publishableKey;
  if (token) headers.authorization = `Bearer ${token}`;
  const form = body instanceof FormData || body instanceof URLSearchParams;
  if (body && !form) headers['content-type'] = 'application/json';
  const response = await fetch(functionUrl(url, name, query), {
    method,
    headers,
    ...(body ? { body: form ? body : JSON.stringify(body) } : {}),
  });
  if (response.ok) return response;
  const refusal = (await readJson(response))?.error;
  throw new FunctionError(response.status, typeof refusal === 'string' ? refusal : undefined);
}

/** Calls a function that answers JSON: its body on a success (null without one), as callFunction. */
export async function callJsonFunction(
  name: string,
  request: FunctionRequest,
): Promise<Record<string, unknown> | null> {
  return readJson(await callFunction(name, request));
}
