import { screen } from '@testing-library/react';
import { fakeTimerUser, renderInSite } from '@agentora/ui/testing';
import { PlaceInLine } from './PlaceInLine';

const CODE = '0123456789abcdef';
const LINK = `${window.location.origin}/coming-soon?ref=${CODE}`;

function setup() {
  const user = fakeTimerUser();
  renderInSite(<PlaceInLine place={{ list: 'waitlist', position: 7, referralCode: CODE }} />);
  return user;
}
// A polite live region (the page's one status is the place's announcement).
const copyStatus = () => document.querySelector<HTMLElement>('[data-copy-status]')!;

describe('PlaceInLine', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('says the place and what a referral is worth, and nothing about anyone else', () => {
    setup();
    expect(screen.getByText("You're #7 of the first 1,000 on the waitlist.")).toBeInTheDocument();
    expect(
      screen.getByText(
        'Each friend who joins through your link and confirms their email moves you up 10 places.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your referral link' })).toHaveValue(LINK);
  });

  it('copies the link, and says so in a live region that was there all along', async () => {
    const user = setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    const status = copyStatus();
    expect(status).toBeEmptyDOMElement();
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(screen.getAllByRole('status')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(await screen.findByText('Link copied.')).toBe(status);
    writeText.mockRestore();
  });

  it('selects the link to copy by hand when the browser refuses the clipboard', async () => {
    const user = setup();
    const writeText = jest
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(
      await screen.findByText('The link is selected: copy it with your keyboard or menu.'),
    ).toBe(copyStatus());
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Your referral link' });
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, LINK.length]);
    writeText.mockRestore();
  });

  it('selects the whole link when the field is focused', async () => {
    const user = setup();
    await user.tab();
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Your referral link' });
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, LINK.length]);
  });
});
