import { act, screen } from '@testing-library/react';
import { signUp, type SignupResult } from '@agentora/data';
import { deferred, fakeTimerUser, renderInSite } from '@agentora/ui/testing';
import { fakeBotCheck, type FakeBotCheck } from '@agentora/forms/testing';
import { refused, stored, WIDGET_TOKEN } from '../test-support/sign-up';
import { FooterNewsletter } from './FooterNewsletter';

jest.mock('@agentora/data', () => ({ ...jest.requireActual('@agentora/data'), signUp: jest.fn() }));

const signUpCall = jest.mocked(signUp);

function setup() {
  const view = renderInSite(<FooterNewsletter />);
  const user = fakeTimerUser();
  const input = screen.getByRole('textbox', { name: 'Email address for the newsletter' });
  const button = () => screen.getByRole('button', { name: /Subscrib/ });
  const subscribe = async (email: string) => {
    await user.clear(input);
    await user.click(input);
    await user.paste(email);
    await user.click(button());
  };
  return { ...view, user, input, button, subscribe };
}

describe('FooterNewsletter', () => {
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

  it('is only the compact form: a label kept for assistive tech, the field and the button, no heading', () => {
    const { input } = setup();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    const label = screen.getByText('Email address for the newsletter');
    expect(label.tagName).toBe('LABEL');
    expect(label).toHaveAttribute('for', input.id);
    expect(screen.getByRole('button', { name: 'Subscribe' })).toHaveAttribute('type', 'submit');
  });

  it('shows the loading state, then a success toast for 3 s, and clears the field', async () => {
    const pending = deferred<SignupResult>();
    signUpCall.mockReturnValueOnce(pending.promise);
    const { subscribe, input, button, user } = setup();
    await subscribe('sam.lee@example.com');
    expect(button()).toHaveTextContent('Subscribing...');
    expect(button()).toBeDisabled();
    await user.type(input, '{Enter}');
    expect(signUpCall).toHaveBeenCalledTimes(1);
    expect(signUpCall).toHaveBeenCalledWith(
      'newsletter',
      { email: 'sam.lee@example.com' },
      WIDGET_TOKEN,
    );

    await act(async () => pending.resolve(stored()));
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Thanks for subscribing! Check your email for confirmation.');
    expect(toast).toHaveAttribute('data-tone', 'success');
    expect(input).toHaveValue('');
    expect(button()).toHaveTextContent('Subscribe');
    act(() => jest.advanceTimersByTime(2999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("uses the 'latest updates' text when the confirmation email was not sent", async () => {
    signUpCall.mockResolvedValueOnce(stored(false));
    const { subscribe } = setup();
    await subscribe('sam@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Thanks for subscribing! You'll receive our latest updates.",
    );
  });

  it('shows the rate-limit text in the toast and keeps the address', async () => {
    signUpCall.mockResolvedValueOnce(refused('rate_limited'));
    const { subscribe, input } = setup();
    await subscribe('sam@example.com');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent(/^Too many attempts\. Please wait a minute and try again\.$/);
    expect(toast).toHaveAttribute('data-tone', 'error');
    expect(input).toHaveValue('sam@example.com');
  });

  it('shows a red failure toast for 3 s and keeps the address', async () => {
    signUpCall.mockResolvedValueOnce(refused('failed'));
    const { subscribe, input } = setup();
    await subscribe('sam@example.com');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Failed to subscribe. Please try again.');
    expect(toast).toHaveAttribute('data-tone', 'error');
    expect(input).toHaveValue('sam@example.com');
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input).toHaveValue('sam@example.com');
  });

  it('tells an existing subscriber so instead of asking them to retry', async () => {
    signUpCall.mockResolvedValueOnce(refused('duplicate'));
    const { subscribe } = setup();
    await subscribe('Sam@Example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are already subscribed to our newsletter.',
    );
  });

  it('refuses an invalid email in the toast, focuses the field and sends nothing', async () => {
    const { subscribe, input } = setup();
    await subscribe('sam');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(input).toHaveFocus();
    expect(input).toHaveAccessibleDescription('Please enter a valid email address');
    expect(signUpCall).not.toHaveBeenCalled();
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

  it('clears its toast timer when the footer goes away', async () => {
    const { subscribe, unmount } = setup();
    await subscribe('sam@example.com');
    await screen.findByRole('status');
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});
