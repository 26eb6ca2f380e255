import { screen } from '@testing-library/react';
import { cells, fake, settle, setUpSignedInConsole } from '../test-support/signed-in-console';

jest.mock('../backend/console-client', () => ({ getConsoleClient: async () => fake.client }));

const { callsOf, renderConsole } = setUpSignedInConsole('2026-12-01T12:00:00Z');

const skipped = (counts: Record<string, number> = {}) => {
  const all = {
    already_invited: 0,
    unconfirmed: 0,
    unsubscribed: 0,
    bounced: 0,
    complained: 0,
    not_on_list: 0,
    ...counts,
  };
  return { ...all, total: Object.values(all).reduce((sum, n) => sum + n, 0) };
};
const funnel = (counts: Record<string, number> = {}) => ({
  invited: 0,
  queued: 0,
  mailed: 0,
  delivered: 0,
  bounced: 0,
  complained: 0,
  failed: 0,
  joined: 0,
  reminded: 0,
  expired: 0,
  ...counts,
});
const wave = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  list: 'early_access',
  rule: 'next',
  count: 100,
  up_to_place: null,
  chosen: null,
  status: 'started',
  starts_at: '2026-12-01T09:00:00Z',
  remind_after_days: 3,
  created_by: 'lead@agentora.ai',
  created_at: '2026-12-01T09:00:00Z',
  cancelled_by: null,
  cancelled_at: null,
  started_at: '2026-12-01T09:00:00Z',
  reminded_at: null,
  outcome: {
    invited: 100,
    first_place: 1,
    last_place: 104,
    skipped: skipped({ unconfirmed: 4 }),
    plan: 'p',
  },
  funnel: funnel({ invited: 100, mailed: 100, delivered: 97, bounced: 3, joined: 12 }),
  ...extra,
});

describe('launch waves', () => {
  it('lists the waves with their funnels, and names the lists by their order', async () => {
    fake.answer('console_waves', () => ({ total: 1, rows: [wave(3)] }));
    await renderConsole('/console?view=waves');
    expect(callsOf('console_waves')).toEqual([{ p_list: null, p_limit: 50, p_offset: 0 }]);
    expect(cells(screen.getByRole('table'))).toEqual([
      [
        'Wave 3',
        'Early access, the next 100',
        'Sent',
        '1 Dec 2026, 09:00 UTC',
        'lead@agentora.ai',
        '100',
        '100',
        '97',
        '3',
        '12',
        'After 3 days',
      ],
    ]);
    expect(screen.getByText('by place in line')).toBeInTheDocument();
  });

  it('runs a dry run first, then sends exactly that: the send is held to its plan', async () => {
    fake.answer('console_waves', () => ({ total: 0, rows: [] }));
    fake.answer('console_invite_wave', (args) => ({
      invited: 100,
      first_place: 101,
      last_place: 205,
      skipped: skipped({ already_invited: 100, unsubscribed: 2, bounced: 3 }),
      plan: 'plan-1',
      wave: args.p_dry_run ? null : 4,
      status: args.p_dry_run ? null : 'started',
      starts_at: '2026-12-01T12:00:00Z',
    }));
    const { user } = await renderConsole('/console?view=waves');
    expect(screen.getByRole('status')).toHaveTextContent('No waves yet.');
    await user.type(screen.getByLabelText('How many (N)'), '100');
    await user.type(screen.getByLabelText(/Remind after/), '3');
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    await settle();
    expect(
      screen.getByText(
        'Would invite 100 members: places 101 to 205. Passed over 105: 100 already invited, 2 unsubscribed, 3 bounced.',
      ),
    ).toBeInTheDocument();
    fake.answer('console_waves', () => ({ total: 1, rows: [wave(4)] }));
    await user.click(screen.getByRole('button', { name: 'Send to 100' }));
    await settle();
    await settle();
    expect(callsOf('console_invite_wave')).toEqual([
      {
        p_list: 'early_access',
        p_count: 100,
        p_up_to_place: null,
        p_ids: null,
        p_starts_at: null,
        p_remind_after_days: 3,
        p_dry_run: true,
        p_expect: null,
      },
      {
        p_list: 'early_access',
        p_count: 100,
        p_up_to_place: null,
        p_ids: null,
        p_starts_at: null,
        p_remind_after_days: 3,
        p_dry_run: false,
        p_expect: 'plan-1',
      },
    ]);
    expect(
      screen.getByText(/^Wave 4: Invited 100 members: places 101 to 205\./),
    ).toBeInTheDocument();
    expect(callsOf('console_waves')).toHaveLength(2);
  });

  it('shows the new dry run, and sends nothing, when the line moved since the one looked at', async () => {
    fake.answer('console_waves', () => ({ total: 0, rows: [] }));
    let plans = 0;
    fake.answer('console_invite_wave', (args) => {
      if (!args.p_dry_run) throw { message: 'The line has moved since the dry run', code: 'PT409' };
      plans += 1;
      return {
        invited: 10,
        first_place: plans,
        last_place: plans + 9,
        skipped: skipped(),
        plan: `plan-${plans}`,
      };
    });
    const { user } = await renderConsole('/console?view=waves');
    await user.selectOptions(screen.getByLabelText('Invite'), 'up_to');
    await user.type(screen.getByLabelText('Up to place (P)'), '10');
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    await settle();
    await user.click(screen.getByRole('button', { name: 'Send to 10' }));
    await settle();
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('The line moved since that dry run');
    expect(screen.getByText('Would invite 10 members: places 2 to 11.')).toBeInTheDocument();
    expect(
      callsOf('console_invite_wave').map((args) => [args.p_up_to_place, args.p_dry_run]),
    ).toEqual([
      [10, true],
      [10, false],
      [10, true],
    ]);
  });

  it('schedules a wave for a time in UTC, and says it is decided then; refuses a time past', async () => {
    fake.answer('console_waves', () => ({ total: 0, rows: [] }));
    fake.answer('console_invite_wave', (args) => ({
      invited: 5,
      first_place: 1,
      last_place: 5,
      skipped: skipped(),
      plan: 'p',
      wave: args.p_dry_run ? null : 9,
      status: args.p_dry_run ? null : 'scheduled',
      starts_at: args.p_starts_at,
    }));
    const { user } = await renderConsole('/console?view=waves');
    await user.type(screen.getByLabelText('How many (N)'), '5');
    await user.selectOptions(screen.getByLabelText('Start'), 'at');
    await user.type(screen.getByLabelText('At (UTC)'), '2026-12-01T11:00');
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    expect(screen.getByText('Choose a time in the future.')).toBeInTheDocument();
    expect(callsOf('console_invite_wave')).toEqual([]);
    await user.clear(screen.getByLabelText('At (UTC)'));
    await user.type(screen.getByLabelText('At (UTC)'), '2026-12-24T09:00');
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    await settle();
    expect(
      screen.getByText(
        /^If it started now: Would invite 5 members: places 1 to 5\. It is decided again at 24 Dec 2026, 09:00 UTC\./,
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Schedule for 24 Dec 2026, 09:00 UTC' }));
    await settle();
    expect(callsOf('console_invite_wave')[1]).toMatchObject({
      p_starts_at: '2026-12-24T09:00:00.000Z',
      p_dry_run: false,
      p_expect: null,
    });
    expect(
      screen.getByText(/^Wave 9 is scheduled for 24 Dec 2026, 09:00 UTC; it is decided then\./),
    ).toBeInTheDocument();
  });

  it('refuses a number a wave cannot take before asking the database', async () => {
    fake.answer('console_waves', () => ({ total: 0, rows: [] }));
    const { user } = await renderConsole('/console?view=waves');
    for (const typed of ['0', '10001', 'ten', '-5']) {
      await user.clear(screen.getByLabelText('How many (N)'));
      await user.type(screen.getByLabelText('How many (N)'), typed);
      await user.click(screen.getByRole('button', { name: 'Dry run' }));
      expect(screen.getByText('Enter a number from 1 to 10,000.')).toBeInTheDocument();
    }
    expect(callsOf('console_invite_wave')).toEqual([]);
  });
});

describe("a wave's page", () => {
  it('shows the funnel, the course over time as a chart and a table, and sets the reminder', async () => {
    fake.answer('console_wave', () => ({
      ...wave(3),
      series: {
        bucket: 'minute',
        points: [
          {
            at: '2026-12-01T09:01:00Z',
            mailed: 40,
            delivered: 38,
            bounced: 2,
            complained: 0,
            joined: 0,
          },
          {
            at: '2026-12-01T09:00:00Z',
            mailed: 60,
            delivered: 59,
            bounced: 1,
            complained: 0,
            joined: 0,
          },
          {
            at: '2026-12-01T11:00:00Z',
            mailed: 0,
            delivered: 0,
            bounced: 0,
            complained: 0,
            joined: 12,
          },
        ],
      },
    }));
    fake.answer('console_wave_reminder', (args) =>
      wave(3, { remind_after_days: args.p_after_days }),
    );
    const { user } = await renderConsole('/console?view=waves&wave=3');
    expect(callsOf('console_wave')).toEqual([{ p_wave: 3 }]);
    expect(
      screen.getByRole('heading', { name: 'Wave 3: Early access, the next 100' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Invited 100 members: places 1 to 104. Passed over 4: 4 unconfirmed.'),
    ).toBeInTheDocument();
    const totals = screen.getByLabelText('Funnel');
    expect(totals).toHaveTextContent('Joined12');
    expect(totals).toHaveTextContent('Bounced3');
    expect(
      screen.getByRole('img', { name: "The wave's invitations over time" }),
    ).toBeInTheDocument();
    expect(cells(screen.getByRole('table'))).toEqual([
      ['1 Dec 2026, 09:00 UTC', '60', '59', '1', '0'],
      ['1 Dec 2026, 09:01 UTC', '40', '38', '2', '0'],
      ['1 Dec 2026, 11:00 UTC', '0', '0', '0', '12'],
    ]);
    await user.clear(screen.getByLabelText('Remind after (days)'));
    await user.type(screen.getByLabelText('Remind after (days)'), '5');
    await user.click(screen.getByRole('button', { name: 'Save reminder' }));
    await settle();
    expect(callsOf('console_wave_reminder')).toEqual([{ p_wave: 3, p_after_days: 5 }]);
    expect(screen.getByText('Reminder saved.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel wave' })).not.toBeInTheDocument();
  });

  it('cancels a scheduled wave, and says why when it cannot', async () => {
    let status = 'scheduled';
    fake.answer('console_wave', () => ({
      ...wave(5, { status, started_at: null, outcome: null, funnel: funnel() }),
      series: { bucket: 'minute', points: [] },
    }));
    fake.answer('console_cancel_wave', () => {
      status = 'cancelled';
      return wave(5, { status });
    });
    const { user } = await renderConsole('/console?view=waves&wave=5');
    expect(screen.getByText(/^Scheduled\. Made by lead@agentora\.ai/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel wave' }));
    await settle();
    await settle();
    expect(callsOf('console_cancel_wave')).toEqual([{ p_wave: 5 }]);
    expect(screen.getByText('Wave 5 is cancelled.')).toBeInTheDocument();
  });
});
