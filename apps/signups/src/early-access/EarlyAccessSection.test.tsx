import { act, screen, within } from '@testing-library/react';
import { signUp, type SignupResult } from '@agentora/data';
import { deferred, fakeTimerUser, renderInSite } from '@agentora/ui/testing';
import { fakeBotCheck, type FakeBotCheck } from '@agentora/forms/testing';
import { refused, stored, WIDGET_TOKEN } from '../test-support/sign-up';
import { EarlyAccessSection } from './EarlyAccessSection';

jest.mock('@agentora/data', () => ({ ...jest.requireActual('@agentora/data'), signUp: jest.fn() }));

const signUpCall = jest.mocked(signUp);

const MAILED =
  "Thanks! You're on the early access list. Check your email for confirmation and exclusive benefits.";
const NOT_MAILED = "Thanks! You're on the early access list. We'll notify you when we launch.";

function setup() {
  renderInSite(<EarlyAccessSection />);
  const user = fakeTimerUser();
  const input = screen.getByRole('textbox', { name: 'Email address' });
  const button = () => screen.getByRole('button', { name: /Join Early Access|Joining\.\.\./ });
  const join = async (email: string) => {
    await user.clear(input);
    await user.click(input);
    await user.paste(email);
    await user.click(button());
  };
  return { user, input, button, join };
}

describe('EarlyAccessSection', () => {
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

  it('shows the heading, the four benefits, a submit button and a visible link to the full waitlist', () => {
    setup();
    expect(screen.getByRole('heading', { level: 2, name: 'Get Early Access' })).toBeInTheDocument();
    const benefits = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(benefits).toEqual([
      'Exclusive access for the first 1000 users',
      'Lifetime beta access to new features',
      'Priority support from our team',
      '50% off your first year at our 2026 launch',
    ]);
    expect(screen.getByRole('button', { name: 'Join Early Access' })).toHaveAttribute(
      'type',
      'submit',
    );
    expect(screen.getByRole('link', { name: 'Or join the full waitlist' })).toHaveAttribute(
      'href',
      '/coming-soon',
    );
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAttribute('type', 'email');
  });

  it('refuses an invalid email: error announced, field marked and focused, nothing sent, and it stays until the next attempt', async () => {
    const { join, input, user, button } = setup();
    await join('jane.example.com');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please enter a valid email address');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter a valid email address');
    expect(signUpCall).not.toHaveBeenCalled();

    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');

    // Typing a fix un-marks the field; the next attempt replaces the message.
    await user.type(input, '@x');
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.clear(input);
    await user.click(button());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
  });

  it('joins: busy button, one sign-up with the trimmed email, the mailed text, cleared field, idle after 5 s', async () => {
    const pending = deferred<SignupResult>();
    signUpCall.mockReturnValueOnce(pending.promise);
    const { join, input, button, user } = setup();
    await join('  jane.doe@example.com ');

    expect(button()).toHaveTextContent('Joining...');
    expect(button()).toBeDisabled();
    await user.type(input, '{Enter}');
    expect(signUpCall).toHaveBeenCalledTimes(1);
    expect(signUpCall).toHaveBeenCalledWith(
      'early_access',
      { email: 'jane.doe@example.com' },
      WIDGET_TOKEN,
    );

    await act(async () => pending.resolve(stored()));
    expect(screen.getByRole('status')).toHaveTextContent(MAILED);
    expect(input).toHaveValue('');
    expect(button()).toHaveTextContent('Join Early Access');
    expect(button()).toBeEnabled();

    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByRole('status')).toHaveTextContent(MAILED);
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('still succeeds when the thank-you email is not sent', async () => {
    signUpCall.mockResolvedValueOnce(stored(false));
    const { join, input } = setup();
    await join('jane@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent(NOT_MAILED);
    expect(input).toHaveValue('');
  });

  it('tells a duplicate apart and keeps the address', async () => {
    signUpCall.mockResolvedValueOnce(refused('duplicate'));
    const { join, input } = setup();
    await join('Jane@Example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have already signed up for early access with this email address.',
    );
    expect(input).toHaveValue('Jane@Example.com');
  });

  it('says exactly when a rate limit refused the sign-up and keeps the address', async () => {
    signUpCall.mockResolvedValueOnce(refused('rate_limited'));
    const { join, input } = setup();
    await join('jane@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Too many attempts\. Please wait a minute and try again\.$/,
    );
    expect(input).toHaveValue('jane@example.com');
  });

  it('shows the failure text on any other error, keeps the address, and keeps the error until the next attempt', async () => {
    signUpCall.mockResolvedValueOnce(refused('failed'));
    const { join, input, button, user } = setup();
    await join('jane@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to sign up. Please try again or contact support.',
    );
    expect(input).toHaveValue('jane@example.com');
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByRole('alert')).toBeInTheDocument();

    const retry = deferred<SignupResult>();
    signUpCall.mockReturnValueOnce(retry.promise);
    await user.click(button());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => retry.resolve(stored()));
    expect(screen.getByRole('status')).toHaveTextContent(MAILED);
  });

  it('treats a filled honeypot as a success and sends nothing', async () => {
    const { join, user } = setup();
    await user.type(
      document.querySelector<HTMLInputElement>('input[name="website_url"]')!,
      'https://spam.example',
    );
    await join('bot@example.com');
    expect(screen.getByRole('status')).toHaveTextContent(NOT_MAILED);
    expect(signUpCall).not.toHaveBeenCalled();
  });
});
