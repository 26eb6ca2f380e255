import { act, screen, waitFor, within } from '@testing-library/react';
import { fakeTimerUser, renderInSite } from '@agentora/ui/testing';
import {
  FAKE_AUTH_EMAIL,
  FAKE_CODE,
  fakeConsoleClient,
  functionError,
} from '../test-support/fake-client';
import { ConsolePage } from './ConsolePage';

let fake: ReturnType<typeof fakeConsoleClient>;

jest.mock('../backend/console-client', () => ({
  getConsoleClient: async () => fake.client,
}));

const STAFF = 'me@example.com';

function answerAsStaff() {
  fake.answer('console_whoami', () => ({ email: STAFF, staff: true }));
  fake.answer('console_signups_per_day', () => [
    { day: new Date().toISOString().slice(0, 10), form: 'waitlist', count: 3 },
  ]);
}

async function settle() {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });
}

/**
 * Waits until the sign-in form has its answer: no request in flight ("Sending…", "Signing in…").
 * One settle() was assumed to be enough and was not: twice, in fresh clones of a full `npm test` on
 * the 2-core machine, the form still said "Sending…" after it (docs/development.md, the eleventh
 * session), though the fake answers at once. The answer is waited for as a person waits for it.
 */
async function answered() {
  await settle();
  await waitFor(() =>
    expect(screen.queryByText(/^(Sending…|Signing in…)$/)).not.toBeInTheDocument(),
  );
}

async function renderConsole(route = '/console') {
  const user = fakeTimerUser();
  renderInSite(<ConsolePage />, { route });
  await settle();
  return user;
}

beforeEach(() => {
  jest.useFakeTimers();
  fake = fakeConsoleClient();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('signing in', () => {
  async function askForCode(user: Awaited<ReturnType<typeof renderConsole>>, email = STAFF) {
    const form = screen.getByRole('form', { name: 'Sign in to the console' });
    await user.type(within(form).getByLabelText(/Work email/), email);
    await user.click(within(form).getByRole('button', { name: 'Email me a code' }));
    await answered();
  }

  it("asks the console's sign-in function for a code, then signs in with the token it gives for the code", async () => {
    answerAsStaff();
    const user = await renderConsole();
    await askForCode(user);
    // Never Auth's own code endpoint: Auth mails nothing, and would tell who has an account.
    expect(fake.client.auth.signInWithOtp).not.toHaveBeenCalled();
    expect(fake.client.functions.invoke).toHaveBeenCalledWith('console-sign-in', {
      body: { email: STAFF },
    });
    // The same words for every address: whether one is staff is not for the page to say.
    expect(
      screen.getByText(
        `We emailed a sign-in code to ${STAFF} if it is on the staff list. Enter the newest one below: a code works once, for 10 minutes. Nothing after a minute? Send a new code.`,
      ),
    ).toBeInTheDocument();

    const code = screen.getByLabelText(/Code/);
    expect(code).toHaveAttribute('maxLength', '10');
    await user.type(code, '0000000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await answered();
    expect(screen.getByText(/That code is wrong or has expired/)).toBeInTheDocument();
    expect(code).toHaveValue('0000000000');
    expect(fake.client.auth.verifyOtp).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, FAKE_CODE);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await answered();
    await settle();
    expect(fake.client.functions.invoke).toHaveBeenLastCalledWith('console-sign-in', {
      body: { email: STAFF, code: FAKE_CODE },
    });
    expect(fake.client.auth.verifyOtp).toHaveBeenCalledWith({
      token_hash: 'token-hash',
      type: 'magiclink',
    });
    // Named by the staff address the database answers, never the session's Auth address.
    expect(screen.getByText(`Signed in as ${STAFF}`)).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(FAKE_AUTH_EMAIL))).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Console' })).toBeInTheDocument();
  });

  it('refuses a malformed email and a code that is not 10 digits before asking the server', async () => {
    const user = await renderConsole();
    await user.type(screen.getByLabelText(/Work email/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(fake.client.functions.invoke).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/Work email/));
    await askForCode(user);
    await user.type(screen.getByLabelText(/Code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter the 10 digits of the code in the email.')).toBeInTheDocument();
    expect(fake.client.functions.invoke).toHaveBeenCalledTimes(1);
  });

  it('says to wait when this network has asked too often, and keeps the address', async () => {
    fake.client.functions.invoke.mockResolvedValueOnce(
      functionError(429, { success: false, error: 'Too many requests from this address.' }),
    );
    const user = await renderConsole();
    await askForCode(user);
    expect(
      screen.getByText('Too many attempts from this network. Wait a few minutes and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Work email/)).toHaveValue(STAFF);
  });

  it('says so when the server fails, and keeps the address', async () => {
    fake.client.functions.invoke.mockResolvedValueOnce(
      functionError(500, { success: false, error: 'The request could not be handled.' }),
    );
    const user = await renderConsole();
    await askForCode(user);
    expect(
      screen.getByText('Something went wrong on our side. Try again in a minute.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Work email/)).toHaveValue(STAFF);
  });

  it('says the server could not be reached when the request never got an answer', async () => {
    fake.client.functions.invoke.mockResolvedValueOnce({
      data: null,
      error: Object.assign(new Error('Failed to send a request to the Edge Function'), {
        name: 'FunctionsFetchError',
        context: new TypeError('Failed to fetch'),
      }),
    });
    const user = await renderConsole();
    await askForCode(user);
    expect(screen.getByText(/couldn't reach the server/)).toBeInTheDocument();
  });
});

describe('who may see what', () => {
  it("neither signs in nor shows anything while a team's override link is active", async () => {
    answerAsStaff();
    fake.signIn(STAFF);
    window.localStorage.setItem(
      'agentora.remote-overrides',
      JSON.stringify([
        { remote: 'signups', manifest: 'https://pr-1.previews.example/mf-manifest.json' },
      ]),
    );
    try {
      await renderConsole();
      await settle();
      expect(
        screen.getByText(/loading a build of the site from a team's override link/),
      ).toBeInTheDocument();
      expect(
        screen.queryByRole('form', { name: 'Sign in to the console' }),
      ).not.toBeInTheDocument();
      expect(screen.queryByText(`Signed in as ${STAFF}`)).not.toBeInTheDocument();
      expect(fake.calls).toEqual([]);
    } finally {
      window.localStorage.clear();
    }
  });

  it('tells a signed-in address that is not staff, and shows no data', async () => {
    fake.answer('console_whoami', () => ({ email: 'someone@example.com', staff: false }));
    fake.signIn('someone@example.com');
    await renderConsole();
    await settle();
    expect(
      screen.getByText(/someone@example.com is signed in, but is not on the staff list/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Console' })).not.toBeInTheDocument();
    expect(fake.calls.map((call) => call.name)).toEqual(['console_whoami']);
  });

  it('signs out', async () => {
    answerAsStaff();
    fake.signIn(STAFF);
    const user = await renderConsole();
    await settle();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await settle();
    expect(screen.getByRole('form', { name: 'Sign in to the console' })).toBeInTheDocument();
  });
});

describe('the lists', () => {
  it('asks for the filters in the address and pages through the total', async () => {
    answerAsStaff();
    fake.answer('console_signups', () => ({
      total: 120,
      rows: [
        {
          id: 'a',
          email: 'ada@example.com',
          created_at: '2026-11-20T10:00:00Z',
          confirmed_at: null,
          first_name: 'Ada',
          last_name: 'L',
          company: 'Analytical',
          invited_at: null,
          invite_wave: null,
          invite_state: null,
          joined_at: null,
        },
      ],
    }));
    fake.signIn(STAFF);
    const user = await renderConsole('/console?view=waitlist&q=ada&confirmed=no&page=2');
    await settle();
    const call = fake.calls.find((entry) => entry.name === 'console_signups');
    expect(call?.args).toEqual({
      p_form: 'waitlist',
      p_search: 'ada',
      p_from: null,
      p_to: null,
      p_confirmed: false,
      p_invited: null,
      p_source: null,
      p_sort: 'created_at',
      p_descending: true,
      p_limit: 50,
      p_offset: 50,
    });
    expect(screen.getByText('Showing 51–100 of 120')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'ada@example.com' })).toBeInTheDocument();

    // Invite selected is a wave of the chosen rows: a dry run first, then the send held to it.
    const decision = {
      invited: 0,
      first_place: null,
      last_place: null,
      skipped: {
        already_invited: 1,
        unconfirmed: 0,
        unsubscribed: 0,
        bounced: 0,
        complained: 0,
        not_on_list: 0,
        total: 1,
      },
      plan: 'plan-of-nobody',
    };
    fake.answer('console_invite_wave', (args) => ({
      ...decision,
      wave: null,
      status: null,
      ...args,
    }));
    await user.click(screen.getByRole('checkbox', { name: 'Select ada@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Invite selected (1)' }));
    await settle();
    expect(fake.calls.find((entry) => entry.name === 'console_invite_wave')?.args).toEqual({
      p_list: 'waitlist',
      p_count: null,
      p_up_to_place: null,
      p_ids: ['a'],
      p_starts_at: null,
      p_remind_after_days: null,
      p_dry_run: true,
      p_expect: null,
    });
    expect(
      screen.getByText('Nobody would be invited. Passed over 1: 1 already invited.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send to 0' })).toBeDisabled();
  });
});

describe("an application's page", () => {
  it('shows every field, moves the status on with a note, and lists the change', async () => {
    answerAsStaff();
    const application = {
      id: 'app-1',
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      why_join: 'Compilers.',
      linkedin_url: 'https://linkedin.com/in/grace',
      status: 'pending',
      created_at: '2026-11-20T10:00:00Z',
      resume_filename: 'grace.pdf',
      history: [],
    };
    fake.answer('console_application', () => application);
    fake.answer('console_change_application_status', (args) => ({
      ...application,
      status: args.p_status,
      history: [
        {
          from_status: 'pending',
          to_status: args.p_status,
          note: args.p_note,
          changed_by: STAFF,
          changed_at: '2026-11-21T09:00:00Z',
        },
      ],
    }));
    fake.signIn(STAFF);
    const user = await renderConsole('/console?application=app-1');
    await settle();
    expect(screen.getByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('Compilers.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://linkedin.com/in/grace' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
    expect(screen.getByRole('button', { name: 'Download résumé (grace.pdf)' })).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Change status' });
    expect(
      within(form)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['reviewing', 'rejected', 'withdrawn']);
    await user.type(within(form).getByLabelText(/Note/), 'Strong background');
    await user.click(within(form).getByRole('button', { name: 'Change status' }));
    await settle();
    expect(
      fake.calls.find((entry) => entry.name === 'console_change_application_status')?.args,
    ).toEqual({ p_id: 'app-1', p_status: 'reviewing', p_note: 'Strong background' });
    expect(screen.getByText(/pending → reviewing by me@example.com/)).toBeInTheDocument();
  });

  it('keeps the note when the change is refused', async () => {
    answerAsStaff();
    fake.answer('console_application', () => ({
      id: 'app-1',
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      status: 'reviewing',
      created_at: '2026-11-20T10:00:00Z',
      resume_filename: null,
      history: [],
    }));
    fake.answer('console_change_application_status', () => {
      throw { message: 'That status change is not allowed', code: '22023' };
    });
    fake.signIn(STAFF);
    const user = await renderConsole('/console?application=app-1');
    await settle();
    const note = screen.getByLabelText(/Note/);
    await user.type(note, 'Moving on');
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    await settle();
    expect(screen.getByText('That status change is not allowed')).toBeInTheDocument();
    expect(note).toHaveValue('Moving on');
  });
});
