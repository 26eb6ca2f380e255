import { screen, within } from '@testing-library/react';
import { fakeTimerUser } from '@agentora/ui/testing';
import { cells, fake, settle, setUpSignedInConsole } from '../test-support/signed-in-console';
import type { GrowthReport, ReferralRow } from '../backend/console-types';

// The Sources and Referrals views and the source filter of the lists, with the console's Supabase
// client faked: what each asks the database for, and what it shows of the answer.

jest.mock('../backend/console-client', () => ({
  getConsoleClient: async () => fake.client,
}));

const { callsOf, renderConsole } = setUpSignedInConsole('2026-11-30T12:00:00Z');

// Applying filters navigates in a transition from a form's submit, for which React builds the form's
// FormData (its pending state). The test environment's FormData is Node's, which takes no form: one that
// ignores it stands in, as the pending state is not what these tests look at.
const NodeFormData = globalThis.FormData;
beforeAll(() => {
  globalThis.FormData = class extends NodeFormData {
    constructor() {
      super();
    }
  } as typeof FormData;
});
afterAll(() => {
  globalThis.FormData = NodeFormData;
});

const REPORT: GrowthReport = {
  per_day: [
    { day: '2026-11-01', source: 'direct', views: 30, landings: 7, signups: 3, confirmed: 1 },
    { day: '2026-11-02', source: 'launch-post', views: 12, landings: 0, signups: 2, confirmed: 2 },
  ],
  sources: [
    { source: 'direct', views: 30, landings: 7, signups: 3, confirmed: 1 },
    { source: 'launch-post', views: 12, landings: 0, signups: 2, confirmed: 2 },
  ],
  landing_pages: [
    { path: '/', landings: 7, signups: 4, confirmed: 2 },
    { path: null, landings: 0, signups: 1, confirmed: 1 },
  ],
};

describe('the Sources view', () => {
  it("asks for the address's days and shows visits, sign-ups and conversion per source, landing page and day", async () => {
    fake.answer('console_growth', () => REPORT);
    await renderConsole('/console?view=sources&from=2026-11-01&to=2026-11-02');
    expect(callsOf('console_growth')).toEqual([{ p_from: '2026-11-01', p_to: '2026-11-02' }]);
    expect(screen.getByRole('link', { name: 'Sources' })).toHaveAttribute('aria-current', 'page');
    expect(
      screen.getByRole('heading', {
        name: 'Visits and sign-ups by source, from 2026-11-01 to 2026-11-02 (UTC)',
      }),
    ).toBeInTheDocument();

    const sources = screen.getByRole('table', {
      name: 'Visits, sign-ups and conversion per source',
    });
    expect(
      within(sources)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Source', 'Page views', 'Landings', 'Sign-ups', 'Confirmed', 'Conversion']);
    // 3 sign-ups of 7 landings; none landed from launch-post, so no rate.
    expect(cells(sources)).toEqual([
      ['direct', '30', '7', '3', '1', '42.9%'],
      ['launch-post', '12', '0', '2', '2', '—'],
    ]);
    expect(
      cells(
        screen.getByRole('table', {
          name: 'Landings, sign-ups and conversion per landing page',
        }),
      ),
    ).toEqual([
      ['/', '7', '4', '2', '57.1%'],
      ['Not recorded', '0', '1', '1', '—'],
    ]);
    expect(
      cells(screen.getByRole('table', { name: 'Visits and sign-ups per day and source' })),
    ).toEqual([
      ['2026-11-01', 'direct', '30', '7', '3', '1'],
      ['2026-11-02', 'launch-post', '12', '0', '2', '2'],
    ]);
    // 5 sign-ups of 7 landings in all.
    expect(screen.getByText('Conversion', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '71.4%',
    );
  });

  it('shows the last 30 days by default, and asks again for the days applied', async () => {
    fake.answer('console_growth', () => REPORT);
    const { user } = await renderConsole('/console?view=sources');
    expect(callsOf('console_growth')).toEqual([{ p_from: '2026-11-01', p_to: '2026-11-30' }]);
    const filters = screen.getByRole('search', { name: 'Filters' });
    const from = within(filters).getByLabelText('From');
    expect(from).toHaveValue('2026-11-01');
    // Sources has no search, source or sort: only the days.
    expect(within(filters).queryByLabelText('Search')).not.toBeInTheDocument();
    expect(within(filters).queryByLabelText(/Source/)).not.toBeInTheDocument();
    await user.clear(from);
    await user.type(from, '2026-11-20');
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    await settle();
    expect(callsOf('console_growth').at(-1)).toEqual({ p_from: '2026-11-20', p_to: '2026-11-30' });
  });

  it('says so when nothing came in, and offers a retry when the report fails', async () => {
    fake.answer('console_growth', () => ({ per_day: [], sources: [], landing_pages: [] }));
    await renderConsole('/console?view=sources&from=2026-01-01&to=2026-01-31');
    expect(screen.getByText('No visits and no sign-ups on these days.')).toBeInTheDocument();

    fake.answer('console_growth', () => {
      throw { message: 'p_from is after p_to', code: '22023' };
    });
    const user = fakeTimerUser();
    const filters = screen.getByRole('search', { name: 'Filters' });
    const from = within(filters).getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-02-01');
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    await settle();
    expect(screen.getByText(/couldn't be loaded\. p_from is after p_to/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

const referral = (fields: Partial<ReferralRow>): ReferralRow => ({
  list: 'early_access',
  email: 'ada@example.com',
  referral_code: '0123456789abcdef',
  place: 12,
  referred: 1,
  confirmed: 1,
  credited: 1,
  held_self: 0,
  held_address_cap: 0,
  held_code_cap: 0,
  held_disposable: 0,
  unconfirmed: 0,
  suspected: false,
  suspected_because: [],
  ...fields,
});

describe('the Referrals view', () => {
  it('asks for suspected codes only when the address says so, flags them, and pages', async () => {
    fake.answer('console_referrals', () => ({
      total: 51,
      rows: [
        referral({
          list: 'waitlist',
          email: 'farmer@example.com',
          referral_code: 'ffffffffffffffff',
          place: 3,
          referred: 9,
          confirmed: 4,
          credited: 2,
          held_self: 1,
          held_address_cap: 2,
          held_disposable: 1,
          unconfirmed: 5,
          suspected: true,
          suspected_because: ['held', 'unconfirmed'],
        }),
        referral({ email: null, place: null, credited: 0 }),
      ],
    }));
    const { user } = await renderConsole('/console?view=referrals&suspected=yes&from=2026-11-01');
    expect(callsOf('console_referrals')).toEqual([
      { p_from: '2026-11-01', p_to: null, p_suspected: true, p_limit: 50, p_offset: 0 },
    ]);
    const table = screen.getByRole('table', {
      name: 'Referral codes suspected of farming, from 2026-11-01 on',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'List',
      'Referrer',
      'Code',
      'Place',
      'Referred',
      'Confirmed',
      'Credited',
      'Held',
      'Unconfirmed',
      'Suspected farming',
    ]);
    expect(cells(table)).toEqual([
      [
        'Waitlist',
        'farmer@example.com',
        'ffffffffffffffff',
        '#3',
        '9',
        '4',
        '2',
        '4 (self-referral 1, per-address cap 2, disposable address 1)',
        '5',
        'Suspected: 3 or more held, under half confirmed',
      ],
      ['Early access', 'Erased', '0123456789abcdef', '—', '1', '1', '0', '0', '0', 'No'],
    ]);
    expect(screen.getByText('Showing 1–50 of 51')).toBeInTheDocument();

    const suspectedOnly = screen.getByRole('checkbox', { name: 'Suspected only' });
    expect(suspectedOnly).toBeChecked();
    await user.click(suspectedOnly);
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await settle();
    expect(callsOf('console_referrals').at(-1)).toEqual({
      p_from: '2026-11-01',
      p_to: null,
      p_suspected: false,
      p_limit: 50,
      p_offset: 0,
    });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await settle();
    expect(callsOf('console_referrals').at(-1)).toMatchObject({ p_offset: 50 });
  });

  it('says so when no code referred anyone', async () => {
    fake.answer('console_referrals', () => ({ total: 0, rows: [] }));
    await renderConsole('/console?view=referrals');
    expect(callsOf('console_referrals')).toEqual([
      { p_from: null, p_to: null, p_suspected: false, p_limit: 50, p_offset: 0 },
    ]);
    expect(screen.getByText('No referrals match these filters.')).toBeInTheDocument();
  });
});

describe('the source filter of the lists', () => {
  const signup = {
    id: 'a',
    email: 'ada@example.com',
    created_at: '2026-11-20T10:00:00Z',
    confirmed_at: null,
    source: 'news.ycombinator.com',
    landing_path: '/',
  };

  it('is a labelled field of every list, sent in lower case with the other filters, and shown as columns', async () => {
    fake.answer('console_signups', () => ({ total: 1, rows: [signup] }));
    const { user } = await renderConsole('/console?view=early_access&confirmed=yes');
    expect(callsOf('console_signups')[0]).toMatchObject({ p_source: null, p_confirmed: true });
    const table = screen.getByRole('table', { name: 'Early access sign-ups' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Select',
      'Email',
      'Signed up',
      'Confirmed',
      'Invitation',
      'Source',
      'Landing page',
      'Mail',
      'Resend',
    ]);
    expect(cells(table)[0].slice(4, 7)).toEqual(['—', 'news.ycombinator.com', '/']);

    const source = screen.getByRole('textbox', { name: 'Source' });
    expect(source).toHaveAccessibleDescription(
      'Exactly: direct, a campaign source or a referring host.',
    );
    await user.type(source, ' News.YCombinator.com ');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await settle();
    expect(callsOf('console_signups').at(-1)).toMatchObject({
      p_form: 'early_access',
      p_source: 'news.ycombinator.com',
      p_confirmed: true,
    });
    expect(screen.getByRole('textbox', { name: 'Source' })).toHaveValue('news.ycombinator.com');
  });

  it('refuses what cannot be a source before asking, and says why', async () => {
    fake.answer('console_signups', () => ({ total: 1, rows: [signup] }));
    const { user } = await renderConsole('/console?view=newsletter');
    const asked = callsOf('console_signups').length;
    const source = screen.getByRole('textbox', { name: 'Source' });
    await user.type(source, 'news ycombinator');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await settle();
    expect(callsOf('console_signups')).toHaveLength(asked);
    expect(source).toHaveAttribute('aria-invalid', 'true');
    expect(source).toHaveAccessibleDescription(
      expect.stringContaining('A source is lowercase letters, digits'),
    );
  });

  it('filters applications by the source in the address, and shows where each came from', async () => {
    fake.answer('console_applications', () => ({
      total: 1,
      rows: [
        {
          id: 'app-1',
          first_name: 'Grace',
          last_name: 'Hopper',
          email: 'grace@example.com',
          created_at: '2026-11-20T10:00:00Z',
          status: 'pending',
          current_role: null,
          location: null,
          resume_filename: null,
          source: 'direct',
          landing_path: null,
        },
      ],
    }));
    await renderConsole('/console?view=applications&source=direct&status=pending');
    expect(callsOf('console_applications')[0]).toMatchObject({
      p_source: 'direct',
      p_status: 'pending',
    });
    expect(cells(screen.getByRole('table', { name: 'Applications' }))[0].slice(-3, -1)).toEqual([
      'direct',
      'Not recorded',
    ]);
  });
});
