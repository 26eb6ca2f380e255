import { act, screen, within } from '@testing-library/react';
import { signUp, type SignupResult } from '@agentora/data';
import { deferred, fakeTimerUser, renderInSite } from '@agentora/ui/testing';
import { fakeBotCheck, type FakeBotCheck } from '@agentora/forms/testing';
import { refused, stored, WIDGET_TOKEN } from '../test-support/sign-up';
import { WaitlistPage } from './WaitlistPage';

jest.mock('@agentora/data', () => ({ ...jest.requireActual('@agentora/data'), signUp: jest.fn() }));

const signUpCall = jest.mocked(signUp);

const MAILED = "Welcome to Agentora's waitlist! Check your email for confirmation and next steps.";
const NOT_MAILED =
  "Welcome to Agentora's waitlist! We'll notify you as soon as we launch in Q3 2025.";

const field = {
  firstName: () => screen.getByRole('textbox', { name: 'First Name' }),
  lastName: () => screen.getByRole('textbox', { name: 'Last Name' }),
  email: () => screen.getByRole('textbox', { name: 'Email' }),
  company: () => screen.getByRole('textbox', { name: 'Company' }),
  role: () => screen.getByRole('textbox', { name: 'Role' }),
  companySize: () => screen.getByRole('combobox', { name: 'Company Size' }),
  useCase: () => screen.getByRole('textbox', { name: 'Use Case' }),
  hearAbout: () => screen.getByRole('combobox', { name: 'How did you hear about us?' }),
};

function setup() {
  const view = renderInSite(<WaitlistPage />, { route: '/coming-soon' });
  const user = fakeTimerUser();
  const submitButton = () => screen.getByRole('button', { name: /Join(ing)? Waitlist/ });
  // Pasting fills a field with one input event: the same onChange path as typing, far fewer renders.
  const fill = async (element: HTMLElement, text: string) => {
    await user.click(element);
    await user.paste(text);
  };
  const fillRequired = async () => {
    await fill(field.firstName(), 'Ada');
    await fill(field.lastName(), 'Lovelace');
    await fill(field.email(), 'ada@example.com');
    await fill(field.company(), 'Analytical Engines');
  };
  const fillAll = async () => {
    await fill(field.firstName(), ' Ada ');
    await fill(field.lastName(), 'Lovelace');
    await fill(field.email(), 'Ada.Lovelace@example.com ');
    await fill(field.company(), 'Analytical Engines');
    await fill(field.role(), 'CTO');
    await user.selectOptions(field.companySize(), '51-200');
    await fill(field.useCase(), 'Automate support');
    await user.selectOptions(field.hearAbout(), 'referral');
  };
  return {
    ...view,
    user,
    fill,
    submitButton,
    fillRequired,
    fillAll,
    submit: () => user.click(submitButton()),
  };
}

const allValues = () =>
  Object.fromEntries(
    Object.entries(field).map(([name, get]) => [name, (get() as HTMLInputElement).value]),
  );

describe('WaitlistPage', () => {
  let botCheck: FakeBotCheck;
  beforeEach(() => {
    jest.useFakeTimers();
    signUpCall.mockReset().mockResolvedValue(stored());
    botCheck = fakeBotCheck({ pass: WIDGET_TOKEN });
  });
  afterEach(() => {
    botCheck.dispose();
    jest.useRealTimers();
  });

  it('shows the badge, headline, three info cards, the form and the benefits strip', () => {
    setup();
    expect(screen.getByText('COMING SOON')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Join the AI Revolution' }),
    ).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'At a glance' })).getAllByRole(
      'listitem',
    );
    expect(cards.map((card) => card.textContent)).toEqual([
      '2026Expected launch date',
      '1000+AI agents ready at launch',
      'Early AccessExclusive benefits for early members',
    ]);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Join the Waitlist' }),
    ).toBeInTheDocument();
    const benefits = within(screen.getByRole('list', { name: 'Waitlist benefits' })).getAllByRole(
      'listitem',
    );
    expect(benefits.map((benefit) => benefit.textContent)).toEqual([
      '50% OffYour first year',
      'PrioritySupport and features',
      'LifetimeBeta access',
    ]);
  });

  it('starts with every field empty, four required, and the documented option lists', () => {
    setup();
    expect(allValues()).toEqual({
      firstName: '',
      lastName: '',
      email: '',
      company: '',
      role: '',
      companySize: '',
      useCase: '',
      hearAbout: '',
    });
    for (const name of ['firstName', 'lastName', 'email', 'company'] as const)
      expect(field[name]()).toBeRequired();
    for (const name of ['role', 'companySize', 'useCase', 'hearAbout'] as const)
      expect(field[name]()).not.toBeRequired();
    expect(field.email()).toHaveAttribute('type', 'email');
    expect(field.useCase()).toHaveAttribute('rows', '3');
    const options = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((option) => [option.getAttribute('value'), option.textContent]);
    expect(options(field.companySize()).map(([value]) => value)).toEqual([
      '',
      '1-10',
      '11-50',
      '51-200',
      '201-1000',
      '1000+',
    ]);
    expect(options(field.hearAbout())).toEqual([
      ['', 'Select an option'],
      ['search', 'Google Search'],
      ['social', 'Social Media'],
      ['referral', 'Friend/Colleague'],
      ['blog', 'Blog/Article'],
      ['event', 'Conference/Event'],
      ['other', 'Other'],
    ]);
  });

  it('refuses missing required fields: banner, a message on each field, focus on the first, nothing sent', async () => {
    const { submit, user } = setup();
    await user.type(field.lastName(), 'Lovelace');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(field.firstName()).toHaveFocus();
    for (const name of ['firstName', 'email', 'company'] as const) {
      expect(field[name]()).toHaveAttribute('aria-invalid', 'true');
      expect(field[name]()).toHaveAccessibleDescription('This field is required');
    }
    expect(field.lastName()).not.toHaveAttribute('aria-invalid');
    expect(signUpCall).not.toHaveBeenCalled();

    // Fixing a field clears its own message; the banner waits for the next attempt.
    await user.type(field.firstName(), 'Ada');
    expect(field.firstName()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it("refuses an email without '@' and focuses it", async () => {
    const { submit, fill } = setup();
    await fill(field.firstName(), 'Ada');
    await fill(field.lastName(), 'Lovelace');
    await fill(field.email(), 'ada.example.com');
    await fill(field.company(), 'Analytical Engines');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(field.email()).toHaveFocus();
    expect(field.email()).toHaveAccessibleDescription('Please enter a valid email address');
    expect(signUpCall).not.toHaveBeenCalled();
  });

  it('joins: disabled button with spinner, exact payloads, success banner, empty form, idle after 5 s', async () => {
    const pending = deferred<SignupResult>();
    signUpCall.mockReturnValueOnce(pending.promise);
    const { submit, fillAll, submitButton, user } = setup();
    await fillAll();
    await submit();

    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveTextContent('Joining Waitlist...');
    expect(within(submitButton()).getByTestId('spinner')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.type(field.company(), '{Enter}');
    expect(signUpCall).toHaveBeenCalledTimes(1);
    expect(signUpCall).toHaveBeenCalledWith(
      'waitlist',
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'Ada.Lovelace@example.com',
        company: 'Analytical Engines',
        role: 'CTO',
        companySize: '51-200',
        useCase: 'Automate support',
        hearAbout: 'referral',
      },
      WIDGET_TOKEN,
    );

    await act(async () => pending.resolve(stored()));
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent(MAILED);
    expect(banner).toHaveAttribute('data-tone', 'success');
    expect(allValues()).toEqual({
      firstName: '',
      lastName: '',
      email: '',
      company: '',
      role: '',
      companySize: '',
      useCase: '',
      hearAbout: '',
    });
    expect(submitButton()).toBeEnabled();
    expect(submitButton()).toHaveTextContent('Join Waitlist');

    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByRole('status')).toHaveTextContent(MAILED);
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends optional fields left empty as empty strings, and says Q3 2025 when the helper is falsy', async () => {
    signUpCall.mockResolvedValueOnce(stored(false));
    const { submit, fillRequired } = setup();
    await fillRequired();
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent(NOT_MAILED);
    expect(signUpCall).toHaveBeenCalledWith(
      'waitlist',
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        company: 'Analytical Engines',
        role: '',
        companySize: '',
        useCase: '',
        hearAbout: '',
      },
      WIDGET_TOKEN,
    );
  });

  it('says exactly when a rate limit refused the sign-up, and keeps everything typed', async () => {
    signUpCall.mockResolvedValueOnce(refused('rate_limited'));
    const { submit, fillAll } = setup();
    await fillAll();
    const typed = allValues();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Too many attempts\. Please wait a minute and try again\.$/,
    );
    expect(allValues()).toEqual(typed);
  });

  it('tells a duplicate apart and keeps everything typed', async () => {
    signUpCall.mockResolvedValueOnce(refused('duplicate'));
    const { submit, fillAll } = setup();
    await fillAll();
    const typed = allValues();
    await submit();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      'You have already joined the waitlist with this email address.',
    );
    expect(banner).toHaveAttribute('data-tone', 'error');
    expect(allValues()).toEqual(typed);
  });

  it('shows the failure text on any other failure, keeps the form, and hides the banner during the retry', async () => {
    signUpCall.mockResolvedValueOnce(refused('failed'));
    const { submit, fillAll } = setup();
    await fillAll();
    const typed = allValues();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to join waitlist. Please try again or contact support.',
    );
    expect(allValues()).toEqual(typed);
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByRole('alert')).toBeInTheDocument();

    const retry = deferred<SignupResult>();
    signUpCall.mockReturnValueOnce(retry.promise);
    await submit();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => retry.resolve(stored()));
    expect(screen.getByRole('status')).toHaveTextContent(MAILED);
  });

  it('treats a filled honeypot as a success and sends nothing', async () => {
    const { submit, fillRequired, fill } = setup();
    await fill(
      document.querySelector<HTMLInputElement>('input[name="website_url"]')!,
      'https://spam.example',
    );
    await fillRequired();
    await submit();
    expect(screen.getByRole('status')).toHaveTextContent(NOT_MAILED);
    expect(signUpCall).not.toHaveBeenCalled();
    expect(field.firstName()).toHaveValue('');
  });

  it('finishes the sign-up but touches no state and starts no timer when the visitor leaves mid-submit', async () => {
    const pending = deferred<SignupResult>();
    signUpCall.mockReturnValueOnce(pending.promise);
    const { submit, fillRequired, unmount } = setup();
    await fillRequired();
    await submit();
    unmount();
    const setTimeoutSpy = jest.spyOn(globalThis, 'setTimeout');
    await act(async () => pending.resolve(stored()));
    expect(setTimeoutSpy).not.toHaveBeenCalledWith(expect.any(Function), 5000);
    setTimeoutSpy.mockRestore();
  });
});
