// Signs that the visitor is about to use a part that has not hydrated: the part's code should start
// loading (RemotePart listens through onEarlyIntent).
import { waitingPart } from './parts';

const intentListeners = new Set<(part: Element) => void>();

// Parts the visitor has shown they are about to use. Kept, because the sign may come before the
// part's component has asked to hear of it (the shell hydrates a moment after the page shows).
const intended = new Set<Element>();

export function intend(part: Element): void {
  if (intended.has(part)) return;
  intended.add(part);
  for (const listener of intentListeners) listener(part);
}

/**
 * Calls `listener` with each part the visitor is about to use before it has hydrated: at once for
 * those they already have, then as it happens.
 */
export function onEarlyIntent(listener: (part: Element) => void): () => void {
  intentListeners.add(listener);
  // After the caller has the function that stops it: a listener may stop itself on the first call.
  queueMicrotask(() => {
    for (const part of intended) if (intentListeners.has(listener)) listener(part);
  });
  return () => intentListeners.delete(listener);
}

/** `target` is in a part the visitor is about to use, if that part has not hydrated. */
function intendPartOf(target: EventTarget | null): void {
  const part = waitingPart(target);
  if (part) intend(part);
}

/** Any sign that the visitor is about to use a part that has not hydrated. */
export function onIntent(event: Event): void {
  intendPartOf(event.target);
}

/** How far ahead of the viewport a part that loads near it starts loading (RemotePart). */
export const NEAR_VIEWPORT_MARGIN = '400px 0px';

/**
 * A prerendered part can hold a placeholder of a section that loads near the viewport (the home
 * page's sign-up sections). Scrolling towards it is a sign of use like any other: the part's code
 * must run for that section to load.
 */
export function watchPlaceholdersInWaitingParts(): void {
  if (typeof IntersectionObserver === 'undefined') return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        intendPartOf(entry.target);
      }
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  for (const placeholder of Array.from(document.querySelectorAll('[data-waiting-for-viewport]'))) {
    if (waitingPart(placeholder)) observer.observe(placeholder);
  }
}

/** The pointer may rest on a part since before the page was parsed: no event says so. */
export function intendPartUnderPointer(): void {
  const hovered = document.querySelectorAll(':hover');
  intendPartOf(hovered[hovered.length - 1] ?? null);
}
