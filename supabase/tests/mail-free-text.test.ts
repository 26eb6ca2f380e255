import {
  pdfBytes,
  signUpThrough,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '@agentora/local-supabase/testing';
import { answer, callFunction, CONFIRM_LINK, mailsTo, tokenIn } from './test-support/consent.ts';
import { staffSession } from './test-support/console.ts';
import {
  BOT_CHECK_FORM_FIELD,
  TURNSTILE_DUMMY_TOKEN,
} from '../functions/_shared/rules/bot-check.ts';
import type { SignupList } from '../functions/_shared/rules/signup-fields.ts';

// No mail carries text a visitor typed (docs/security.md, "What a mail may carry"), whatever became of
// the sign-up since: an attacker signs a victim's address up with their own words in every free field,
// the victim confirms the genuine mail (which proves they read the mailbox, not that they typed the
// name), staff invite them, they ask for their data. Every mail that reaches the victim is read back
// from the outbox: its subject, text and HTML hold none of those words. Through the real server (on
// PostgreSQL, test-postgres): the stored rows, take_queued_mail, the worker and the renderers.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

/** One phrase per field: each names its field, so a failure says which one got through. */
const phish = (field: string) => `URGENT ${field} agentora-login.example/v`;
/** The parts of a phrase that survive any escaping: what must not appear anywhere in a mail. */
const traces = (field: string) => [`URGENT ${field}`, 'agentora-login'];

const WAITLIST_TEXT = ['first_name', 'last_name', 'company', 'role', 'use_case'] as const;
const APPLICATION_TEXT = [
  'first_name',
  'last_name',
  'phone',
  'location',
  'current_role',
  'current_company',
  'skills',
  'why_join',
  'salary_expectation',
  'cover_letter',
] as const;
/** What a visitor's address bar sets: stored with the row in the shape the tables allow. */
const SOURCE = {
  utm_source: 'urgent-utm-source-agentora-login.example',
  utm_campaign: 'urgent-utm-campaign-agentora-login.example',
};
const FORBIDDEN = [
  ...new Set([
    ...WAITLIST_TEXT.flatMap((field) => traces(`wl-${field}`)),
    ...APPLICATION_TEXT.flatMap((field) => traces(`app-${field}`)),
    'URGENT portfolio',
    'URGENT résumé',
    'urgent-utm',
  ]),
];

/** A sign-up as the site sends it: the form's fields and the visit's source, in one request. */
async function signUp(list: SignupList, fields: Record<string, string>) {
  const response = await signUpThrough(t.server, { list, fields, source: SOURCE });
  expect(await response.json()).toEqual({ success: true, list, emailSent: true });
}

async function apply(email: string) {
  const form = new FormData();
  form.append('email', email);
  for (const field of APPLICATION_TEXT) form.append(field, phish(`app-${field}`));
  form.append('portfolio_url', 'https://agentora-login.example/URGENT-portfolio');
  form.append(BOT_CHECK_FORM_FIELD, TURNSTILE_DUMMY_TOKEN);
  form.append(
    'resume',
    new File(
      [new Uint8Array(pdfBytes(1024))],
      'URGENT résumé verify at agentora-login.example.pdf',
      {
        type: 'application/pdf',
      },
    ),
  );
  const { error } = await t.anon.functions.invoke('submit-application', { body: form });
  const refused = error ? await (error.context as Response).json() : null;
  expect(refused).toBeNull();
}

async function confirm(email: string, subject: RegExp) {
  const mail = (await mailsTo(t, email)).find((message) => subject.test(message.subject));
  if (!mail) throw new Error(`No mail "${subject.source}" to ${email}`);
  const confirmed = await callFunction(t, 'confirm-email', {
    token: tokenIn(mail.text, CONFIRM_LINK),
  });
  expect((await answer(confirmed)).status).toBe(200);
}

it('reaches a confirmed, invited member who asked for their data without one word a visitor typed', async () => {
  const victim = uniqueEmail('victim');
  await signUp('waitlist', {
    email: victim,
    ...Object.fromEntries(WAITLIST_TEXT.map((field) => [field, phish(`wl-${field}`)])),
  });
  await signUp('early_access', { email: victim });
  await signUp('newsletter', { email: victim });
  await apply(victim);

  // The victim confirms the genuine mails; each line then sends its place.
  await confirm(victim, /waitlist/);
  await confirm(victim, /early access/);
  await confirm(victim, /newsletter/);
  // Staff invite the member, who is confirmed and not invited yet.
  const staff = await staffSession(t);
  const { data: waitlisted } = await t.service
    .from('waitlist_signups')
    .select('id')
    .eq('email', victim)
    .single();
  const invited = await staff.client.rpc('console_invite_wave', {
    p_list: 'waitlist',
    p_count: null,
    p_up_to_place: null,
    p_ids: [waitlisted?.id],
    p_starts_at: null,
    p_remind_after_days: null,
    p_dry_run: false,
    p_expect: null,
  });
  expect(invited.data).toMatchObject({ invited: 1 });
  // The victim asks for a copy, and for erasure (links mailed to the mailbox itself).
  for (const action of ['copy', 'erase']) {
    expect((await callFunction(t, 'privacy-request', { email: victim, action })).status).toBe(202);
  }

  let mails = await mailsTo(t, victim);
  for (let tries = 0; mails.length < 9 && tries < 100; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    mails = await mailsTo(t, victim);
  }
  // Every kind of mail a visitor's address can get: four thank-yous (three asking to confirm, the
  // careers receipt), two places, the invitation, the two privacy links.
  expect(mails.map((mail) => mail.subject.replace(/#[\d,]+/, '#N')).sort()).toEqual(
    [
      "You're on the Agentora early access list",
      "You're on Agentora's waitlist",
      'Welcome to the Agentora newsletter',
      'We received your application to Agentora',
      "You're #N of the first 1,000 on the Agentora early access list",
      "You're #N of the first 1,000 on the Agentora waitlist",
      "You're invited to Agentora",
      'Your copy of your Agentora data',
      'Delete your Agentora data',
    ].sort(),
  );
  for (const mail of mails) {
    for (const part of ['subject', 'text', 'html'] as const) {
      const found = FORBIDDEN.filter((trace) =>
        mail[part].toLowerCase().includes(trace.toLowerCase()),
      );
      expect([mail.subject, part, found]).toEqual([mail.subject, part, []]);
    }
    expect([mail.subject, mail.text]).toEqual([mail.subject, expect.stringContaining('Hi there,')]);
  }
});
