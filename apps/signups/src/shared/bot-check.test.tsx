import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { signUp, type SignupList, type SignupRefusal } from '@agentora/data';
import { BOT_CHECK_FAILED_MESSAGE } from '@agentora/forms';
import {
  fakeBotCheck,
  FAKE_BOT_CHECK_SCRIPT_URL,
  type FakeBotCheck,
  type FakeBotCheckBehaviour,
} from '@agentora/forms/testing';
import { fakeTimerUser, renderInSite } from '@agentora/ui/testing';
import { EarlyAccessSection } from '../early-access/EarlyAccessSection';
import { FooterNewsletter } from '../newsletter/FooterNewsletter';
import { NewsletterSignup } from '../newsletter/NewsletterSignup';
import { refused, stored, WIDGET_TOKEN } from '../test-support/sign-up';
import { WaitlistForm } from '../waitlist/WaitlistForm';

// The bot check of every sign-up form (docs/product/sign-up-forms.md, "The bot check"), with the forms'
// real useSubmitFlow and a fake widget: the script only on a visitor's first touch, the token with the
// one sign-up call, and the same clear message, what was typed kept, whenever there is no token or the
// backend refuses it.

jest.mock('@agentora/data', () => ({ ...jest.requireActual('@agentora/data'), signUp: jest.fn() }));

const signUpCall = jest.mocked(signUp);

interface SignupForm {
  /** The form's accessible name. */
  name: string;
  list: SignupList;
  /** Fills the form as a visitor would; answers what the sign-up call then gets. */
  fill: (user: UserEvent, form: HTMLElement) => Promise<object>;
}

async function paste(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const emailForm =
  (label: string) =>
  async (user: UserEvent, form: HTMLElement): Promise<object> => {
    await paste(user, within(form).getByRole('textbox', { name: label }), 'ada@example.com');
    return { email: 'ada@example.com' };
  };

const FORMS: SignupForm[] = [
  { name: 'Early access sign-up', list: 'early_access', fill: emailForm('Email address') },
  { name: 'Newsletter sign-up', list: 'newsletter', fill: emailForm('Email address') },
  {
    name: 'Footer newsletter sign-up',
    list: 'newsletter',
    fill: emailForm('Email address for the newsletter'),
  },
  {
    name: 'Join the Waitlist',
    list: 'waitlist',
    fill: async (user, form) => {
      const text = (name: string) => within(form).getByRole('textbox', { name });
      await paste(user, text('First Name'), 'Ada');
      await paste(user, text('Last Name'), 'Lovelace');
      await paste(user, text('Email'), 'ada@example.com');
      await paste(user, text('Company'), 'Analytical Engines');
      return expect.objectContaining({ firstName: 'Ada', company: 'Analytical Engines' });
    },
  },
];

/** Every sign-up form on one page, as the home page shows three of them at once. */
function renderAll() {
  renderInSite(
    <>
      <EarlyAccessSection />
      <NewsletterSignup />
      <WaitlistForm />
      <FooterNewsletter />
    </>,
  );
}

const form = (name: string) => screen.getByRole('form', { name });
/** What each field of the form holds. */
const typed = (element: HTMLElement) =>
  [
    ...element.querySelectorAll<HTMLInputElement>(
      'input:not([name="website_url"]), select, textarea',
    ),
  ].map((field) => field.value);

let botCheck: FakeBotCheck;
beforeEach(() => {
  jest.useFakeTimers();
  signUpCall.mockReset().mockResolvedValue(stored());
});
afterEach(() => {
  botCheck.dispose();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

it("requests the widget's script only when a visitor first touches a form, once for the page", async () => {
  botCheck = fakeBotCheck({ pass: WIDGET_TOKEN });
  renderAll();
  // Rendered, their effects run: the page has no script element to fetch.
  expect(document.querySelectorAll('script')).toHaveLength(0);

  const user = fakeTimerUser();
  await user.click(within(form('Newsletter sign-up')).getByRole('textbox'));
  expect(botCheck.scriptsRequested).toEqual([FAKE_BOT_CHECK_SCRIPT_URL]);
  expect(botCheck.rendered).toEqual(['newsletter']);
  await user.click(within(form('Join the Waitlist')).getByRole('textbox', { name: 'Email' }));
  expect(botCheck.scriptsRequested).toEqual([FAKE_BOT_CHECK_SCRIPT_URL]);
  expect(botCheck.rendered).toEqual(['newsletter', 'waitlist']);
});

describe.each(FORMS)('$name', ({ name, list, fill }) => {
  async function fillAndSend() {
    renderAll();
    const user = fakeTimerUser();
    const element = form(name);
    const sent = await fill(user, element);
    const before = typed(element);
    expect(before).toContain('ada@example.com');
    await user.click(within(element).getByRole('button'));
    return { element, sent, before };
  }

  it("sends the widget's token with the one sign-up call, for its own list", async () => {
    botCheck = fakeBotCheck({ pass: WIDGET_TOKEN });
    const { sent } = await fillAndSend();
    await waitFor(() => expect(signUpCall).toHaveBeenCalledTimes(1));
    expect(signUpCall).toHaveBeenCalledWith(list, sent, WIDGET_TOKEN);
    expect(botCheck.rendered).toEqual([list]);
  });

  it.each<[string, FakeBotCheckBehaviour]>([
    ['its script is blocked', 'script-blocked'],
    ['its challenge fails', { fail: '600010' }],
  ])(
    'without a token (%s) says so, keeps what was typed and sends nothing',
    async (_, behaviour) => {
      botCheck = fakeBotCheck(behaviour);
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const { element, before } = await fillAndSend();
      expect(await screen.findByText(BOT_CHECK_FAILED_MESSAGE)).toBeVisible();
      expect(typed(element)).toEqual(before);
      expect(signUpCall).not.toHaveBeenCalled();
    },
  );

  it.each<SignupRefusal>(['bot_check_failed', 'bot_check_unavailable'])(
    'shows the same message when the backend answers %s, and keeps what was typed',
    async (refusal) => {
      botCheck = fakeBotCheck({ pass: WIDGET_TOKEN });
      signUpCall.mockResolvedValue(refused(refusal));
      const { element, before } = await fillAndSend();
      expect(await screen.findByText(BOT_CHECK_FAILED_MESSAGE)).toBeVisible();
      expect(typed(element)).toEqual(before);
      expect(signUpCall).toHaveBeenCalledTimes(1);
    },
  );
});
