import { screen, within } from '@testing-library/react';
import { fake, setUpSignedInConsole } from '../test-support/signed-in-console';
import type { AudienceOverview, SignupRow } from '../backend/console-types';

// The lists' audience in Resend in the console, with its Supabase client faked: the Resend column of
// the sign-up lists (console_audience_states, asked for the page's ids of the list shown) and the
// Resend audience view (console_audience): per list its segment, contacts, waiting and failed, the
// failures with Resend's words, the backfill's look, and a refusal.

jest.mock('../backend/console-client', () => ({
  getConsoleClient: async () => fake.client,
}));

const { callsOf, renderConsole } = setUpSignedInConsole('2026-12-06T12:00:00Z');

function column(table: HTMLElement, header: string): string[] {
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  const index = headers.indexOf(header);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[index].textContent ?? '');
}

const signup = (id: string, confirmed: boolean): SignupRow => ({
  id,
  email: `${id}@example.com`,
  created_at: '2026-12-05T10:00:00Z',
  confirmed_at: confirmed ? '2026-12-05T11:00:00Z' : null,
  source: 'direct',
  landing_path: '/',
});

describe('the Resend column of the lists', () => {
  it('says whether Resend has each confirmed row, and why not', async () => {
    const rows = ['in', 'kept', 'waiting', 'failed', 'absent', 'unconfirmed'].map((id) =>
      signup(id, id !== 'unconfirmed'),
    );
    fake.answer('console_signups', () => ({ total: rows.length, rows }));
    fake.answer('console_audience_states', () => ({
      in: { state: 'in_segment', reason: null },
      kept: { state: 'unsubscribed', reason: null },
      waiting: { state: 'waiting', reason: null },
      failed: { state: 'failed', reason: 'Resend answered HTTP 422: Invalid `email` field.' },
      absent: { state: 'absent', reason: null },
    }));
    await renderConsole('/console?view=waitlist');
    expect(callsOf('console_audience_states')).toEqual([
      { p_list: 'waitlist', p_ids: ['in', 'kept', 'waiting', 'failed', 'absent', 'unconfirmed'] },
    ]);
    expect(column(screen.getByRole('table', { name: 'Waitlist sign-ups' }), 'Resend')).toEqual([
      'In the segment',
      'Unsubscribed (bounced or complained)',
      'Waiting',
      'Failed: Resend answered HTTP 422: Invalid `email` field.',
      'Not in Resend',
      '—',
    ]);
  });

  it('still lists the rows when it cannot be read', async () => {
    fake.answer('console_signups', () => ({ total: 1, rows: [signup('ada', true)] }));
    await renderConsole('/console?view=newsletter');
    const table = screen.getByRole('table', { name: 'Newsletter sign-ups' });
    expect(column(table, 'Email')).toEqual(['ada@example.com']);
    expect(column(table, 'Resend')).toEqual(['—']);
  });
});

const overview: AudienceOverview = {
  lists: [
    {
      list: 'early_access',
      name: 'Agentora early access',
      segment_id: null,
      segment_error: 'Resend answered HTTP 401: This API key is restricted to only send emails',
      contacts: 0,
      waiting: 3,
      failed: 0,
      failures: [],
    },
    {
      list: 'newsletter',
      name: 'Agentora newsletter',
      segment_id: 'seg-n',
      segment_error: null,
      contacts: 1204,
      waiting: 2,
      failed: 2,
      failures: [{ reason: 'Resend answered HTTP 422: Invalid `email` field.', count: 2 }],
    },
  ],
  scan: {
    requested_at: '2026-12-06T10:00:00Z',
    pages: 13,
    done_at: '2026-12-06T10:01:00Z',
    gave_up: false,
    last_error: null,
  },
  oldest_waiting: '2026-12-06T11:58:00Z',
};

describe('the Resend audience view', () => {
  it('shows each list’s segment, contacts, waiting and failed, and the failures with Resend’s words', async () => {
    fake.answer('console_audience', () => overview);
    await renderConsole('/console?view=audience');
    const view = screen.getByRole('region', { name: 'Resend audience' });
    const table = within(view).getByRole('table', { name: "Each list's segment in Resend" });
    expect(column(table, 'List')).toEqual(['Early access', 'Newsletter']);
    expect(column(table, 'Segment in Resend')).toEqual([
      'Agentora early access: Resend answered HTTP 401: This API key is restricted to only send emails',
      'Agentora newsletter (seg-n)',
    ]);
    expect(column(table, 'Contacts')).toEqual(['0', '1,204']);
    expect(column(table, 'Waiting')).toEqual(['3', '2']);
    expect(column(table, 'Failed')).toEqual(['0', '2']);
    expect(within(view).getByRole('status')).toHaveTextContent(
      /^5 changes waiting, the oldest since .+ UTC\. The backfill's look at what Resend already held read 13 pages, done .+ UTC\.$/,
    );
    expect(
      within(within(view).getByRole('region', { name: 'Newsletter' })).getByRole('listitem'),
    ).toHaveTextContent('2 × Resend answered HTTP 422: Invalid `email` field.');
    expect(view).toHaveTextContent('create a Broadcast in Resend for the list');
  });

  it('says when nothing failed', async () => {
    fake.answer('console_audience', () => ({
      ...overview,
      lists: overview.lists.map((list) => ({ ...list, failed: 0, failures: [] })),
      scan: { ...overview.scan, requested_at: null },
      oldest_waiting: null,
    }));
    await renderConsole('/console?view=audience');
    expect(screen.getByText('No failures.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^5 changes waiting\.$/);
  });

  it('offers a retry when it cannot be read', async () => {
    // No answer for console_audience: the fake refuses it, as a backend without it would.
    await renderConsole('/console?view=audience');
    const [alert] = screen.getAllByRole('alert');
    expect(alert).toHaveTextContent("The list couldn't be loaded.");
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
