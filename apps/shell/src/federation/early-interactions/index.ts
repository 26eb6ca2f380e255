// What a visitor does in a prerendered part before its code has run.
//
// A prerendered page is readable and looks ready before its JavaScript is: a visitor may type into a
// form, pick a filter or press a button in a part whose module has not loaded (or not hydrated) yet.
// React drops such presses (a Suspense boundary it cannot hydrate on the spot stops the event), and
// adopts typed values without telling the component. So, from the shell's entry chunk on:
// - presses of buttons and form submissions inside a part that has not hydrated are held, and
//   replayed once it has (held-presses.ts), as are files dropped on it (dropped-files.ts);
// - values typed or chosen before that are handed to the part's components then, as if typed again
//   (early-values.ts);
// - a move to another #anchor of the page reaches the router once the parts have hydrated
//   (held-navigation.ts);
// - any of these, and other signs of use, start loading the part's code (intent.ts), including what
//   the visitor did before this code ran (early-use.ts).
// Links are left alone: the browser follows them to their prerendered page (or anchor).
// A part is the element RemotePart renders around a remote module (PART_ATTRIBUTE, parts.ts); the
// part says when it has hydrated (partHydrated). This folder uses no React, so the entry chunk can
// load it.
import { EARLY_USE_EVENTS } from '@agentora/contracts/prerendered-page';
import { onDragOver, onDrop } from './dropped-files';
import { takeOverEarlyUse } from './early-use';
import { handOverEarlyInput, onEarlyInput } from './early-values';
import { replayHeld } from './held-actions';
import { releaseNavigationIfDone, watchNavigation } from './held-navigation';
import { onClick, onSubmit } from './held-presses';
import { intendPartUnderPointer, onIntent, watchPlaceholdersInWaitingParts } from './intent';
import { isHydrated, markHydrated, SHELL_ROOT_ID } from './parts';

export { handOverEarlyInput } from './early-values';
export { HOLD_NAVIGATION_AT_MOST_MS } from './held-navigation';
export { NEAR_VIEWPORT_MARGIN, onEarlyIntent } from './intent';
export { PART_ATTRIBUTE } from './parts';

let watching = false;

/** Starts holding early presses (once; the shell's entry calls it before React loads). */
export function watchEarlyInteractions(): void {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  // Capturing on the document runs before React's own listeners on #root.
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('dragenter', onDragOver, true);
  document.addEventListener('dragover', onDragOver, true);
  document.addEventListener('drop', onDrop, true);
  document.addEventListener('input', onEarlyInput, { capture: true, passive: true });
  document.addEventListener('change', onEarlyInput, { capture: true, passive: true });
  watchNavigation();
  // The same signs of use the page's inline script notes before this code runs.
  for (const type of EARLY_USE_EVENTS)
    document.addEventListener(type, onIntent, { capture: true, passive: true });
  watchPlaceholdersInWaitingParts();
  takeOverEarlyUse();
  intendPartUnderPointer();
}

/** The part has hydrated: from now on its own code handles everything. Replays what was held. */
export function partHydrated(part: Element): void {
  if (isHydrated(part)) return;
  markHydrated(part);
  handOverEarlyInput(part);
  replayHeld(part);
  releaseNavigationIfDone();
}

/** The shell has hydrated its header and footer: what was pressed in them before is replayed. */
export function shellHydrated(): void {
  const root = document.getElementById(SHELL_ROOT_ID);
  if (root) partHydrated(root);
}
