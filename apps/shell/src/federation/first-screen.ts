// Whether the page the visitor landed on has rendered (its content or its failure). Parts that load
// near the viewport wait for it: while the page is still loading, the footer sits right under the
// fold, and would otherwise start loading with the page instead of when the visitor gets to it.
import { useEffect } from 'react';

let settled = false;
const waiting = new Set<() => void>();

export function markFirstScreenSettled(): void {
  if (settled) return;
  settled = true;
  for (const listener of waiting) listener();
  waiting.clear();
}

/** Calls `listener` once the first screen has settled (at once if it has); returns an unsubscribe. */
export function whenFirstScreenSettled(listener: () => void): () => void {
  if (settled) {
    listener();
    return () => {};
  }
  waiting.add(listener);
  return () => {
    waiting.delete(listener);
  };
}

/** Back to "not landed yet". The site lands once per page load; tests land many times. */
export function resetFirstScreen(): void {
  settled = false;
  waiting.clear();
}

/** Rendered with a page's content: marks the first screen settled once that content is on screen. */
export function FirstScreenSettled(): null {
  useEffect(markFirstScreenSettled, []);
  return null;
}
