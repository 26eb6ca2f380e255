import { act, screen } from '@testing-library/react';
import { signUp, type SignupResult } from '@agentora/data';
import { deferred, fakeTimerUser, renderInSite } from '@agentora/ui/testing';
import { fakeBotCheck, type FakeBotCheck } from '@agentora/forms/testing';
import { refused, stored, WIDGET_TOKEN } from '../test-support/sign-up';
import { NewsletterSignup } from './NewsletterSignup';

jest.mock('@agentora/data', () => ({ ...jest.requireActual('@agentora/data'), signUp: jest.fn() }));

const signUpCall = jest.mocked(signUp);

function setup() {
  renderInSite(<NewsletterSignup />);
  const user = fakeTimerUser();
  const input = screen.getByRole('textbox', { name: 'Email address' });
  const button = () => screen.getByRole('button', { name: /Subscrib/ });
  const subscribe = async (email: string) => {
    await user.clear(input);
    await user.click(input);
    await user.paste(email);
    await user.click(button());
  };
  return { user, input, button, subscribe };
}

describe('NewsletterSignup (home)', () => {
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

  it('is a full-width section with a heading and a labelled email field', () => {
    setup();
    expect(screen.getByRole('region', { name: 'Stay Updated' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toHaveAttribute('type', 'submit');
  });

  it('refuses an invalid email, focuses the field, and hides the error after 3000 ms', async () => {
    const { subscribe, input } = setup();
    await subscribe('jane');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(signUpCall).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(2999));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input).toHaveValue('jane');
  });

  it('subscribes: one sign-up with the trimmed address, the mailed text, a cleared field', async () => {
    const pending = deferred<SignupResult>();
    signUpCall.mockReturnValueOnce(pending.promise);
    const { subscribe, input, button, user } = setup();
    await subscribe(' jane.doe@example.com ');
    expect(button()).toHaveTextContent('Subscribing...');
    expect(button()).toBeDisabled();
    await user.type(input, '{Enter}');
    expect(signUpCall).toHaveBeenCalledTimes(1);
    expect(signUpCall).toHaveBeenCalledWith(
      'newsletter',
      { email: 'jane.doe@example.com' },
      WIDGET_TOKEN,
    );

    await act(async () => pending.resolve(stored()));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Thanks for subscribing! Check your email for confirmation.',
    );
    expect(input).toHaveValue('');
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says so when the confirmation email was not sent', async () => {
    signUpCall.mockResolvedValueOnce(stored(false));
    const { subscribe } = setup();
    await subscribe('jane@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Thanks for subscribing! You'll receive our latest updates.",
    );
  });

  it('tells a duplicate apart and keeps the address; the error hides after 3 s', async () => {
    signUpCall.mockResolvedValueOnce(refused('duplicate'));
    const { subscribe, input } = setup();
    await subscribe('JANE@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are already subscribed to our newsletter.',
    );
    expect(input).toHaveValue('JANE@example.com');
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says exactly when a rate limit refused the subscription, and keeps the address', async () => {
    signUpCall.mockResolvedValueOnce(refused('rate_limited'));
    const { subscribe, input } = setup();
    await subscribe('jane@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Too many attempts\. Please wait a minute and try again\.$/,
    );
    expect(input).toHaveValue('jane@example.com');
  });

  it('shows the footer failure text on any other error and keeps the address', async () => {
    signUpCall.mockResolvedValueOnce(refused('failed'));
    const { subscribe, input } = setup();
    await subscribe('jane@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to subscribe. Please try again.',
    );
    expect(input).toHaveValue('jane@example.com');
  });

  it('treats a filled honeypot as a success and sends nothing', async () => {
    const { subscribe, user } = setup();
    await user.type(document.querySelector<HTMLInputElement>('input[name="website_url"]')!, 'x');
    await subscribe('bot@example.com');
    expect(screen.getByRole('status')).toHaveTextContent(
      "Thanks for subscribing! You'll receive our latest updates.",
    );
    expect(signUpCall).not.toHaveBeenCalled();
  });
});
