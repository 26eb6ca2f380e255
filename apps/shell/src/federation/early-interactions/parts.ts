// Which part's code owns an element of the prerendered page, and whether that code has hydrated it.

/** The attribute on the element around each remote part: its module id ('content/HomePage'). */
export const PART_ATTRIBUTE = 'data-part';

/** The element of the shell's own prerendered markup (header, footer) until the shell hydrates. */
export const SHELL_ROOT_ID = 'root';

const hydrated = new WeakSet<Element>();

/**
 * The part whose code owns `target`: the remote part around it, or else the shell (its root) for
 * the header and footer.
 */
export function owner(target: Element): Element | null {
  return target.closest(`[${PART_ATTRIBUTE}]`) ?? target.closest(`#${SHELL_ROOT_ID}`);
}

/** The part around `target` when its code has not hydrated it yet. */
export function waitingPart(target: EventTarget | null): Element | undefined {
  const part = target instanceof Element ? owner(target) : null;
  return part && !hydrated.has(part) ? part : undefined;
}

export function isHydrated(part: Element): boolean {
  return hydrated.has(part);
}

/** Notes that `part`'s own code handles it from now on. */
export function markHydrated(part: Element): void {
  hydrated.add(part);
}
