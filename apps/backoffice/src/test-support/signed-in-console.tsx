import { act, within } from '@testing-library/react';
import { fakeTimerUser, renderInSite } from '@agentora/ui/testing';
import { ConsolePage } from '../layout/ConsolePage';
import { fakeConsoleClient } from './fake-client';

/**
 * For the tests of the console's views: the console signed in as staff on the fake client of
 * fake-client.ts, its clock fixed. A test file mocks the client module itself (jest.mock applies to
 * the file that calls it), answering with this module's `fake`:
 *
 *   jest.mock('../backend/console-client', () => ({ getConsoleClient: async () => fake.client }));
 *   const { callsOf, renderConsole } = setUpSignedInConsole('2026-11-30T12:00:00Z');
 */

const STAFF = 'me@example.com';

/**
 * The running test's fake client, a new one before each test (setUpSignedInConsole). A `let`: an
 * import of it is live, so the tests and the mock's answer always see the current one.
 */
export let fake: ReturnType<typeof fakeConsoleClient>;

/** Lets what is due now run: the fake's answers and what React does with them. */
export async function settle() {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });
}

/**
 * The console at `route`, signed in as staff, once it has loaded. Its answers wait on each other (the
 * view's list on the staff check, the Mail column's states on the list), so it settles three times,
 * a round for each.
 */
async function renderConsole(route: string) {
  const user = fakeTimerUser();
  fake.answer('console_whoami', () => ({ email: STAFF, staff: true }));
  fake.signIn(STAFF);
  const view = renderInSite(<ConsolePage />, { route });
  await settle();
  await settle();
  await settle();
  return { user, view };
}

/** The arguments of each call of a database function, in order. */
const callsOf = (name: string) =>
  fake.calls.filter((entry) => entry.name === name).map((entry) => entry.args);

/**
 * Sets up each test of the file that calls it: fake timers at `now` and a new `fake` before it, real
 * timers after it. Returns what the tests do with that fake, so that none uses it without this set-up.
 */
export function setUpSignedInConsole(now: string) {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date(now));
    fake = fakeConsoleClient();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  return { renderConsole, callsOf };
}

/** The cells of a table's rows (its header row left out), as text. */
export function cells(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}
