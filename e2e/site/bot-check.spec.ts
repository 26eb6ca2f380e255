import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from '@agentora/e2e-support/test';
import {
  TURNSTILE_DUMMY_TOKEN,
  TURNSTILE_SCRIPT_PATH,
  TURNSTILE_TESTING_SECRETS,
} from '@agentora/backend-rules/bot-check';
import type { BackendSettings } from '@agentora/e2e-support/backend';
import {
  applicationForm,
  applicationsFor,
  fillRequired,
  newApplicant,
} from '@agentora/e2e-support/careers';
import { recordCspViolations } from '@agentora/e2e-support/csp';
import { isPageViewCount } from '@agentora/e2e-support/growth';
import { OWN_SITE_START_MS, startOwnSite, type OwnSite } from '@agentora/e2e-support/own-site';
import { scrollThroughPage, sharedBackendConfig, sharedSiteUrl } from '@agentora/e2e-support/site';
import {
  earlyAccessForm,
  fillWaitlist,
  footerNewsletterForm,
  homeNewsletterForm,
  sharedBackendSettings,
  signupRows,
  uniqueEmail,
  waitlistForm,
} from '@agentora/e2e-support/signups';

// The bot check of every form that stores something (docs/security.md, "The bot check"), in Chromium
// against the local backend: its stand-in for Turnstile's script (the invisible passing testing
// sitekey), its stand-in for siteverify, and the functions checking each token. The script loads on a
// visitor's first touch of a form; a submit is one request carrying the token; that request replayed
// with another token is refused; and a backend whose secret fails every token leaves each form with
// the clear message, what was typed still there, and nothing stored.

const BOT_CHECK_FAILED =
  "We couldn't check that you're a person. Please check your connection and try again.";

interface FormUnderTest {
  name: string;
  path: string;
  form: (page: Page) => Locator;
  /** Fills the form for `email`; answers a check that the page still shows what was typed. */
  fill: (form: Locator, email: string) => Promise<() => Promise<void>>;
  submit: string;
  success: string;
  /** The request the submit makes. */
  endpoint: string;
  /** What the backend stored for `email`. */
  stored: (email: string, backend: BackendSettings) => Promise<unknown[]>;
}

const emailField = (label: string) => async (form: Locator, email: string) => {
  const input = form.getByRole('textbox', { name: label, exact: true });
  await input.fill(email);
  return () => expect(input).toHaveValue(email);
};

const FORMS: FormUnderTest[] = [
  {
    name: 'early access (home page)',
    path: '/',
    form: earlyAccessForm,
    fill: emailField('Email address'),
    submit: 'Join Early Access',
    success:
      "Thanks! You're on the early access list. Check your email for confirmation and exclusive benefits.",
    endpoint: '/functions/v1/sign-up',
    stored: (email, backend) => signupRows('early_access_signups', email, backend),
  },
  {
    name: 'newsletter (home page)',
    path: '/',
    form: homeNewsletterForm,
    fill: emailField('Email address'),
    submit: 'Subscribe',
    success: 'Thanks for subscribing! Check your email for confirmation.',
    endpoint: '/functions/v1/sign-up',
    stored: (email, backend) => signupRows('newsletter_subscriptions', email, backend),
  },
  {
    name: 'newsletter (footer)',
    path: '/about',
    form: footerNewsletterForm,
    fill: emailField('Email address for the newsletter'),
    submit: 'Subscribe',
    success: 'Thanks for subscribing! Check your email for confirmation.',
    endpoint: '/functions/v1/sign-up',
    stored: (email, backend) => signupRows('newsletter_subscriptions', email, backend),
  },
  {
    name: 'waitlist',
    path: '/coming-soon',
    form: waitlistForm,
    fill: async (form, email) => {
      await fillWaitlist(form, { firstName: 'Ada', lastName: 'Lovelace', email, company: 'AE' });
      return async () => {
        await expect(form.getByLabel('First Name')).toHaveValue('Ada');
        await expect(form.getByLabel('Email')).toHaveValue(email);
      };
    },
    submit: 'Join Waitlist',
    success: "Welcome to Agentora's waitlist! Check your email for confirmation and next steps.",
    endpoint: '/functions/v1/sign-up',
    stored: (email, backend) => signupRows('waitlist_signups', email, backend),
  },
  {
    name: 'careers application',
    path: '/careers',
    form: applicationForm,
    fill: async (form, email) => {
      const applicant = { ...newApplicant('bot-check'), email };
      await fillRequired(form, applicant);
      return async () => {
        await expect(form.getByLabel('Email')).toHaveValue(email);
        await expect(form.getByLabel(/Why do you want to join/)).toHaveValue(applicant.whyJoin);
      };
    },
    submit: 'Submit Application',
    success:
      "Application submitted successfully! Check your email for confirmation. We'll review your application and get back to you within 5 business days.",
    endpoint: '/functions/v1/submit-application',
    stored: (email, backend) => applicationsFor(email, backend),
  },
];

const isWidgetScript = (url: string) => new URL(url).pathname === TURNSTILE_SCRIPT_PATH;

/** Every request the page makes to `backendUrl`, but the shell's page view counts. */
function backendRequests(page: Page, backendUrl: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(backendUrl) && !isPageViewCount(request.url())) seen.push(request);
  });
  return seen;
}

const described = (requests: Request[]) =>
  requests.map((request) => `${request.method()} ${new URL(request.url()).pathname}`);

/**
 * Opens the form's page with every part loaded and the form's code running (hydrated, its handlers
 * in place), the form itself untouched: a prerendered page's part hydrates on the first sign of use
 * (apps/shell/src/federation/early-interactions), here the pointer on the page's heading.
 */
async function openForm(page: Page, under: FormUnderTest, siteUrl: string): Promise<Locator> {
  await page.goto(siteUrl + under.path);
  await scrollThroughPage(page);
  await page.getByRole('main').getByRole('heading').first().hover();
  const form = under.form(page);
  await expect
    .poll(() =>
      form.evaluate((element) =>
        Object.keys(element).some((key) => key.startsWith('__reactProps$')),
      ),
    )
    .toBe(true);
  return form;
}

/** The same request as the page's, from outside the browser, with `email` and the bot check's token replaced. */
async function replay(request: Request, email: string, token: string): Promise<Response> {
  const original = request.postData() ?? '';
  const headers = await request.allHeaders();
  let body: string;
  if (headers['content-type']?.startsWith('application/json')) {
    const json = JSON.parse(original) as { fields: { email: string }; bot_check: string };
    body = JSON.stringify({ ...json, fields: { ...json.fields, email }, bot_check: token });
  } else {
    // The application's multipart form, its values each once in it: the address and the token.
    const sent = /name="email"\r\n\r\n([^\r]*)\r\n/.exec(original)?.[1];
    expect(sent).toBeDefined();
    body = original
      .replace(`\r\n\r\n${sent}\r\n`, `\r\n\r\n${email}\r\n`)
      .replace(`\r\n\r\n${TURNSTILE_DUMMY_TOKEN}\r\n`, `\r\n\r\n${token}\r\n`);
  }
  const keep = ['apikey', 'authorization', 'content-type'].filter((name) => headers[name]);
  return fetch(request.url(), {
    method: 'POST',
    headers: Object.fromEntries(keep.map((name) => [name, headers[name]])),
    body,
  });
}

for (const under of FORMS) {
  test(`${under.name}: the widget's script on the first touch, one request with its token, and that request with another token refused`, async ({
    page,
  }) => {
    const violations = await recordCspViolations(page);
    const requests = backendRequests(page, sharedBackendConfig().url);
    const form = await openForm(page, under, sharedSiteUrl());
    // Hydrated and every part loaded: nothing has asked for the widget.
    expect(requests.filter((request) => isWidgetScript(request.url()))).toEqual([]);
    await expect(page.locator(`script[src*="${TURNSTILE_SCRIPT_PATH}"]`)).toHaveCount(0);

    const email = uniqueEmail('ada', 'bot-check');
    await under.fill(form, email);
    await form.getByRole('button', { name: under.submit }).click();
    await expect(page.getByText(under.success)).toBeVisible();
    expect(await under.stored(email, sharedBackendSettings())).toHaveLength(1);

    // The widget's script, once, and besides it the one request, with the token.
    expect(described(requests)).toEqual([`GET ${TURNSTILE_SCRIPT_PATH}`, `POST ${under.endpoint}`]);
    const sent = requests[1]!;
    expect(sent.postData()).toContain(TURNSTILE_DUMMY_TOKEN);

    // The same request from outside the browser: with the page's token it is taken (the local
    // stand-in does not spend tokens, docs/security.md); with a forged one or none it is refused.
    const again = uniqueEmail('ada', 'bot-check-again');
    expect((await replay(sent, again, TURNSTILE_DUMMY_TOKEN)).status).toBe(200);
    expect(await under.stored(again, sharedBackendSettings())).toHaveLength(1);
    for (const token of ['XXXX.FORGED.TOKEN.XXXX', '']) {
      const forged = uniqueEmail('eve', 'bot-check-forged');
      const refused = await replay(sent, forged, token);
      expect(refused.status, `token ${JSON.stringify(token)}`).toBe(403);
      expect(await refused.json()).toMatchObject({ error: 'bot_check_failed' });
      expect(await under.stored(forged, sharedBackendSettings())).toEqual([]);
    }
    expect(await violations()).toEqual([]);
  });
}

test.describe('a backend whose bot check fails every token', () => {
  // A site of its own (ports 4730-4739): starting it takes part of a test's time on a busy machine.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  let own: OwnSite | undefined;
  test.beforeAll(async () => {
    test.setTimeout(OWN_SITE_START_MS);
    // Cloudflare's testing secret that fails every token (the widget still hands the page one).
    own = await startOwnSite(4730, { turnstileSecret: TURNSTILE_TESTING_SECRETS.fails });
  });
  test.afterAll(async () => {
    await own?.close();
  });

  for (const under of FORMS) {
    test(`${under.name}: says so, keeps what was typed, and nothing is stored`, async ({
      page,
    }) => {
      const { backend, site } = own!;
      const violations = await recordCspViolations(page);
      const requests = backendRequests(page, backend.url);
      const form = await openForm(page, under, site.url);
      const email = uniqueEmail('ada', 'bot-check-fails');
      const stillTyped = await under.fill(form, email);
      await form.getByRole('button', { name: under.submit }).click();

      await expect(page.getByText(BOT_CHECK_FAILED)).toBeVisible();
      await stillTyped();
      expect(described(requests)).toEqual([
        `GET ${TURNSTILE_SCRIPT_PATH}`,
        `POST ${under.endpoint}`,
      ]);
      expect((await requests[1]!.response())?.status()).toBe(403);
      const settings = { url: backend.url, serviceKey: backend.serviceKey };
      expect(await under.stored(email, settings)).toEqual([]);
      expect(await violations()).toEqual([]);
    });
  }
});
