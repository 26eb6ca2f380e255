import { performance } from 'node:perf_hooks';
import { BOT_CHECK_FORM_FIELD, TURNSTILE_DUMMY_TOKEN } from '@agentora/backend-rules/bot-check';
import type { SignUpRequestBody } from '@agentora/backend-rules/signup-fields';
import { pdfBytes } from '@agentora/local-supabase/testing';

/** The four forms of the site, each made the way the browser makes it (libs/data). */
export const FORMS = ['early_access', 'newsletter', 'waitlist', 'career'] as const;
export type Form = (typeof FORMS)[number];

/** The call a visitor waits for: each sign-up is one request. */
export type Call = 'sign-up' | 'submit-application';

export interface CallTiming {
  call: Call;
  ms: number;
  status: number;
}

export interface Visit {
  form: Form;
  email: string;
  /** When the visitor pressed the button (ms since the epoch). */
  startedAt: number;
  /** The row was stored (the visitor saw no error). */
  stored: boolean;
  /** The visitor was told to check their email: the function answered that the mail is queued. */
  mailPromised: boolean;
  /** The one call the visitor waited for: its time is the visitor's wait. */
  call: CallTiming;
}

type ListForm = Exclude<Form, 'career'>;

/** A list's sign-up as its form sends it (rules/signup-fields.ts), with the testing sitekeys' token. */
function signUpBody(form: ListForm, email: string): SignUpRequestBody {
  if (form === 'waitlist') {
    const waitlist: SignUpRequestBody<'waitlist'> = {
      list: form,
      fields: { email, first_name: 'Ada', last_name: 'Lovelace', company: 'Analytical Engines' },
      bot_check: TURNSTILE_DUMMY_TOKEN,
    };
    return waitlist;
  }
  return { list: form, fields: { email }, bot_check: TURNSTILE_DUMMY_TOKEN };
}

/** A 20 KB PDF, as every other applicant attaches. */
const RESUME = new Blob([new Uint8Array(pdfBytes(20 * 1024))], { type: 'application/pdf' });

async function timed(
  call: Call,
  request: () => Promise<Response>,
): Promise<{ timing: CallTiming; body: unknown }> {
  const started = performance.now();
  let status = 0;
  let body: unknown = null;
  try {
    const response = await request();
    status = response.status;
    body = await response.json().catch(() => null);
  } catch {
    status = 0;
  }
  return { timing: { call, ms: performance.now() - started, status }, body };
}

/** The function's answer said the mail is queued (emailSent: true). */
function mailQueued(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'emailSent' in body
    ? body.emailSent === true
    : false;
}

export interface Site {
  url: string;
  publishableKey: string;
  /** A fetch that connects from the visitor's own client address. */
  fetch: typeof fetch;
}

/**
 * One visitor's sign-up, as the browser makes it (libs/data): for the lists, one request to sign-up with
 * the form's fields and the bot check's token; for careers, submit-application with the fields, the
 * token (and, every other time, a résumé). The token is the one Cloudflare's testing sitekeys hand the
 * page, which the local backend's stand-in for siteverify passes.
 */
export async function visit(
  site: Site,
  form: Form,
  email: string,
  withResume: boolean,
): Promise<Visit> {
  const startedAt = Date.now();
  const headers = { apikey: site.publishableKey, Authorization: `Bearer ${site.publishableKey}` };
  if (form === 'career') {
    const data = new FormData();
    data.set('first_name', 'Ada');
    data.set('last_name', 'Lovelace');
    data.set('email', email);
    data.set('why_join', 'To build the marketplace where agents meet their users.');
    if (withResume) data.set('resume', RESUME, 'resume.pdf');
    data.set(BOT_CHECK_FORM_FIELD, TURNSTILE_DUMMY_TOKEN);
    const answer = await timed('submit-application', () =>
      site.fetch(`${site.url}/functions/v1/submit-application`, {
        method: 'POST',
        headers,
        body: data,
      }),
    );
    return {
      form,
      email,
      startedAt,
      stored: answer.timing.status === 200,
      mailPromised: mailQueued(answer.body),
      call: answer.timing,
    };
  }
  const answer = await timed('sign-up', () =>
    site.fetch(`${site.url}/functions/v1/sign-up`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(signUpBody(form, email)),
    }),
  );
  return {
    form,
    email,
    startedAt,
    stored: answer.timing.status === 200,
    mailPromised: mailQueued(answer.body),
    call: answer.timing,
  };
}
