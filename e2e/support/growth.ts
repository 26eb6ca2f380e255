import { expect } from '@playwright/test';
import { sharedBackendSettings, type BackendSettings } from './backend';
import { uniqueEmail } from './signups';

/**
 * A desktop Chrome's User-Agent. Headless Chromium names itself "HeadlessChrome", which the visit
 * counter rightly takes for a bot; a test that counts its own visits browses as a person's browser.
 */
export const PERSON_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

/** The place a page or mail states ("#312 of the first 1,000", "#1,312 in line"), as a number. */
export function placeIn(text: string): number {
  const match = /#([\d,]+) (?:of the first|in line)/.exec(text);
  if (!match) throw new Error(`No place in: ${text}`);
  return Number(match[1].replace(/,/g, ''));
}

/** A referral link in a mail's text or a page's field, for the list whose page it opens. */
export function referralLinkIn(text: string): string {
  const match = /https?:\/\/[^\s"<>]+\?ref=[0-9a-f]{16}/.exec(text);
  if (!match) throw new Error(`No referral link in: ${text}`);
  return match[0];
}

async function rest(
  backend: BackendSettings,
  path: string,
  init: { method: string; body: unknown; key?: string },
): Promise<Response> {
  const key = init.key ?? backend.serviceKey;
  return fetch(`${backend.url}/rest/v1/${path}`, {
    method: init.method,
    headers: {
      apikey: key,
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/json',
      Prefer: 'return=minimal',
    },
    body: JSON.stringify(init.body),
  });
}

/**
 * Puts `count` confirmed members on the waitlist ahead of whoever comes next, so a place has room to
 * move: rows inserted as the form inserts them, then confirmed by the service role (what the
 * confirmation link does; the tests of that link are elsewhere).
 */
export async function seedConfirmedWaitlist(
  count: number,
  backend: BackendSettings = sharedBackendSettings(),
): Promise<void> {
  const publishableKey = process.env.E2E_SUPABASE_PUBLISHABLE_KEY ?? '';
  const emails: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const email = uniqueEmail('ahead', 'line');
    emails.push(email);
    const inserted = await rest(backend, 'waitlist_signups', {
      method: 'POST',
      key: publishableKey,
      body: { first_name: 'Ahead', last_name: 'In Line', email, company: 'Queue Ltd' },
    });
    expect(inserted.status).toBe(201);
  }
  const confirmed = await rest(
    backend,
    `waitlist_signups?email=in.(${emails.map((email) => `"${email}"`).join(',')})`,
    { method: 'PATCH', body: { confirmed_at: new Date().toISOString() } },
  );
  expect(confirmed.status).toBe(204);
}

/** Whether a request is the shell's count of a page view (record-visit), which every page sends. */
export function isPageViewCount(url: string): boolean {
  return new URL(url).pathname === '/functions/v1/record-visit';
}
