// Values typed or chosen in a part before it hydrated. React adopts a prerendered field's value
// without telling its component, so the component still holds its initial state: once the part has
// hydrated, each such value is handed to it as if typed again.
import { owner, waitingPart } from './parts';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export function isField(target: unknown): target is Field {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
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

function snapshot(field: Field): EarlyValue {
  return {
    value: field.value,
    checked: field instanceof HTMLInputElement && field.checked,
    selected:
      field instanceof HTMLSelectElement
        ? Array.from(field.options).map((option) => option.selected)
        : [],
  };
}

export function onEarlyInput(event: Event): void {
  const field = event.target;
  if (!isField(field)) return;
  if (waitingPart(field)) recordEarlyValue(field);
}

export function recordEarlyValue(field: Field): void {
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
    if (!isField(field)) continue;
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
