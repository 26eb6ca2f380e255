import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  outboxMail,
  signUpThrough,
  type OutboxMessage,
  type TestServer,
} from '@agentora/local-supabase/testing';
import { LIST_OF_TABLE, type SignupTable } from './sign-ups.ts';

/**
 * The mails of the server's outbox to an address (any letter case), oldest first, once the mail queue has
 * sent everything due: a mail missing from it was not queued.
 */
export async function mailsTo(server: TestServer, to: string): Promise<OutboxMessage[]> {
  return (await outboxMail(server.server, to)).reverse();
}

/** Waits for the n-th mail to an address. */
export async function waitForMails(
  server: TestServer,
  to: string,
  count: number,
): Promise<OutboxMessage[]> {
  for (let tries = 0; tries < 100; tries += 1) {
    const mails = await mailsTo(server, to);
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No ${count} mail(s) to ${to} arrived.`);
}

/** The token a link of the given page or function carries in a mail's text. */
export function tokenIn(text: string, link: RegExp): string {
  const match = new RegExp(`${link.source}\\?(?:action=\\w+&)?token=([A-Za-z0-9_-]{43})`).exec(
    text,
  );
  if (!match) throw new Error(`No ${link.source} link in:\n${text}`);
  return match[1];
}

export const CONFIRM_LINK = /\/email\/confirm/;
export const UNSUBSCRIBE_PAGE = /\/email\/unsubscribe/;
export const PRIVACY_LINK = /\/privacy\/erase/;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A function's answer as a browser or a mail provider sees it: status and parsed body. */
export async function answer(response: Response): Promise<{ status: number; body: unknown }> {
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

export function callFunction(
  server: TestServer,
  name: string,
  body: unknown,
  headers: Record<string, string> = {},
  key = server.server.publishableKey,
  from: typeof fetch = fetch,
): Promise<Response> {
  return from(`${server.server.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: key,
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/json',
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

/** RFC 8058's one-click POST, as a mail provider sends it: no key, no browser. */
export function oneClick(url: string, init: { headers?: Record<string, string> } = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...init.headers },
    body: 'List-Unsubscribe=One-Click',
  });
}

/** Signs an address up the way the site does: one request to the function sign-up, bot check passed. */
export async function signUp(server: TestServer, table: SignupTable, email: string): Promise<void> {
  const fields: Record<string, string> =
    table === 'waitlist_signups'
      ? { email, first_name: 'Ada', last_name: 'Lovelace', company: 'Engines' }
      : { email };
  const response = await signUpThrough(server.server, { list: LIST_OF_TABLE[table], fields });
  if (response.status !== 200)
    throw new Error(`Signing up failed: ${response.status} ${await response.text()}`);
}

export async function rowsOf(
  service: SupabaseClient,
  table: string,
  email: string,
): Promise<Record<string, unknown>[]> {
  const { data, error } = await service.from(table).select('*').ilike('email', email);
  if (error) throw new Error(error.message);
  return data as Record<string, unknown>[];
}
