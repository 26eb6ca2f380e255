import { screen, within } from '@testing-library/react';
import { copyRecords, eraseRecords, requestPrivacyLink, type CopiedRecords } from '@agentora/data';
import { fakeTimerUser, renderInSite } from '@agentora/ui/testing';
import { PrivacyRequestPage } from './PrivacyRequestPage';

jest.mock('@agentora/data', () => ({
  ...jest.requireActual('@agentora/data'),
  requestPrivacyLink: jest.fn(),
  eraseRecords: jest.fn(),
  copyRecords: jest.fn(),
}));
const requestCall = jest.mocked(requestPrivacyLink);
const eraseCall = jest.mocked(eraseRecords);
const copyCall = jest.mocked(copyRecords);
const TOKEN = 'P'.repeat(43);
const SENT =
  "Thanks. If we hold anything for this address, we've sent it a link. Open it within 1 hour to continue.";

function setup(route = '/privacy/erase') {
  renderInSite(<PrivacyRequestPage />, { route });
  const user = fakeTimerUser();
  const email = () => screen.getByRole('textbox', { name: 'Email address' });
  const erase = () => screen.getByRole('radio', { name: /Delete everything/ });
  const copy = () => screen.getByRole('radio', { name: /Send me a copy/ });
  const submit = () => user.click(screen.getByRole('button', { name: 'Email me a link' }));
  return { user, email, erase, copy, submit };
}

describe('PrivacyRequestPage, asking for a link', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    requestCall.mockReset().mockResolvedValue({ ok: true });
  });
  afterEach(() => jest.useRealTimers());

  it('sends the trimmed address and the choice, says the same thing whoever asks, and empties the form', async () => {
    const form = setup();
    await form.user.type(form.email(), ' ada@example.com ');
    await form.user.click(form.erase());
    await form.submit();
    expect(requestCall).toHaveBeenCalledWith('ada@example.com', 'erase');
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(form.email()).toHaveValue('');
    expect(form.erase()).not.toBeChecked();
  });

  it('checks the address, then the choice, focusing the first thing to fix and keeping what was typed', async () => {
    const form = setup();
    await form.user.type(form.email(), 'not-an-address');
    await form.submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(form.email()).toHaveFocus();
    expect(form.email()).toHaveAttribute('aria-invalid', 'true');

    await form.user.clear(form.email());
    await form.user.type(form.email(), 'ada@example.com');
    await form.submit();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please choose whether to delete your data or get a copy.',
    );
    expect(form.erase()).toHaveFocus();
    expect(
      screen.getByRole('group', { name: 'What would you like us to do?' }),
    ).toHaveAccessibleDescription('Please choose whether to delete your data or get a copy.');
    expect(form.email()).toHaveValue('ada@example.com');
    expect(requestCall).not.toHaveBeenCalled();
  });

  it('keeps everything after a rate limit or a failure', async () => {
    requestCall
      .mockResolvedValueOnce({ ok: false, reason: 'rate_limited' })
      .mockResolvedValueOnce({ ok: false, reason: 'unreachable' });
    const form = setup();
    await form.user.type(form.email(), 'ada@example.com');
    await form.user.click(form.copy());
    await form.submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a minute and try again.',
    );
    await form.submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sending the link failed. Please try again or contact support.',
    );
    expect(form.email()).toHaveValue('ada@example.com');
    expect(form.copy()).toBeChecked();
  });

  it('shows the neutral text above the form for a link of no known action', async () => {
    setup(`/privacy/erase?action=delete&token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent("This link can't be used.");
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeInTheDocument();
  });
});

describe('PrivacyRequestPage, with an erase link', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    eraseCall.mockReset();
  });
  afterEach(() => jest.useRealTimers());

  it('says what will happen, deletes on a press, and says what went and what is kept', async () => {
    eraseCall.mockResolvedValue({
      ok: true,
      erased: { early_access: 1, newsletter: 0, waitlist: 2, applications: 1, resumes: 1 },
      pending: { resumes: 0 },
      kept: { suppressions: 1 },
    });
    const { user } = setup(`/privacy/erase?action=erase&token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Delete your data' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/This cannot be undone/)).toBeInTheDocument();
    expect(eraseCall).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete my data' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Done. We deleted every record we held for this address.',
    );
    expect(eraseCall).toHaveBeenCalledWith(TOKEN);
    const items = within(screen.getByRole('list', { name: 'Deleted records' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      '1 early access sign-up',
      '2 waitlist sign-ups',
      '1 job application',
      '1 résumé',
    ]);
    expect(screen.getByText(/We keep one unsubscribe record/)).toBeInTheDocument();
  });

  it('says so when nothing was held, and when a résumé is still queued', async () => {
    eraseCall.mockResolvedValue({
      ok: true,
      erased: { early_access: 0, newsletter: 0, waitlist: 0, applications: 1, resumes: 0 },
      pending: { resumes: 1 },
      kept: { suppressions: 0 },
    });
    const { user } = setup(`/privacy/erase?action=erase&token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Delete my data' }));
    expect(await screen.findByText(/queued for deletion/)).toBeInTheDocument();
  });
});

describe('PrivacyRequestPage, with a copy link', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    copyCall.mockReset();
  });
  afterEach(() => jest.useRealTimers());

  const records: CopiedRecords = {
    early_access: [
      {
        id: 'e1',
        email: 'ada@example.com',
        created_at: '2025-09-01T10:20:30.000Z',
        confirmed_at: null,
      },
    ],
    newsletter: [],
    waitlist: [],
    applications: [
      {
        id: 'a1',
        email: 'ada@example.com',
        why_join: 'To build it.',
        resume_filename: 'Ada CV.pdf',
        resume: {
          filename: 'Ada CV.pdf',
          url: 'http://127.0.0.1:54321/storage/v1/object/sign/x?token=y',
          expires_in_seconds: 600,
        },
      },
    ],
    suppressions: [{ list: 'newsletter', unsubscribed_on: '2025-08-01' }],
  };

  it('shows every record by kind, the résumé as a download, and the whole as a file', async () => {
    copyCall.mockResolvedValue({ ok: true, records });
    const { user } = setup(`/privacy/erase?action=copy&token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Show my data' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Here is every record we hold for this address.',
    );
    const early = screen.getByRole('region', { name: 'Early access sign-ups' });
    expect(within(early).getByText('2025-09-01 10:20 UTC')).toBeInTheDocument();
    expect(within(early).getByText('Confirmed').nextSibling).toHaveTextContent('—');
    expect(
      screen.queryByRole('region', { name: 'Newsletter subscriptions' }),
    ).not.toBeInTheDocument();
    const applications = screen.getByRole('region', { name: 'Job applications' });
    expect(within(applications).getByRole('link', { name: 'Download Ada CV.pdf' })).toHaveAttribute(
      'href',
      'http://127.0.0.1:54321/storage/v1/object/sign/x?token=y',
    );
    expect(
      within(screen.getByRole('region', { name: 'Lists you unsubscribed from' })).getByText(
        '2025-08-01',
      ),
    ).toBeInTheDocument();
    const file = screen.getByRole('link', { name: 'Save all as a file (JSON)' });
    expect(file).toHaveAttribute('download', 'agentora-data.json');
    expect(JSON.parse(decodeURIComponent((file.getAttribute('href') ?? '').split(',')[1]))).toEqual(
      records,
    );
  });

  it('says when nothing is held', async () => {
    copyCall.mockResolvedValue({
      ok: true,
      records: {
        early_access: [],
        newsletter: [],
        waitlist: [],
        applications: [],
        suppressions: [],
      },
    });
    const { user } = setup(`/privacy/erase?action=copy&token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Show my data' }));
    expect(await screen.findByText('We hold no records for this address.')).toBeInTheDocument();
  });
});
