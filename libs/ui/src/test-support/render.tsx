// Test helpers for the apps' component tests (imported as @agentora/ui/testing; never by app code).
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent, { type Options as UserEventOptions } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppThemeProvider } from '../theme/AppThemeProvider';

/** Renders a page or part the way the shell does: inside the site theme and a router at `route`. */
export function renderInSite(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  return render(
    <AppThemeProvider>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppThemeProvider>,
  );
}

/** A user whose delays run on Jest's fake clock. Call after jest.useFakeTimers(). */
export function fakeTimerUser(options: Omit<UserEventOptions, 'advanceTimers'> = {}) {
  return userEvent.setup({ ...options, advanceTimers: jest.advanceTimersByTime });
}

/** A promise the test settles when it wants, to look at a form while a call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}
