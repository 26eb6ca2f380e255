// What a visitor does in a prerendered part before its code has run.
//
// A prerendered page is readable and looks ready before its JavaScript is: a visitor may type into a
// form, pick a filter or press a button in a part whose module has not loaded (or not hydrated) yet.
// React drops such presses (a Suspense boundary it cannot hydrate on the spot stops the event), and
// adopts typed values without telling the component. So, from the shell's entry chunk on:
// - presses of buttons and form submissions inside a part that has not hydrated are held, and
//   replayed once it has;
// - values typed or chosen before that are handed to the part's components then, as if typed again.
// Links are left alone: the browser follows them to their prerendered page.
// A part is the element RemotePart renders around a remote module (PART_ATTRIBUTE); the part says
// when it has hydrated (partHydrated). This module uses no React, so the entry chunk can load it.

import { EARLY_SUBMITS_GLOBAL, type EarlySubmits } from '@agentora/contracts/prerendered-page';

/** The attribute on the element around each remote part: its module id ('content/HomePage'). */
export const PART_ATTRIBUTE = 'data-part';

const PRESSABLE = 'button, input[type="submit"], input[type="button"], input[type="reset"], input[type="image"], [role="button"]';

const hydrated = new WeakSet<Element>();
const held = new Map<Element, Array<() => void>>();
const intentListeners = new Set<(part: Element) => void>();

/** The part around `target` when its code has not hydrated it yet. */
function waitingPart(target: EventTarget | null): Element | undefined {
  const part = target instanceof Element ? target.closest(`[${PART_ATTRIBUTE}]`) : null;
  return part && !hydrated.has(part) ? part : undefined;
}

function hold(part: Element, replay: () => void): void {
  const queue = held.get(part) ?? [];
  queue.push(replay);
  held.set(part, queue);
  for (const listener of intentListeners) listener(part);
}

function onClick(event: MouseEvent): void {
  const pressed = event.target instanceof Element ? event.target.closest(PRESSABLE) : null;
  const part = pressed ? waitingPart(pressed) : undefined;
  if (!pressed || !part || (pressed as HTMLButtonElement).disabled) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  hold(part, () => (pressed as HTMLElement).click());
}

function onSubmit(event: SubmitEvent): void {
  const form = event.target;
  const part = waitingPart(form);
  if (!part || !(form instanceof HTMLFormElement)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  const submitter = event.submitter instanceof HTMLElement && event.submitter.matches(PRESSABLE) ? event.submitter : null;
  hold(part, () => form.requestSubmit(submitter));
}

/** Any sign that the visitor is about to use a part that has not hydrated. */
function onIntent(event: Event): void {
  const part = waitingPart(event.target);
  if (part) for (const listener of intentListeners) listener(part);
}

let watching = false;

/** Starts holding early presses (once; the shell's entry calls it before React loads). */
export function watchEarlyInteractions(): void {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  // Capturing on the document runs before React's own listeners on #root.
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  for (const type of ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'input']) document.addEventListener(type, onIntent, { capture: true, passive: true });
  takeOverEarlySubmits();
}

/** Forms sent before this code ran, kept by the prerendered page's inline script: held like any. */
function takeOverEarlySubmits(): void {
  const early = (window as unknown as Record<string, EarlySubmits | undefined>)[EARLY_SUBMITS_GLOBAL];
  if (!early) return;
  early.stop();
  for (const [form, submitter] of early.held) {
    const part = waitingPart(form);
    if (part) hold(part, () => form.requestSubmit(submitter));
  }
}

/** Calls `listener` with a part the visitor is about to use before it has hydrated. */
export function onEarlyIntent(listener: (part: Element) => void): () => void {
  intentListeners.add(listener);
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
  const selection = focused && field.selectionStart !== null ? [field.selectionStart, field.selectionEnd ?? field.selectionStart] : undefined;
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
  Array.from(select.options).forEach((option, index) => (option.selected = selected[index] ?? false));
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Hands every value changed before hydration in `part` to its components. All are read first: each
 * hand-over re-renders the part, and a re-render sets the other controlled fields back to what
 * their components still hold.
 */
export function handOverEarlyInput(part: Element): void {
  const handOvers: Array<() => void> = [];
  for (const field of Array.from(part.querySelectorAll('input, textarea, select'))) {
    if (field instanceof HTMLSelectElement) {
      const selected = Array.from(field.options).map((option) => option.selected);
      if (Array.from(field.options).some((option, index) => selected[index] !== option.defaultSelected)) handOvers.push(() => handOverSelection(field, selected));
    } else if (field instanceof HTMLTextAreaElement) {
      const typed = field.value;
      if (typed !== field.defaultValue) handOvers.push(() => handOverValue(field, typed));
    } else if (field instanceof HTMLInputElement) {
      if (field.type === 'file') {
        if (field.files && field.files.length > 0) handOvers.push(() => field.dispatchEvent(new Event('change', { bubbles: true })));
      } else if (field.type === 'checkbox' || field.type === 'radio') {
        const checked = field.checked;
        // A radio button the visitor left is unchecked by the one they chose.
        if (checked !== field.defaultChecked && (field.type === 'checkbox' || checked)) handOvers.push(() => handOverChecked(field, checked));
      } else {
        const typed = field.value;
        if (typed !== field.defaultValue) handOvers.push(() => handOverValue(field, typed));
      }
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
  for (const replay of queue) replay();
}
