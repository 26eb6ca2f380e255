// The page's history entry as React Router's BrowserRouter wants it: with an index (`idx`), which
// it writes with history.replaceState when it first renders if the entry has none. Chromium now and
// then takes over 10 ms for that call (the session history is updated in the browser process), and
// during hydration it would land inside one of React's render slices. Written beforehand, in a task
// of its own (start-in-steps.ts), the router finds the index and writes nothing.
// history-entry.test.tsx checks that the router still reads the entry this way.

interface RouterHistoryState {
  idx?: unknown;
}

/** Gives the current history entry the index BrowserRouter would give it (0: the first it sees). */
export function prepareHistoryEntry(history: History = window.history): void {
  const state = history.state as RouterHistoryState | null;
  if (state?.idx == null) history.replaceState({ ...state, idx: 0 }, '');
}
