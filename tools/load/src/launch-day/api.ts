import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import {
  fetchFromAddress,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
} from '@agentora/local-supabase/testing';

// The launch-day check's calls to a backend, as the site's parts make them: the service role's REST
// (the rows a sign-up function stores; reading back what happened), a staff member signed in through the
// console's own sign-in (console-sign-in, the code from the mail, Auth's verifyOtp), the console's
// database functions as that session, and redeem-invite as the product's server.

export interface Backend {
  url: string;
  /** The mail the backend sent to an address: the local outbox, or the fake provider's. */
  mailsTo(email: string): Promise<Array<{ subject: string; text: string }>>;
}

const serviceHeaders = {
  apikey: LOCAL_SECRET_KEY,
  Authorization: `Bearer ${LOCAL_SECRET_KEY}`,
  'Content-Type': 'application/json',
};

/** A REST call with the secret key, from `address` in 127.0.0.0/8 when given; the JSON answer. */
export async function service(
  backend: Backend,
  path: string,
  init: { method?: string; body?: unknown; address?: string; prefer?: string } = {},
): Promise<unknown> {
  const send = init.address ? fetchFromAddress(init.address) : fetch;
  const method = init.method ?? 'GET';
  const request = () =>
    send(`${backend.url}/rest/v1/${path}`, {
      method,
      headers: { ...serviceHeaders, ...(init.prefer ? { Prefer: init.prefer } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  // A read is asked again when its connection was reset: a kept-alive connection that the server,
  // busy with a wave on PGlite's one thread, closes just as it is reused. A write is never repeated.
  let response: Response;
  for (let attempt = 1; ; attempt += 1) {
    try {
      response = await request();
      break;
    } catch (error) {
      if (method !== 'GET' || attempt === 3) throw error;
    }
  }
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
  return text === '' ? null : JSON.parse(text);
}

/** Every row of a REST read, a page of 1,000 at a time (PostgREST's max_rows). */
export async function allRows<T>(backend: Backend, path: string): Promise<T[]> {
  const rows: T[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = (await service(
      backend,
      `${path}${path.includes('?') ? '&' : '?'}limit=1000&offset=${offset}`,
    )) as T[];
    rows.push(...page);
    if (page.length < 1000) return rows;
  }
}

/** A service-role function by name. */
export const serviceRpc = (backend: Backend, fn: string, args: Record<string, unknown> = {}) =>
  service(backend, `rpc/${fn}`, { method: 'POST', body: args });

/** What the queue holds, not yet settled for good. */
export async function pending(backend: Backend): Promise<Record<string, number>> {
  return (await serviceRpc(backend, 'mail_queue_pending')) as Record<string, number>;
}

/** Waits until nothing is queued (due or not) or being sent. */
export async function drained(backend: Backend, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await pending(backend).catch(() => null);
    if (now && now.queued === 0 && now.sending === 0) return;
    if (Date.now() > deadline) throw new Error(`the queue did not drain: ${JSON.stringify(now)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * A new staff member (a row of public.staff, as `npm run staff -- add` makes it) signed in as the
 * console signs in: a code by mail, then the token hash it answers through Auth's verifyOtp.
 */
export async function staffSession(backend: Backend, email: string): Promise<SupabaseClient> {
  await service(backend, 'staff', { method: 'POST', body: { email }, prefer: 'return=minimal' });
  const client = createClient(backend.url, LOCAL_PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  // The code is mailed once, after the answer; on the run's own backend the provider fails 5 % of
  // requests, and console-sign-in does not mail a code again: a code that has not come is asked again
  // (the address's pace allows a few).
  let code: string | undefined;
  for (let asks = 0; asks < 4 && !code; asks += 1) {
    const asked = await client.functions.invoke('console-sign-in', { body: { email } });
    if (asked.error) throw new Error(`asking a sign-in code for ${email}: ${asked.error.message}`);
    const deadline = Date.now() + 20_000;
    while (!code && Date.now() < deadline) {
      const mail = (await backend.mailsTo(email)).find((m) => /sign-in code/i.test(m.subject));
      code = mail && /\b(\d{10})\b/.exec(mail.text)?.[1];
      if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  if (!code) throw new Error(`no sign-in code reached ${email}`);
  const { data } = await client.functions.invoke('console-sign-in', { body: { email, code } });
  const { error } = await client.auth.verifyOtp({
    token_hash: (data as { token_hash: string }).token_hash,
    type: (data as { type: 'magiclink' }).type,
  });
  if (error) throw new Error(`signing in ${email}: ${error.message}`);
  return client;
}

/** A console function as the staff session calls it; its answer, or throws its error. */
export async function asStaff<T>(
  client: SupabaseClient,
  fn: string,
  args: Record<string, unknown>,
): Promise<T> {
  const { data, error } = await client.rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.code} ${error.message}`);
  return data as T;
}

/** redeem-invite as the product's server calls it: the status and the body. */
export async function redeem(
  backend: Backend,
  token: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${backend.url}/functions/v1/redeem-invite`, {
    method: 'POST',
    headers: { apikey: LOCAL_SECRET_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
