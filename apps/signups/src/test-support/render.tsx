import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppThemeProvider } from '@agentora/ui';

/** Renders a signups part the way the shell does: inside the theme and a router. */
export function renderPart(ui: ReactElement, route = '/') {
  return render(
    <AppThemeProvider>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppThemeProvider>,
  );
}

/** A user whose delays run on Jest's fake clock. Call after jest.useFakeTimers(). */
export function fakeTimerUser() {
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

/** A promise the test settles when it wants, to look at the form while a call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}
