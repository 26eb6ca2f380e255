import type { ReactElement } from 'react';
import { act } from '@testing-library/react';
import { PointerEventsCheckLevel } from '@testing-library/user-event';
import { fakeTimerUser, renderInSite } from '@agentora/ui/testing';

/**
 * Renders in the site (@agentora/ui/testing) with a user driven by Jest's fake timers. `applyAccept`
 * is off because the file picker's filter is only a hint (any file can be chosen with "All files"):
 * the component's own check is what is under test. The pointer-events check reads the computed style
 * of every ancestor on each click, which with the form's many style rules makes jsdom crawl; disabled
 * controls are asserted directly instead.
 */
export function renderWithUser(ui: ReactElement) {
  const user = fakeTimerUser({
    applyAccept: false,
    pointerEventsCheck: PointerEventsCheckLevel.Never,
  });
  return { user, ...renderInSite(ui) };
}

/** A file of exactly `size` bytes; zero-filled, so even 5 MB costs nothing to build. */
export function fileOfSize(name: string, size: number, type: string): File {
  return new File([new Uint8Array(size)], name, { type });
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
