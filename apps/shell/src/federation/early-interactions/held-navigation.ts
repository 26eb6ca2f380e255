// A move to another #anchor of the page (an anchor link in a part that has not hydrated, which the
// browser follows by itself; Back or Forward between two anchors) tells the router at once. React
// must then render every part below the router, and a part it has not hydrated, it cannot adopt
// without its code: it would render it anew (its loading state, then new elements). The browser has
// already scrolled to the anchor, so the router can hear of it later: once the parts have hydrated
// (their code starts loading now) or are gone (a part that failed is replaced by its message).
// (Another page's address goes to the router at once: the parts of this one are not its.) A page
// whose shell never starts (its runtime config unreadable) has no router to tell: the hold ends
// after HOLD_NAVIGATION_AT_MOST_MS whatever happens.
import { intend } from './intent';
import { isHydrated, PART_ATTRIBUTE } from './parts';

// The remote parts that came in the page's HTML (a part rendered later, on the client, has no HTML
// for React to adopt), and the page they came with.
let prerenderedParts: readonly Element[] = [];
let prerenderedPage = '';
const pageOf = (location: Location) => location.pathname + location.search;

/** The prerendered parts still on the page whose code has not hydrated them yet. */
function waitingParts(): Element[] {
  return prerenderedParts.filter((part) => part.isConnected && !isHydrated(part));
}

let navigationHeld = false;
let navigationHeldSince = 0;
let replayingNavigation = false;
const RECHECK_HELD_NAVIGATION_MS = 100;
export const HOLD_NAVIGATION_AT_MOST_MS = 15_000;

/**
 * Notes the page's prerendered parts and starts holding moves between its anchors. Must run before
 * the router adds its own popstate listener.
 */
export function watchNavigation(): void {
  prerenderedParts = Array.from(document.querySelectorAll(`[${PART_ATTRIBUTE}]`));
  prerenderedPage = pageOf(window.location);
  window.addEventListener('popstate', onPopState);
}

function onPopState(event: PopStateEvent): void {
  if (replayingNavigation || pageOf(window.location) !== prerenderedPage) return;
  const waiting = waitingParts();
  if (waiting.length === 0) return;
  // This listener was added before the router's (the entry calls watchEarlyInteractions first).
  event.stopImmediatePropagation();
  for (const part of waiting) intend(part);
  if (!navigationHeld) {
    navigationHeld = true;
    navigationHeldSince = Date.now();
    setTimeout(releaseHeldNavigation, RECHECK_HELD_NAVIGATION_MS);
  }
}

function releaseHeldNavigation(): void {
  if (!navigationHeld) return;
  if (waitingParts().length > 0 && Date.now() - navigationHeldSince < HOLD_NAVIGATION_AT_MOST_MS) {
    setTimeout(releaseHeldNavigation, RECHECK_HELD_NAVIGATION_MS);
    return;
  }
  navigationHeld = false;
  // For the router, which reads the address itself, not the event's state.
  replayingNavigation = true;
  try {
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  } finally {
    replayingNavigation = false;
  }
}

/** A part has hydrated: after this commit's other effects, the last one lets a held move through. */
export function releaseNavigationIfDone(): void {
  if (navigationHeld) queueMicrotask(releaseHeldNavigation);
}
