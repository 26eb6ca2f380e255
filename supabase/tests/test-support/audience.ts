import type { AudienceView } from '@agentora/fake-resend';
import type { TestServer } from '@agentora/local-supabase/testing';
import {
  answer,
  callFunction,
  mailsTo,
  oneClick,
  PRIVACY_LINK,
  tokenIn,
  UNSUBSCRIBE_PAGE,
} from './consent.ts';

// The audience's tests through a server: members made as the sign-up function makes them (the service
// role) and confirmed in SQL, the site's own unsubscribe and erasure through their functions, and what
// a Resend stand-in's segments hold.

export type AudienceList = 'early_access' | 'newsletter' | 'waitlist';

export const LIST_TABLES: Readonly<Record<AudienceList, string>> = {
  early_access: 'early_access_signups',
  newsletter: 'newsletter_subscriptions',
  waitlist: 'waitlist_signups',
};

/** The segments' names (supabase/schemas/audience.sql). */
export const SEGMENT_NAMES: Readonly<Record<AudienceList, string>> = {
  early_access: 'Agentora early access',
  newsletter: 'Agentora newsletter',
  waitlist: 'Agentora waitlist',
};

/** A sign-up stored with the service role (its thank-you mail queued with it), confirmed unless told. */
export async function member(
  t: TestServer,
  list: AudienceList,
  email: string,
  options: { confirmed?: boolean } = {},
): Promise<string> {
  const row: Record<string, string> =
    list === 'waitlist'
      ? { email, first_name: 'Ada', last_name: 'Lovelace', company: 'Engines' }
      : { email };
  const { data, error } = await t.service.from(LIST_TABLES[list]).insert(row).select('id').single();
  if (error || !data) throw new Error(`Storing ${email} failed: ${error?.message}`);
  const id = (data as { id: string }).id;
  if (options.confirmed ?? true) await confirm(t, list, id);
  return id;
}

/** Marks a sign-up confirmed, as its confirmation link does. */
export async function confirm(t: TestServer, list: AudienceList, id: string): Promise<void> {
  const { error } = await t.service
    .from(LIST_TABLES[list])
    .update({ confirmed_at: new Date().toISOString() })
    .eq('id', id);
  if (error) throw new Error(`Confirming failed: ${error.message}`);
}

/** The newest mail's unsubscribe link, used as a mailbox provider's one-click button uses it. */
export async function unsubscribeByLink(t: TestServer, email: string): Promise<unknown> {
  const mails = await mailsTo(t, email);
  const mail = mails[mails.length - 1];
  if (!mail) throw new Error(`No mail reached ${email}.`);
  const token = tokenIn(mail.text, UNSUBSCRIBE_PAGE);
  return (await answer(await oneClick(`${t.server.url}/functions/v1/unsubscribe?token=${token}`)))
    .body;
}

/** Erases every record of the address's mailbox through the privacy page's link. */
export async function eraseByLink(t: TestServer, email: string): Promise<unknown> {
  const before = (await mailsTo(t, email)).length;
  const asked = await answer(await callFunction(t, 'privacy-request', { email, action: 'erase' }));
  if (asked.status !== 202) throw new Error(`privacy-request answered ${asked.status}`);
  const mailbox = email.toLowerCase().replace(/\+[^@]*@/, '@');
  for (let tries = 0; tries < 100; tries += 1) {
    const mails = (await mailsTo(t, mailbox)).filter((mail) => mail.text.includes('action=erase'));
    if (mails.length > 0 && (await mailsTo(t, email)).length >= before) {
      const token = tokenIn(mails[mails.length - 1].text, PRIVACY_LINK);
      return (await answer(await callFunction(t, 'privacy-fulfil', { token, action: 'erase' })))
        .body;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No erase link reached ${mailbox}.`);
}

/** The addresses a segment of the stand-in holds, by the segment's name, sorted. */
export function segmentEmails(view: AudienceView, name: string): string[] {
  const segment = view.segments.find((item) => item.name === name);
  return segment ? [...segment.emails].sort() : [];
}

/** The stand-in's contact of an address, if any. */
export function contactOf(view: AudienceView, email: string) {
  return view.contacts.find((contact) => contact.email === email.toLowerCase());
}

/** Whether the site still holds a sign-up of the list for the address. */
export async function isMember(t: TestServer, list: AudienceList, email: string): Promise<boolean> {
  const { data } = await t.service.from(LIST_TABLES[list]).select('id').ilike('email', email);
  return (data ?? []).length > 0;
}
