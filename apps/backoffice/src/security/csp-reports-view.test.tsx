import { screen, within } from '@testing-library/react';
import { cells, fake, settle, setUpSignedInConsole } from '../test-support/signed-in-console';
import type { CspViolationPage, CspViolationRow } from '../backend/console-types';

// The CSP reports view with the console's Supabase client faked: what it asks the database for, and
// what it shows of the answer, in its loading, failed, empty and filled states.

jest.mock('../backend/console-client', () => ({
  getConsoleClient: async () => fake.client,
}));

const { callsOf, renderConsole } = setUpSignedInConsole('2026-11-30T12:00:00Z');

const MARKUP = '<img src=x onerror="window.pwned=1"><b>';

const row = (fields: Partial<CspViolationRow>): CspViolationRow => ({
  day: '2026-11-30',
  release: '2026-11-30-abc1234',
  directive: 'script-src-elem',
  blocked: 'inline',
  page: '/careers',
  sample: '',
  count: 1,
  ...fields,
});

const PAGE: CspViolationPage = {
  total: 3,
  reports: 1234,
  from: '2026-11-01',
  rows: [
    row({ sample: MARKUP, count: 1200 }),
    row({
      day: '2026-11-29',
      directive: 'connect-src',
      blocked: 'https://collector.evil.example',
      page: '/about',
      count: 30,
    }),
    row({
      day: '2026-11-29',
      release: 'overflow',
      directive: 'overflow',
      blocked: 'overflow',
      page: '/overflow',
      count: 4,
    }),
  ],
};

describe('the CSP reports view', () => {
  it('asks for the first page and shows each row’s day, release, directive, blocked source, page, sample and count', async () => {
    fake.answer('console_csp_violations', () => PAGE);
    const { view } = await renderConsole('/console?view=csp');
    expect(callsOf('console_csp_violations')).toEqual([{ p_limit: 50, p_offset: 0 }]);
    expect(screen.getByRole('link', { name: 'CSP reports' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(
      screen.getByRole('heading', { name: 'CSP reports, the last 30 days (UTC)' }),
    ).toBeInTheDocument();
    expect(screen.getByText('1,234 reports in 3 rows since 2026-11-01.')).toBeInTheDocument();
    const table = screen.getByRole('table', {
      name: 'CSP violations per day, release, directive, blocked source, page and sample',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Day', 'Release', 'Directive', 'Blocked', 'Page', 'Sample', 'Reports']);
    expect(cells(table)).toEqual([
      [
        '2026-11-30',
        '2026-11-30-abc1234',
        'script-src-elem',
        'inline',
        '/careers',
        MARKUP,
        '1,200',
      ],
      [
        '2026-11-29',
        '2026-11-30-abc1234',
        'connect-src',
        'https://collector.evil.example',
        '/about',
        '—',
        '30',
      ],
      ['2026-11-29', '—', "Past the day's 500 rows", '—', '—', '—', '4'],
    ]);
    // The sample is text: no element was made of it, and its handler never ran.
    expect(view.container.querySelector('img, b')).toBeNull();
    expect(within(table).getByText(MARKUP).tagName).toBe('CODE');
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });

  it('pages through the rows, 50 a page', async () => {
    fake.answer('console_csp_violations', () => ({ ...PAGE, total: 51 }));
    const { user } = await renderConsole('/console?view=csp');
    expect(screen.getByText('Showing 1–50 of 51')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await settle();
    expect(callsOf('console_csp_violations').at(-1)).toEqual({ p_limit: 50, p_offset: 50 });
  });

  it('says so when nothing was reported', async () => {
    fake.answer('console_csp_violations', () => ({
      total: 0,
      reports: 0,
      from: '2026-11-01',
      rows: [],
    }));
    await renderConsole('/console?view=csp');
    expect(screen.getByRole('status')).toHaveTextContent('No CSP reports in the last 30 days.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows that it is loading, then a failure with a retry that asks again', async () => {
    let answer: () => CspViolationPage = () => {
      throw { message: 'Staff only', code: '42501' };
    };
    fake.answer('console_csp_violations', () => answer());
    // The first answer waits until released: the view says it is loading meanwhile.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const rpc = fake.client.rpc.getMockImplementation()!;
    fake.client.rpc.mockImplementation(async (name: string, args: Record<string, unknown>) => {
      if (name === 'console_csp_violations') await held;
      return rpc(name, args);
    });
    const { user } = await renderConsole('/console?view=csp');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    release();
    await settle();
    expect(screen.getByText("The list couldn't be loaded. Staff only")).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    answer = () => PAGE;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(callsOf('console_csp_violations')).toHaveLength(2);
    expect(screen.queryByText(/couldn't be loaded/)).not.toBeInTheDocument();
    expect(cells(screen.getByRole('table'))).toHaveLength(3);
  });
});
