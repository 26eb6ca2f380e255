import { screen } from '@testing-library/react';
import { unsubscribe } from '@agentora/data';
import { fakeTimerUser, renderInSite } from '@agentora/ui/testing';
import { EmailUnsubscribePage } from './EmailUnsubscribePage';

jest.mock('@agentora/data', () => ({
  ...jest.requireActual('@agentora/data'),
  unsubscribe: jest.fn(),
}));
const unsubscribeCall = jest.mocked(unsubscribe);
const TOKEN = 'U'.repeat(43);

function setup(route = `/email/unsubscribe?token=${TOKEN}`) {
  renderInSite(<EmailUnsubscribePage />, { route });
  return fakeTimerUser();
}

describe('EmailUnsubscribePage', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    unsubscribeCall.mockReset();
  });
  afterEach(() => jest.useRealTimers());

  it('unsubscribes on a press, not on opening, and says the sign-up is gone', async () => {
    unsubscribeCall.mockResolvedValue({ ok: true, list: 'newsletter' });
    const user = setup();
    const press = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(unsubscribeCall).not.toHaveBeenCalled();
    await user.click(press);
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Done: you're unsubscribed from the newsletter. We deleted your sign-up and won't email you from it again.",
    );
    expect(unsubscribeCall).toHaveBeenCalledWith(TOKEN);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('tells an applicant that the application stays, and where to withdraw it', async () => {
    unsubscribeCall.mockResolvedValue({ ok: true, list: 'career' });
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Done: you won't get more emails about your application.",
    );
    expect(screen.getByText(/Your application itself is still with us/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'privacy page' })).toHaveAttribute(
      'href',
      '/privacy/erase',
    );
  });

  it('gives a used or unknown link the neutral answer and the support address', async () => {
    unsubscribeCall.mockResolvedValue({ ok: false, reason: 'link_not_valid' });
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This link can't be used. It may have been used already, or it has expired.",
    );
    expect(screen.getByRole('link', { name: 'hello@agentora.ai' })).toHaveAttribute(
      'href',
      'mailto:hello@agentora.ai',
    );
  });

  it('without a token points at the link in every email', async () => {
    setup('/email/unsubscribe?token=');
    expect(
      await screen.findByText(/Every email we send has an unsubscribe link/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
