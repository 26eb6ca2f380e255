// What a visitor does in a prerendered part before its code has run.
//
// A prerendered page is readable and looks ready before its JavaScript is: a visitor may type into a
// form, pick a filter or press a button in a part whose module has not loaded (or not hydrated) yet.
// React drops such presses (a Suspense boundary it cannot hydrate on the spot stops the event), and
// adopts typed values without telling the component. So, from the shell's entry chunk on:
// - presses of buttons and form submissions inside a part that has not hydrated are held, and
//   replayed once it has;
// - values typed or chosen before that are handed to the part's components then, as if typed again;
// - a move to another #anchor of the page reaches the router once the parts have hydrated.
// Links are left alone: the browser follows them to their prerendered page (or anchor).
// A part is the element RemotePart renders around a remote module (PART_ATTRIBUTE); the part says
// when it has hydrated (partHydrated). This module uses no React, so the entry chunk can load it.

import {
  EARLY_USE_EVENTS,
  EARLY_USE_GLOBAL,
  PRESSABLE_SELECTOR,
  type EarlyUse,
} from '@agentora/contracts/prerendered-page';

/** The attribute on the element around each remote part: its module id ('content/HomePage'). */
export const PART_ATTRIBUTE = 'data-part';

const hydrated = new WeakSet<Element>();
const held = new Map<Element, Array<() => void>>();
const intentListeners = new Set<(part: Element) => void>();

/** The element of the shell's own prerendered markup (header, footer) until the shell hydrates. */
const SHELL_ROOT_ID = 'root';

/**
 * The part whose code owns `target`: the remote part around it, or else the shell (its root) for
 * the header and footer.
 */
function owner(target: Element): Element | null {
  return target.closest(`[${PART_ATTRIBUTE}]`) ?? target.closest(`#${SHELL_ROOT_ID}`);
}

/** The part around `target` when its code has not hydrated it yet. */
function waitingPart(target: EventTarget | null): Element | undefined {
  const part = target instanceof Element ? owner(target) : null;
  return part && !hydrated.has(part) ? part : undefined;
}

/** The shell has hydrated its header and footer: what was pressed in them before is replayed. */
export function shellHydrated(): void {
  const root = document.getElementById(SHELL_ROOT_ID);
  if (root) partHydrated(root);
}

function hold(part: Element, replay: () => void): void {
  const queue = held.get(part) ?? [];
  queue.push(replay);
  held.set(part, queue);
  intend(part);
}

// Parts the visitor has shown they are about to use. Kept, because the sign may come before the
// part's component has asked to hear of it (the shell hydrates a moment after the page shows).
const intended = new Set<Element>();

function intend(part: Element): void {
  if (intended.has(part)) return;
  intended.add(part);
  for (const listener of intentListeners) listener(part);
}

/** The form a press of `pressed` sends, if it is that form's submit button. */
function formSentBy(pressed: Element): HTMLFormElement | null {
  return (pressed instanceof HTMLButtonElement || pressed instanceof HTMLInputElement) &&
    (pressed.type === 'submit' || pressed.type === 'image')
    ? pressed.form
    : null;
}

function onClick(event: MouseEvent): void {
  const pressed = event.target instanceof Element ? event.target.closest(PRESSABLE_SELECTOR) : null;
  const part = pressed ? waitingPart(pressed) : undefined;
  if (!pressed || !part || (pressed as HTMLButtonElement).disabled) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  holdPress(part, pressed);
}

/** A press of a form's submit button is the form sent; any other press is pressed again. */
function holdPress(part: Element, pressed: Element): void {
  const form = formSentBy(pressed);
  if (form) holdSubmit(part, form, pressed as HTMLElement);
  else hold(part, () => (pressed as HTMLElement).click());
}

function onSubmit(event: SubmitEvent): void {
  const form = event.target;
  const part = waitingPart(form);
  if (!part || !(form instanceof HTMLFormElement)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  const submitter =
    event.submitter instanceof HTMLElement && event.submitter.matches(PRESSABLE_SELECTOR)
      ? event.submitter
      : null;
  holdSubmit(part, form, submitter);
}

// A visitor who sees nothing happen presses Send again: the form is sent once, as it was last sent.
const heldSubmits = new WeakMap<HTMLFormElement, { submitter: HTMLElement | null }>();

function holdSubmit(part: Element, form: HTMLFormElement, submitter: HTMLElement | null): void {
  const already = heldSubmits.get(form);
  if (already) {
    already.submitter = submitter;
    return;
  }
  const pending = { submitter };
  heldSubmits.set(form, pending);
  hold(part, () => {
    heldSubmits.delete(form);
    form.requestSubmit(pending.submitter);
  });
}

/**
 * A file dragged onto a part that has not hydrated: the browser would open it in place of the page.
 * The drop is held, with its files (readable only while the event runs), and dropped again on the
 * same element once the part's code handles it.
 */
function onDragOver(event: DragEvent): void {
  const part = waitingPart(event.target);
  if (!part) return;
  event.preventDefault();
  intend(part);
}

function onDrop(event: DragEvent): void {
  const target = event.target;
  const part = waitingPart(target);
  if (!part || !(target instanceof Element)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  holdDrop(part, target, Array.from(event.dataTransfer?.files ?? []));
}

function holdDrop(part: Element, target: Element, files: readonly File[]): void {
  hold(part, () => {
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(file);
    target.dispatchEvent(
      new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: transfer }),
    );
    target.dispatchEvent(
      new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }),
    );
  });
}

/** Any sign that the visitor is about to use a part that has not hydrated. */
function onIntent(event: Event): void {
  const part = waitingPart(event.target);
  if (part) intend(part);
}

/** How far ahead of the viewport a part that loads near it starts loading (RemotePart). */
export const NEAR_VIEWPORT_MARGIN = '400px 0px';

/**
 * A prerendered part can hold a placeholder of a section that loads near the viewport (the home
 * page's sign-up sections). Scrolling towards it is a sign of use like any other: the part's code
 * must run for that section to load.
 */
function watchPlaceholdersInWaitingParts(): void {
  if (typeof IntersectionObserver === 'undefined') return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const part = waitingPart(entry.target);
        if (part) intend(part);
      }
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  for (const placeholder of Array.from(document.querySelectorAll('[data-waiting-for-viewport]'))) {
    if (waitingPart(placeholder)) observer.observe(placeholder);
  }
}

// The remote parts that came in the page's HTML (a part rendered later, on the client, has no HTML
// for React to adopt), and the page they came with.
let prerenderedParts: readonly Element[] = [];
let prerenderedPage = '';
const pageOf = (location: Location) => location.pathname + location.search;

/** The prerendered parts still on the page whose code has not hydrated them yet. */
function waitingParts(): Element[] {
  return prerenderedParts.filter((part) => part.isConnected && !hydrated.has(part));
}

// A move to another #anchor of the page (an anchor link in a part that has not hydrated, which the
// browser follows by itself; Back or Forward between two anchors) tells the router at once. React
// must then render every part below the router, and a part it has not hydrated, it cannot adopt
// without its code: it would render it anew (its loading state, then new elements). The browser has
// already scrolled to the anchor, so the router can hear of it later: once the parts have hydrated
// (their code starts loading now) or are gone (a part that failed is replaced by its message).
// (Another page's address goes to the router at once: the parts of this one are not its.) A page
// whose shell never starts (its runtime config unreadable) has no router to tell: the hold ends
// after HOLD_NAVIGATION_AT_MOST_MS whatever happens.
let navigationHeld = false;
let navigationHeldSince = 0;
let replayingNavigation = false;
const RECHECK_HELD_NAVIGATION_MS = 100;
export const HOLD_NAVIGATION_AT_MOST_MS = 15_000;

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
  prerenderedParts = Array.from(document.querySelectorAll(`[${PART_ATTRIBUTE}]`));
  prerenderedPage = pageOf(window.location);
  window.addEventListener('popstate', onPopState);
  // The same signs of use the page's inline script notes before this code runs.
  for (const type of EARLY_USE_EVENTS)
    document.addEventListener(type, onIntent, { capture: true, passive: true });
  watchPlaceholdersInWaitingParts();
  takeOverEarlyUse();
  // The pointer may rest on a part since before the page was parsed: no event says so.
  const hovered = document.querySelectorAll(':hover');
  const underPointer = waitingPart(hovered[hovered.length - 1] ?? null);
  if (underPointer) intend(underPointer);
}

/**
 * What the visitor did before this code ran, noted by the prerendered page's inline script: the
 * parts used start loading, their fields' values are kept for the hand-over, sent forms are held.
 */
function takeOverEarlyUse(): void {
  const early = (window as unknown as Record<string, EarlyUse | undefined>)[EARLY_USE_GLOBAL];
  if (!early) return;
  early.stop();
  for (const target of early.used) {
    const part = waitingPart(target);
    if (!part) continue;
    if (
      target instanceof HTMLInputElement ||
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement
    )
      recordEarlyValue(target);
    intend(part);
  }
  for (const [form, submitter] of early.held) {
    const part = waitingPart(form);
    if (part) holdSubmit(part, form, submitter);
  }
  for (const pressed of early.pressed) {
    const part = waitingPart(pressed);
    if (part) holdPress(part, pressed);
  }
  for (const [target, files] of early.dropped) {
    const part = waitingPart(target);
    if (part && target instanceof Element) holdDrop(part, target, files);
  }
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

const valueSetter = (element: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, 'value')!.set!;

/**
 * Tells the (now hydrated) components about a value the visitor typed before. React compares a
 * field's value with the one it last saw: that is set to something else first, so the input event
 * that follows reads as the change it is.
 */
function handOverValue(field: HTMLInputElement | HTMLTextAreaElement, typed: string): void {
  const focused = document.activeElement === field;
  const selection =
    focused && field.selectionStart !== null
      ? [field.selectionStart, field.selectionEnd ?? field.selectionStart]
      : undefined;
  field.value = typed === '' ? ' ' : '';
  valueSetter(field).call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (selection) field.setSelectionRange(selection[0]!, selection[1]!);
}

/** The same for a ticked box or chosen radio button: React learns of those from a click. */
function handOverChecked(box: HTMLInputElement, checked: boolean): void {
  box.checked = !checked;
  box.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
}

function handOverSelection(select: HTMLSelectElement, selected: readonly boolean[]): void {
  Array.from(select.options).forEach(
    (option, index) => (option.selected = selected[index] ?? false),
  );
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** What the visitor last typed or chose in a field of a part that had not hydrated. */
interface EarlyValue {
  value: string;
  checked: boolean;
  selected: boolean[];
}

// Recorded as it happens, because the field may not keep it: the first render after hydration (a
// component that renders again once it knows it is in a browser, say) sets every controlled field
// back to its component's state, before anything can be handed over.
const earlyValues = new WeakMap<Element, EarlyValue>();

function snapshot(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): EarlyValue {
  return {
    value: field.value,
    checked: field instanceof HTMLInputElement && field.checked,
    selected:
      field instanceof HTMLSelectElement
        ? Array.from(field.options).map((option) => option.selected)
        : [],
  };
}

function onEarlyInput(event: Event): void {
  const field = event.target;
  if (!(
    field instanceof HTMLInputElement ||
    field instanceof HTMLTextAreaElement ||
    field instanceof HTMLSelectElement
  ))
    return;
  if (waitingPart(field)) recordEarlyValue(field);
}

function recordEarlyValue(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): void {
  earlyValues.set(field, snapshot(field));
  // A radio button the visitor chose unchecks the others of its group, without an event of theirs.
  if (field instanceof HTMLInputElement && field.type === 'radio' && field.form && field.name) {
    for (const other of Array.from(
      field.form.querySelectorAll<HTMLInputElement>(`input[type="radio"]`),
    )) {
      if (other !== field && other.name === field.name) earlyValues.set(other, snapshot(other));
    }
  }
}

/**
 * Hands every value changed before hydration in `part` to its components: what was recorded as the
 * visitor typed, or else what the field holds (a value the browser restored, say). All are read
 * first: each hand-over re-renders the part, and a re-render sets the other controlled fields back
 * to what their components still hold.
 */
export function handOverEarlyInput(part: Element): void {
  const handOvers: Array<() => void> = [];
  for (const field of Array.from(part.querySelectorAll('input, textarea, select'))) {
    if (!(
      field instanceof HTMLInputElement ||
      field instanceof HTMLTextAreaElement ||
      field instanceof HTMLSelectElement
    ))
      continue;
    // The shell's own fields only, when the part is the shell: each remote part hands over its own.
    if (owner(field) !== part) continue;
    const early = earlyValues.get(field) ?? snapshot(field);
    earlyValues.delete(field);
    if (field instanceof HTMLSelectElement) {
      const options = Array.from(field.options);
      if (
        options.some((option, index) => (early.selected[index] ?? false) !== option.defaultSelected)
      )
        handOvers.push(() => handOverSelection(field, early.selected));
    } else if (field instanceof HTMLTextAreaElement) {
      if (early.value !== field.defaultValue)
        handOvers.push(() => handOverValue(field, early.value));
    } else if (field.type === 'file') {
      if (field.files && field.files.length > 0)
        handOvers.push(() => field.dispatchEvent(new Event('change', { bubbles: true })));
    } else if (field.type === 'checkbox' || field.type === 'radio') {
      // A radio button the visitor left is unchecked by the one they chose.
      if (early.checked !== field.defaultChecked && (field.type === 'checkbox' || early.checked))
        handOvers.push(() => handOverChecked(field, early.checked));
    } else if (early.value !== field.defaultValue) {
      handOvers.push(() => handOverValue(field, early.value));
    }
  }
  for (const handOver of handOvers) handOver();
}

/** The part has hydrated: from now on its own code handles everything. Replays what was held. */
export function partHydrated(part: Element): void {
  if (hydrated.has(part)) return;
  hydrated.add(part);
  handOverEarlyInput(part);
  const queue = held.get(part) ?? [];
  held.delete(part);
  replayInTurn(queue);
  // After this commit's other effects: the last part's hand-over lets a held navigation through.
  if (navigationHeld) queueMicrotask(releaseHeldNavigation);
}

/**
 * Replays what was held one per task, as the visitor did it: React renders an update of a press at
 * the end of its task, so a second press replayed in the same task would still see the state from
 * before the first (a menu pressed twice would stay open).
 */
function replayInTurn(queue: ReadonlyArray<() => void>): void {
  const [next, ...rest] = queue;
  if (!next) return;
  next();
  if (rest.length > 0) setTimeout(() => replayInTurn(rest), 0);
}
