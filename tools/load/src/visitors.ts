import { performance } from 'node:perf_hooks';
import { pdfBytes } from '@agentora/local-supabase/testing';

/** The four forms of the site, each made the way the browser makes it (libs/data). */
export const FORMS = ['early_access', 'newsletter', 'waitlist', 'career'] as const;
export type Form = (typeof FORMS)[number];

/** The calls a visitor waits for. */
export type Call = 'insert' | 'send-thank-you-email' | 'submit-application';

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
  /**
   * The browser made the follow-up call after its insert (a list's send-thank-you-email); false for the
   * browsers that closed first. The row's mail is queued by the insert either way.
   */
  followUp: boolean;
  calls: CallTiming[];
}

const TABLES: Record<Exclude<Form, 'career'>, string> = {
  early_access: 'early_access_signups',
  newsletter: 'newsletter_subscriptions',
  waitlist: 'waitlist_signups',
};

function rowOf(form: Exclude<Form, 'career'>, email: string): Record<string, string> {
  return form === 'waitlist'
    ? { email, first_name: 'Ada', last_name: 'Lovelace', company: 'Analytical Engines' }
    : { email };
}

/** A 20 KB PDF, as every other applicant attaches. */
const RESUME = new Blob([new Uint8Array(pdfBytes(20 * 1024))], { type: 'application/pdf' });

async function timed(
  call: Call,
  calls: CallTiming[],
  request: () => Promise<Response>,
): Promise<{ status: number; body: unknown }> {
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
  calls.push({ call, ms: performance.now() - started, status });
  return { status, body };
}

export interface Site {
  url: string;
  publishableKey: string;
  /** A fetch that connects from the visitor's own client address. */
  fetch: typeof fetch;
}

/**
 * One visitor's sign-up: for the lists, the anon insert and then, unless the browser is gone first
 * (`followUp` false), send-thank-you-email with the list and the address; for careers,
 * submit-application with the fields (and, every other time, a résumé).
 */
export async function visit(
  site: Site,
  form: Form,
  email: string,
  withResume: boolean,
  followUp = true,
): Promise<Visit> {
  const calls: CallTiming[] = [];
  const startedAt = Date.now();
  const headers = { apikey: site.publishableKey, Authorization: `Bearer ${site.publishableKey}` };
  if (form === 'career') {
    const data = new FormData();
    data.set('first_name', 'Ada');
    data.set('last_name', 'Lovelace');
    data.set('email', email);
    data.set('why_join', 'To build the marketplace where agents meet their users.');
    if (withResume) data.set('resume', RESUME, 'resume.pdf');
    const answer = await timed('submit-application', calls, () =>
      site.fetch(`${site.url}/functions/v1/submit-application`, {
        method: 'POST',
        headers,
        body: data,
      }),
    );
    const emailSent =
      typeof answer.body === 'object' && answer.body !== null && 'emailSent' in answer.body
        ? answer.body.emailSent === true
        : false;
    return {
      form,
      email,
      startedAt,
      stored: answer.status === 200,
      mailPromised: emailSent,
      followUp: true,
      calls,
    };
  }
  const insert = await timed('insert', calls, () =>
    site.fetch(`${site.url}/rest/v1/${TABLES[form]}`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
      body: JSON.stringify(rowOf(form, email)),
    }),
  );
  if (insert.status !== 201) {
    return { form, email, startedAt, stored: false, mailPromised: false, followUp, calls };
  }
  if (!followUp) {
    return { form, email, startedAt, stored: true, mailPromised: false, followUp, calls };
  }
  const mail = await timed('send-thank-you-email', calls, () =>
    site.fetch(`${site.url}/functions/v1/send-thank-you-email`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: form, email }),
    }),
  );
  return {
    form,
    email,
    startedAt,
    stored: true,
    mailPromised: mail.status === 200,
    followUp,
    calls,
  };
}
