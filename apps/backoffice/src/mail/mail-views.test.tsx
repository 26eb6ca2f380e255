import { screen, within } from '@testing-library/react';
import { fake, settle, setUpSignedInConsole } from '../test-support/signed-in-console';
import type { MailSuppressionPage, SignupRow } from '../backend/console-types';

// Delivery in the console, with its Supabase client faked: each listed row's mail as
// console_mail_states answers it (asked for the page's ids, of the list shown; the state by meaning is
// the database's, mail-state-by-meaning.test.ts), and the Bounces view (console_mail_suppressions): its
// counts, rows, what each suppression covers, pages, empty and refused states.

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

const signup = (id: string, email: string): SignupRow => ({
  id,
  email,
  created_at: '2026-12-05T10:00:00Z',
  confirmed_at: null,
  source: 'direct',
  landing_path: '/',
});

describe('the Mail column of the lists', () => {
  it('shows each row’s mail: queued, sent, delivered, delayed, bounced, complained, not sent and why', async () => {
    const rows = [
      signup('a', 'queued@example.com'),
      signup('b', 'sent@example.com'),
      signup('c', 'delivered@example.com'),
      signup('d', 'delayed@example.com'),
      signup('e', 'bounced@example.com'),
      signup('f', 'spam@example.com'),
      signup('g', 'bounced+again@example.com'),
      signup('h', 'old@example.com'),
      signup('i', 'other@example.com'),
      signup('j', 'stranger@example.com'),
    ];
    fake.answer('console_signups', () => ({ total: rows.length, rows }));
    fake.answer('console_mail_states', () => ({
      a: { state: 'queued', suppressed: null },
      b: { state: 'sent', suppressed: null },
      c: { state: 'delivered', suppressed: null },
      d: { state: 'delayed', suppressed: null },
      e: { state: 'bounced', suppressed: 'bounced' },
      f: { state: 'complained', suppressed: 'complained' },
      g: { state: 'suppressed', suppressed: 'bounced' },
      i: { state: 'delivered', suppressed: 'complained' },
      j: { state: 'withheld', suppressed: null },
    }));
    await renderConsole('/console?view=newsletter');
    expect(callsOf('console_mail_states')).toEqual([
      { p_list: 'newsletter', p_ids: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'] },
    ]);
    const table = screen.getByRole('table', { name: 'Newsletter sign-ups' });
    expect(column(table, 'Mail')).toEqual([
      'Queued',
      'Sent',
      'Delivered',
      'Delayed',
      'Bounced',
      'Marked as spam',
      'Not sent: the address bounced',
      '—',
      'Delivered; no more mail: marked our mail as spam',
      'Not sent: daily limit',
    ]);
  });

  it('shows a soft bounce as such, never Bounced, which is a permanent bounce’s alone', async () => {
    const rows = [
      signup('a', 'full@example.com'),
      signup('b', 'full+spam@example.com'),
      signup('c', 'gone@example.com'),
    ];
    fake.answer('console_signups', () => ({ total: rows.length, rows }));
    fake.answer('console_mail_states', () => ({
      a: { state: 'soft_bounced', suppressed: null },
      b: { state: 'soft_bounced', suppressed: 'complained' },
      c: { state: 'bounced', suppressed: 'bounced' },
    }));
    await renderConsole('/console?view=newsletter');
    const table = screen.getByRole('table', { name: 'Newsletter sign-ups' });
    expect(column(table, 'Mail')).toEqual([
      'Soft bounce',
      'Soft bounce; no more mail: marked our mail as spam',
      'Bounced',
    ]);
  });

  it('asks for applications as the career list', async () => {
    fake.answer('console_applications', () => ({
      total: 1,
      rows: [
        {
          id: 'app-1',
          first_name: 'Grace',
          last_name: 'Hopper',
          email: 'grace@example.com',
          created_at: '2026-12-05T10:00:00Z',
          status: 'pending',
          current_role: null,
          location: null,
          resume_filename: null,
          source: 'direct',
          landing_path: null,
        },
      ],
    }));
    fake.answer('console_mail_states', () => ({
      'app-1': { state: 'suppressed', suppressed: 'complained' },
    }));
    await renderConsole('/console?view=applications');
    expect(callsOf('console_mail_states')).toEqual([{ p_list: 'career', p_ids: ['app-1'] }]);
    expect(column(screen.getByRole('table', { name: 'Applications' }), 'Mail')).toEqual([
      'Not sent: marked our mail as spam',
    ]);
  });

  it('still lists the rows when the states cannot be read, with — for each', async () => {
    fake.answer('console_signups', () => ({ total: 1, rows: [signup('a', 'ada@example.com')] }));
    // No answer for console_mail_states: the fake refuses it, as a backend without it would.
    await renderConsole('/console?view=early_access');
    const table = screen.getByRole('table', { name: 'Early access sign-ups' });
    expect(column(table, 'Email')).toEqual(['ada@example.com']);
    expect(column(table, 'Mail')).toEqual(['—']);
  });

  it('asks nothing more for an empty page', async () => {
    fake.answer('console_signups', () => ({ total: 0, rows: [] }));
    await renderConsole('/console?view=waitlist');
    expect(callsOf('console_mail_states')).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('Nothing matches these filters.');
  });
});

describe('the Bounces view', () => {
  const PAGE: MailSuppressionPage = {
    total: 51,
    bounced: 40,
    complained: 11,
    suppressed_messages: 7,
    rows: [
      { email: 'gone@example.com', reason: 'bounced', suppressed_at: '2026-12-06T11:00:00Z' },
      { email: 'angry@example.com', reason: 'complained', suppressed_at: '2026-12-05T09:30:00Z' },
      { email: null, reason: 'bounced', suppressed_at: '2026-12-01T08:00:00Z' },
    ],
  };

  it('is a view of its own, paged like the others, with the counts', async () => {
    fake.answer('console_mail_suppressions', () => PAGE);
    const { user } = await renderConsole('/console?view=mail');
    expect(screen.getByRole('link', { name: 'Bounces' })).toHaveAttribute('aria-current', 'page');
    expect(callsOf('console_mail_suppressions')).toEqual([{ p_limit: 50, p_offset: 0 }]);
    expect(
      screen.getByText('51 addresses: 40 bounced, 11 marked as spam. 7 mails not sent to them.'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', {
      name: 'Addresses that bounced or marked our mail as spam',
    });
    expect(column(table, 'Address')).toEqual([
      'gone@example.com',
      'angry@example.com',
      'Not in the lists',
    ]);
    // A bounce suppresses the one address; a complaint the whole mailbox.
    expect(column(table, 'Why')).toEqual([
      'Bounced: this address only',
      'Marked as spam: every address of the mailbox',
      'Bounced: this address only',
    ]);

    await user.click(screen.getByRole('button', { name: /next/i }));
    await settle();
    expect(callsOf('console_mail_suppressions').at(-1)).toEqual({ p_limit: 50, p_offset: 50 });
  });

  it('says so when no address has bounced or complained', async () => {
    fake.answer('console_mail_suppressions', () => ({
      total: 0,
      bounced: 0,
      complained: 0,
      suppressed_messages: 0,
      rows: [],
    }));
    await renderConsole('/console?view=mail');
    expect(screen.getByRole('status')).toHaveTextContent('No address has bounced or complained.');
  });

  it('shows the database’s refusal to someone who is not staff', async () => {
    fake.answer('console_mail_suppressions', () => {
      throw { message: 'Staff only', code: '42501' };
    });
    await renderConsole('/console?view=mail');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent(
      "The list couldn't be loaded. Staff only",
    );
  });
});
