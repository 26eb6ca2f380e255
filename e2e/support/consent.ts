import { createHash } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { sharedBackendSettings, type BackendSettings } from './backend';
import { outboxMailTo, type OutboxMessage } from './outbox';

export type { OutboxMessage } from './outbox';

/** The mails to an address (any letter case), oldest first; waits until there are at least `count`. */
export async function mailsTo(
  email: string,
  count = 1,
  backend: BackendSettings = sharedBackendSettings(),
): Promise<OutboxMessage[]> {
  let mails: OutboxMessage[] = [];
  await expect
    .poll(
      async () => {
        mails = (await outboxMailTo(email, backend)).reverse();
        return mails.length;
      },
      { message: `${count} mail(s) to ${email}` },
    )
    .toBeGreaterThanOrEqual(count);
  return mails;
}

/** The token of a link in a mail's text: /email/confirm, /email/unsubscribe or /privacy/erase. */
export function tokenIn(text: string, path: string): string {
  const match = new RegExp(`${path}\\?(?:action=\\w+&)?token=([A-Za-z0-9_-]{43})`).exec(text);
  if (!match) throw new Error(`No ${path} link in:\n${text}`);
  return match[1];
}

/**
 * Opens a mail in the outbox in Chromium and clicks its link, as a person reading the mail would; resolves
 * on the page the link opened.
 */
export async function clickMailLink(
  page: Page,
  mail: OutboxMessage,
  name: string | RegExp,
  backend: BackendSettings = sharedBackendSettings(),
): Promise<void> {
  await page.goto(`${backend.url}/outbox/${mail.id}`);
  await page.getByRole('link', { name }).click();
}

/** Ends a token's life early, as if its time had passed (the service role may; the browser never). */
export async function expireToken(
  token: string,
  backend: BackendSettings = sharedBackendSettings(),
): Promise<void> {
  const hash = createHash('sha256').update(token).digest('hex');
  const response = await fetch(`${backend.url}/rest/v1/email_tokens?token_hash=eq.${hash}`, {
    method: 'PATCH',
    headers: {
      apikey: backend.serviceKey,
      Authorization: `Bearer ${backend.serviceKey}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
    body: JSON.stringify({ expires_at: new Date(Date.now() - 1000).toISOString() }),
  });
  expect(await response.json()).toHaveLength(1);
}

export const LINK_NOT_VALID =
  "This link can't be used. It may have been used already, or it has expired.";
