import { act, screen } from '@testing-library/react';
import { insertNewsletterSubscription, sendThankYouEmail } from '@agentora/data';
import { deferred, fakeTimerUser, renderPart } from '../test-support/render';
import { duplicateKeyError, networkError, rateLimitError } from '../test-support/backend-errors';
import { NewsletterSignup } from './NewsletterSignup';

jest.mock('@agentora/data', () => ({
  ...jest.requireActual('@agentora/data'),
  insertNewsletterSubscription: jest.fn(),
  sendThankYouEmail: jest.fn(),
}));

const insert = jest.mocked(insertNewsletterSubscription);
const sendEmail = jest.mocked(sendThankYouEmail);

function setup() {
  renderPart(<NewsletterSignup />);
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
  beforeEach(() => {
    jest.useFakeTimers();
    insert.mockReset().mockResolvedValue(undefined);
    sendEmail.mockReset().mockResolvedValue(true);
  });
  afterEach(() => jest.useRealTimers());

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
    expect(insert).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(2999));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input).toHaveValue('jane');
  });

  it('subscribes: one insert, the confirmation email with the first name from the address, the mailed text, a cleared field', async () => {
    const pending = deferred<void>();
    insert.mockReturnValueOnce(pending.promise);
    const { subscribe, input, button, user } = setup();
    await subscribe(' jane.doe@example.com ');
    expect(button()).toHaveTextContent('Subscribing...');
    expect(button()).toBeDisabled();
    await user.type(input, '{Enter}');
    expect(insert).toHaveBeenCalledTimes(1);
    expect(insert).toHaveBeenCalledWith('jane.doe@example.com');

    await act(async () => pending.resolve());
    expect(sendEmail).toHaveBeenCalledWith({ type: 'newsletter', email: 'jane.doe@example.com' });
    expect(screen.getByRole('status')).toHaveTextContent('Thanks for subscribing! Check your email for confirmation.');
    expect(input).toHaveValue('');
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says so when the confirmation email was not sent', async () => {
    sendEmail.mockResolvedValueOnce(false);
    const { subscribe } = setup();
    await subscribe('jane@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent("Thanks for subscribing! You'll receive our latest updates.");
  });

  it('tells a duplicate apart and keeps the address; the error hides after 3 s', async () => {
    insert.mockRejectedValueOnce(duplicateKeyError('newsletter_subscriptions_email_key'));
    const { subscribe, input } = setup();
    await subscribe('JANE@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('You are already subscribed to our newsletter.');
    expect(sendEmail).not.toHaveBeenCalled();
    expect(input).toHaveValue('JANE@example.com');
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says exactly when a rate limit refused the subscription, and keeps the address', async () => {
    insert.mockRejectedValueOnce(rateLimitError());
    const { subscribe, input } = setup();
    await subscribe('jane@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Too many attempts\. Please wait a minute and try again\.$/);
    expect(sendEmail).not.toHaveBeenCalled();
    expect(input).toHaveValue('jane@example.com');
  });

  it('shows the footer failure text on any other error, logs it and keeps the address', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    insert.mockRejectedValueOnce(networkError());
    const { subscribe, input } = setup();
    await subscribe('jane@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to subscribe. Please try again.');
    expect(consoleError).toHaveBeenCalled();
    expect(input).toHaveValue('jane@example.com');
    consoleError.mockRestore();
  });

  it('treats a filled honeypot as a success and sends nothing', async () => {
    const { subscribe, user } = setup();
    await user.type(document.querySelector<HTMLInputElement>('input[name="website_url"]')!, 'x');
    await subscribe('bot@example.com');
    expect(screen.getByRole('status')).toHaveTextContent("Thanks for subscribing! You'll receive our latest updates.");
    expect(insert).not.toHaveBeenCalled();
    expect(sendEmail).not.toHaveBeenCalled();
  });
});
