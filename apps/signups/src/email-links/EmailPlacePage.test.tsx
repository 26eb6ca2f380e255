import { act, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AppThemeProvider } from '@agentora/ui';
import { placeOfLink, type LinePlace, type LinkUse } from '@agentora/data';
import { deferred, fakeTimerUser, renderInSite } from '@agentora/ui/testing';
import { EmailPlacePage } from './EmailPlacePage';

jest.mock('@agentora/data', () => ({
  ...jest.requireActual('@agentora/data'),
  placeOfLink: jest.fn(),
}));
const placeCall = jest.mocked(placeOfLink);
const TOKEN = 'P'.repeat(43);
const CODE = 'fedcba9876543210';
const PLACE: LinePlace = { list: 'early_access', position: 1050, referralCode: CODE };
const NOT_VALID =
  "This link can't be used. It may be incomplete, or the sign-up it belongs to is no longer on the list.";

function setup(route = `/email/place?token=${TOKEN}`) {
  const user = fakeTimerUser();
  const view = renderInSite(<EmailPlacePage />, { route });
  return Object.assign(user, { unmount: view.unmount });
}

describe('EmailPlacePage', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    placeCall.mockReset().mockResolvedValue({ ok: true, ...PLACE });
  });
  afterEach(() => jest.useRealTimers());

  it('reads the place as it opens, and shows it with the referral link', async () => {
    const call = deferred<LinkUse<LinePlace>>();
    placeCall.mockReturnValue(call.promise);
    setup();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your place in line' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Finding your place...')).toBeInTheDocument();
    expect(placeCall).toHaveBeenCalledTimes(1);
    expect(placeCall).toHaveBeenCalledWith(TOKEN);

    await act(async () => call.resolve({ ok: true, ...PLACE }));
    const status = screen.getByText("You're #1,050 in line on the early access list.");
    expect(status.closest('[role="status"]')).toBeInTheDocument();
    expect(screen.queryByText('Finding your place...')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your referral link' })).toHaveValue(
      `${window.location.origin}/?ref=${CODE}`,
    );
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    // Announced: the answer takes the focus the page had.
    expect(status.closest('[tabindex="-1"]')).toHaveFocus();
  });

  it('does not take the focus from where the visitor already is', async () => {
    const call = deferred<LinkUse<LinePlace>>();
    placeCall.mockReturnValue(call.promise);
    const outside = document.createElement('button');
    document.body.append(outside);
    setup();
    outside.focus();
    await act(async () => call.resolve({ ok: true, ...PLACE }));
    expect(outside).toHaveFocus();
    outside.remove();
  });

  it('answers a link that shows nothing with the one neutral text, and nothing to retry', async () => {
    placeCall.mockResolvedValue({ ok: false, reason: 'link_not_valid' });
    setup();
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_VALID);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('offers Try again after a rate limit or a failure, and reads again', async () => {
    placeCall
      .mockResolvedValueOnce({ ok: false, reason: 'rate_limited' })
      .mockResolvedValueOnce({ ok: false, reason: 'unreachable' })
      .mockResolvedValueOnce({ ok: true, ...PLACE });
    const user = setup();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a minute and try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side. Please try again in a moment.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/#1,050 in line/)).toBeInTheDocument();
    expect(placeCall).toHaveBeenCalledTimes(3);
  });

  it('without a token explains where the link is, and reads nothing', async () => {
    setup('/email/place');
    expect(await screen.findByText(/Open that link to see your place/)).toBeInTheDocument();
    expect(placeCall).not.toHaveBeenCalled();
  });

  it('stops quietly when the visitor leaves before the answer', async () => {
    const call = deferred<LinkUse<LinePlace>>();
    placeCall.mockReturnValue(call.promise);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = setup();
    user.unmount();
    await act(async () => call.resolve({ ok: true, ...PLACE }));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});

describe('EmailPlacePage, prerendered', () => {
  beforeEach(() => placeCall.mockReset());

  it('shows the wait for the place in its HTML, and reads nothing there', () => {
    const html = renderToString(
      <AppThemeProvider>
        <MemoryRouter initialEntries={['/email/place']}>
          <EmailPlacePage />
        </MemoryRouter>
      </AppThemeProvider>,
    );
    expect(html).toContain('Your place in line');
    expect(html).toContain('Finding your place...');
    expect(placeCall).not.toHaveBeenCalled();
  });
});
