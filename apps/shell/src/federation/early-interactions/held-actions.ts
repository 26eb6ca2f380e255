// What the visitor did in a part before it hydrated (a press, a form sent, a file dropped), held per
// part and replayed once the part's code handles it.
import { intend } from './intent';

const held = new Map<Element, Array<() => void>>();

/** Holds `replay` until `part` hydrates; holding is also a sign the part is about to be used. */
export function hold(part: Element, replay: () => void): void {
  const queue = held.get(part) ?? [];
  queue.push(replay);
  held.set(part, queue);
  intend(part);
}

/** Replays what was held for `part`, now that it has hydrated. */
export function replayHeld(part: Element): void {
  const queue = held.get(part) ?? [];
  held.delete(part);
  replayInTurn(queue);
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
