import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AppThemeProvider } from '@agentora/ui';
import { confirmEmail, type LinkUse, type MailList } from '@agentora/data';
import { deferred, fakeTimerUser, renderInSite } from '@agentora/ui/testing';
import { EmailConfirmPage } from './EmailConfirmPage';

jest.mock('@agentora/data', () => ({
  ...jest.requireActual('@agentora/data'),
  confirmEmail: jest.fn(),
}));
const confirmCall = jest.mocked(confirmEmail);
const TOKEN = 'T'.repeat(43);
const CODE = '0123456789abcdef';
const NOT_VALID = "This link can't be used. It may have been used already, or it has expired.";

function setup(route = `/email/confirm?token=${TOKEN}`) {
  const view = renderInSite(<EmailConfirmPage />, { route });
  return Object.assign(fakeTimerUser(), { unmount: view.unmount });
}
const button = () => screen.getByRole('button', { name: /Confirm(ing)? my email|Confirming/ });

describe('EmailConfirmPage', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    confirmCall.mockReset().mockResolvedValue({ ok: true, list: 'waitlist' });
  });
  afterEach(() => jest.useRealTimers());

  it('asks before it confirms: opening the link calls nothing', async () => {
    setup();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Confirm your email' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Confirm my email' })).toBeEnabled();
    expect(confirmCall).not.toHaveBeenCalled();
  });

  it.each<[MailList, string]>([
    ['early_access', 'the early access list'],
    ['newsletter', 'the newsletter'],
    ['waitlist', 'the waitlist'],
  ])('confirms with the token on a press and names the list (%s), once', async (list, name) => {
    confirmCall.mockResolvedValue({ ok: true, list });
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm my email' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(
      `Thank you, your email address is confirmed. You're on ${name}.`,
    );
    expect(confirmCall).toHaveBeenCalledTimes(1);
    expect(confirmCall).toHaveBeenCalledWith(TOKEN);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(status.parentElement).toHaveFocus();
    // Final: no timed reset brings the button back.
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it.each([
    ['early_access', 'the early access list', 312, '#312 of the first 1,000', '/?ref='],
    ['waitlist', 'the waitlist', 1312, '#1,312 in line', '/coming-soon?ref='],
  ] as const)(
    'for a list with a line (%s), announces the place and gives the referral link to copy',
    async (list, name, position, place, landing) => {
      confirmCall.mockResolvedValue({
        ok: true,
        list,
        place: { list, position, referralCode: CODE },
      });
      const user = setup();
      await user.click(await screen.findByRole('button', { name: 'Confirm my email' }));
      const status = (await screen.findByText(/your email address is confirmed/)).closest(
        '[role="status"]',
      );
      expect(status).toHaveTextContent(
        `Thank you, your email address is confirmed. You're ${place} on ${name}.`,
      );
      expect(status?.parentElement).toHaveFocus();
      const field = screen.getByRole('textbox', { name: 'Your referral link' });
      expect(field).toHaveAttribute('readonly');
      expect(field).toHaveValue(`${window.location.origin}${landing}${CODE}`);
      expect(field).toHaveAccessibleDescription(
        'Each friend who joins through your link and confirms their email moves you up 10 places.',
      );
      expect(screen.getByRole('button', { name: 'Copy link' })).toBeEnabled();
    },
  );

  it('shows no place for the newsletter', async () => {
    confirmCall.mockResolvedValue({ ok: true, list: 'newsletter' });
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm my email' }));
    await screen.findByText(/You're on the newsletter/);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('is busy while the call runs and ignores a second press', async () => {
    const call = deferred<LinkUse<{ list: MailList }>>();
    confirmCall.mockReturnValue(call.promise);
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm my email' }));
    expect(button()).toBeDisabled();
    expect(button()).toHaveTextContent('Confirming...');
    await user.click(button());
    await act(async () => call.resolve({ ok: true, list: 'newsletter' }));
    expect(confirmCall).toHaveBeenCalledTimes(1);
  });

  it('answers a link that cannot be used with the one neutral text, and a way on', async () => {
    confirmCall.mockResolvedValue({ ok: false, reason: 'link_not_valid' });
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm my email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_VALID);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'privacy page' })).toHaveAttribute(
      'href',
      '/privacy/erase',
    );
  });

  it('keeps the button after a rate limit or a failure, to try again', async () => {
    confirmCall
      .mockResolvedValueOnce({ ok: false, reason: 'rate_limited' })
      .mockResolvedValueOnce({ ok: false, reason: 'unreachable' })
      .mockResolvedValueOnce({ ok: true, list: 'early_access' });
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm my email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a minute and try again.',
    );
    await user.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side. Please try again in a moment.',
    );
    await user.click(button());
    expect(await screen.findByRole('status')).toHaveTextContent('confirmed');
  });

  it('without a token explains where the link is, and offers nothing to press', async () => {
    setup('/email/confirm');
    expect(await screen.findByText(/Open that link to confirm/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('stops quietly when the visitor leaves during the call', async () => {
    const call = deferred<LinkUse<{ list: MailList }>>();
    confirmCall.mockReturnValue(call.promise);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm my email' }));
    user.unmount();
    await act(async () => call.resolve({ ok: true, list: 'waitlist' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});

describe('EmailConfirmPage, prerendered', () => {
  const page = (route: string) => (
    <AppThemeProvider>
      <MemoryRouter initialEntries={[route]}>
        <EmailConfirmPage />
      </MemoryRouter>
    </AppThemeProvider>
  );

  // The page's HTML is rendered ahead of time, without the link's query: it shows the button the
  // link is for, and its code takes over only when the visitor uses the page.
  async function takeOver(route: string) {
    const container = document.createElement('div');
    container.innerHTML = renderToString(page('/email/confirm'));
    document.body.append(container);
    const served = container.querySelector('button');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      hydrateRoot(container, page(route));
    });
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    return { container, served };
  }

  beforeEach(() => confirmCall.mockReset().mockResolvedValue({ ok: true, list: 'newsletter' }));
  afterEach(() => (document.body.innerHTML = ''));

  it('shows the button in its HTML; opened with a token, the same button confirms with it', async () => {
    const { container, served } = await takeOver(`/email/confirm?token=${TOKEN}`);
    expect(served).toHaveTextContent('Confirm my email');
    expect(container.querySelector('button')).toBe(served);
    await act(async () => served!.click());
    expect(confirmCall).toHaveBeenCalledWith(TOKEN);
  });

  it('opened without a token, explains where the link is once its code runs', async () => {
    const { container } = await takeOver('/email/confirm');
    expect(container).toHaveTextContent('Open that link to confirm');
    expect(container.querySelector('button')).toBeNull();
    expect(confirmCall).not.toHaveBeenCalled();
  });
});
