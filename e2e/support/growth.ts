import { expect } from '@playwright/test';
import { sharedBackendSettings, type BackendSettings } from './backend';
import { signUpWithoutBrowser, uniqueEmail } from './signups';

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
  init: { method: string; body: unknown },
): Promise<Response> {
  const key = backend.serviceKey;
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
 * move: sign-ups made as the form makes them, then confirmed by the service role (what the
 * confirmation link does; the tests of that link are elsewhere).
 */
export async function seedConfirmedWaitlist(count: number): Promise<void> {
  const emails: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const email = uniqueEmail('ahead', 'line');
    emails.push(email);
    await signUpWithoutBrowser({
      list: 'waitlist',
      fields: { first_name: 'Ahead', last_name: 'In Line', email, company: 'Queue Ltd' },
    });
  }
  const confirmed = await rest(
    sharedBackendSettings(),
    `waitlist_signups?email=in.(${emails.map((email) => `"${email}"`).join(',')})`,
    { method: 'PATCH', body: { confirmed_at: new Date().toISOString() } },
  );
  expect(confirmed.status).toBe(204);
}

/** Whether a request is the shell's count of a page view (record-visit), which every page sends. */
export function isPageViewCount(url: string): boolean {
  return new URL(url).pathname === '/functions/v1/record-visit';
}
