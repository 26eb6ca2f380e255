import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { AppThemeProvider } from '@agentora/ui';

/**
 * Renders with the site theme and a user-event instance driven by Jest's fake timers. `applyAccept`
 * is off because the file picker's filter is only a hint (any file can be chosen with "All files"):
 * the component's own check is what is under test. The pointer-events check reads the computed style
 * of every ancestor on each click, which with the form's many style rules makes jsdom crawl; disabled
 * controls are asserted directly instead.
 */
export function renderWithUser(ui: ReactElement) {
  const user = userEvent.setup({
    advanceTimers: jest.advanceTimersByTime,
    applyAccept: false,
    pointerEventsCheck: PointerEventsCheckLevel.Never,
  });
  return { user, ...render(<AppThemeProvider>{ui}</AppThemeProvider>) };
}

export const PDF_TYPE = 'application/pdf';
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A file of exactly `size` bytes; zero-filled, so even 5 MB costs nothing to build. */
export function fileOfSize(name: string, size: number, type: string): File {
  return new File([new Uint8Array(size)], name, { type });
}

/** A promise the test settles by hand, to look at the form while a call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Lets pending promises (the mocked backend calls) settle without moving the fake clock, so a test
 * can time the 5 s reset from the exact moment the result appeared.
 */
export async function settle() {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });
}
