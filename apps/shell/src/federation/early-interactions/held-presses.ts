// Presses of buttons and forms sent in a part that has not hydrated: React would drop them (a
// Suspense boundary it cannot hydrate on the spot stops the event), so they are held and replayed.
import { PRESSABLE_SELECTOR } from '@agentora/contracts/prerendered-page';
import { hold } from './held-actions';
import { waitingPart } from './parts';

/** The form a press of `pressed` sends, if it is that form's submit button. */
function formSentBy(pressed: Element): HTMLFormElement | null {
  return (pressed instanceof HTMLButtonElement || pressed instanceof HTMLInputElement) &&
    (pressed.type === 'submit' || pressed.type === 'image')
    ? pressed.form
    : null;
}

export function onClick(event: MouseEvent): void {
  const pressed = event.target instanceof Element ? event.target.closest(PRESSABLE_SELECTOR) : null;
  const part = pressed ? waitingPart(pressed) : undefined;
  if (!pressed || !part || (pressed as HTMLButtonElement).disabled) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  holdPress(part, pressed);
}

/** A press of a form's submit button is the form sent; any other press is pressed again. */
export function holdPress(part: Element, pressed: Element): void {
  const form = formSentBy(pressed);
  if (form) holdSubmit(part, form, pressed as HTMLElement);
  else hold(part, () => (pressed as HTMLElement).click());
}

export function onSubmit(event: SubmitEvent): void {
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

export function holdSubmit(
  part: Element,
  form: HTMLFormElement,
  submitter: HTMLElement | null,
): void {
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
