// A file dragged onto a part that has not hydrated: the browser would open it in place of the page.
// The drop is held, with its files (readable only while the event runs), and dropped again on the
// same element once the part's code handles it.
import { hold } from './held-actions';
import { intend } from './intent';
import { waitingPart } from './parts';

export function onDragOver(event: DragEvent): void {
  const part = waitingPart(event.target);
  if (!part) return;
  event.preventDefault();
  intend(part);
}

export function onDrop(event: DragEvent): void {
  const target = event.target;
  const part = waitingPart(target);
  if (!part || !(target instanceof Element)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  holdDrop(part, target, Array.from(event.dataTransfer?.files ?? []));
}

export function holdDrop(part: Element, target: Element, files: readonly File[]): void {
  hold(part, () => {
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(file);
    for (const type of ['dragenter', 'drop'])
      target.dispatchEvent(
        new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }),
      );
  });
}
