// Every kind of queued mail, on Deno as the worker renders it: read from what take_queued_mail answers
// (toQueuedMail) and rendered (renderQueuedMail). Whatever the database hands the worker beside the
// message's kind — a first name, a last name, a company, as an older or a future take_queued_mail might —
// none of it reaches the subject, the text or the HTML (docs/security.md, "What a mail may carry").
// mail-free-text.test.ts sends the same kinds through the local server and reads them from its outbox.
import { assertEquals } from './assert.ts';
import { publicUrls } from '../../functions/_shared/links/public-urls.ts';
import { toQueuedMail } from '../../functions/_shared/mail-queue/queued-mail.ts';
import { renderQueuedMail } from '../../functions/_shared/mail-queue/render-queued-mail.ts';

const rendering = {
  urls: publicUrls({
    siteUrl: 'https://agentora.test',
    supabaseUrl: 'https://p.supabase.co',
    productUrl: 'https://app.agentora.test/join',
  }),
  linkSecret: 'a-test-secret-of-at-least-32-characters',
};

/** Short enough to pass for a name: the attacker's words, in every field a row could carry. */
const PHISH = 'URGENT: verify at agentora-login.example/v';
const STORED_TEXT = {
  first_name: PHISH,
  last_name: PHISH,
  company: PHISH,
  role: PHISH,
  use_case: PHISH,
  current_role: PHISH,
  why_join: PHISH,
  cover_letter: PHISH,
  resume_filename: PHISH,
};

const base = {
  id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  lease: '0f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  attempts: 1,
  to: 'victim@example.com',
  action: null,
  list: null,
  ...STORED_TEXT,
};

/** One row per kind of mail the queue sends, as take_queued_mail answers it, plus the stored words. */
const ROWS: Record<string, Record<string, unknown>> = {
  'thank-you, early access': { ...base, kind: 'thank_you', list: 'early_access' },
  'thank-you, waitlist': { ...base, kind: 'thank_you', list: 'waitlist' },
  'thank-you, newsletter': { ...base, kind: 'thank_you', list: 'newsletter' },
  'careers receipt': { ...base, kind: 'thank_you', list: 'career' },
  'erase link': { ...base, kind: 'privacy_link', action: 'erase' },
  'copy link': { ...base, kind: 'privacy_link', action: 'copy' },
  'invitation, waitlist': {
    ...base,
    kind: 'invite',
    list: 'waitlist',
    place: 312,
    expires_at: '2027-01-06T10:00:00Z',
  },
  'invitation, early access': {
    ...base,
    kind: 'invite',
    list: 'early_access',
    place: 1312,
    expires_at: '2027-01-06T10:00:00Z',
  },
  "invitation's reminder": {
    ...base,
    kind: 'invite_reminder',
    list: 'waitlist',
    place: 312,
    expires_at: '2027-01-06T10:00:00Z',
    invite_message: '0a1b2c3d-4e5f-4a6b-8c7d-8e9fa0b1c2d3',
  },
  'place, waitlist': {
    ...base,
    kind: 'place',
    list: 'waitlist',
    position: 312,
    referral_code: '0123456789abcdef',
  },
  'place, early access': {
    ...base,
    kind: 'place',
    list: 'early_access',
    position: 1312,
    referral_code: '0123456789abcdef',
  },
};

for (const [kind, row] of Object.entries(ROWS)) {
  Deno.test(`${kind}: nothing a visitor typed, and a greeting without a name`, async () => {
    const mail = toQueuedMail(row);
    if (!mail || mail.to === null) throw new Error(`${kind}: not read as a sendable message`);
    const rendered = await renderQueuedMail({ ...mail, to: mail.to }, rendering);
    for (const part of ['subject', 'text', 'html'] as const) {
      const value = rendered[part];
      assertEquals(
        [part, ['URGENT', 'agentora-login'].filter((trace) => value.includes(trace))],
        [part, []],
        kind,
      );
    }
    assertEquals(rendered.text.includes('\nHi there,\n'), true, `${kind}: the greeting`);
  });
}
