/**
 * Moves focus to the first named field that failed validation, so keyboard and screen-reader users
 * land where the fix is needed. `names` are the form controls' name attributes in any order; the
 * first one in document order wins.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, names: readonly string[]): void {
  if (!form || names.length === 0) return;
  const wanted = new Set(names);
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && wanted.has(name) && typeof (element as HTMLElement).focus === 'function') {
      (element as HTMLElement).focus();
      return;
    }
  }
}
