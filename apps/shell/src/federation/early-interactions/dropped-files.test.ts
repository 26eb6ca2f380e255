// A file dropped on a prerendered part before its code hydrated: the browser must not open it in place
// of the page, and the part's own drop handler gets it, with its files, once the part has hydrated.
import { onEarlyIntent, PART_ATTRIBUTE, partHydrated, watchEarlyInteractions } from './index';

// jsdom has neither DataTransfer nor DragEvent: the least of each the module uses.
class TestDataTransfer {
  readonly files: File[] = [];
  readonly items = { add: (file: File) => this.files.push(file) };
}
class TestDragEvent extends Event {
  readonly dataTransfer: TestDataTransfer | null;
  constructor(type: string, init: EventInit & { dataTransfer?: TestDataTransfer | null } = {}) {
    super(type, init);
    this.dataTransfer = init.dataTransfer ?? null;
  }
}
Object.assign(globalThis, { DataTransfer: TestDataTransfer, DragEvent: TestDragEvent });

const intended: Element[] = [];
watchEarlyInteractions();
onEarlyIntent((part) => intended.push(part));

function dropZoneInPart() {
  const part = document.createElement('div');
  part.setAttribute(PART_ATTRIBUTE, 'careers/CareersPage');
  const zone = document.createElement('div');
  part.append(zone);
  document.body.append(part);
  const seen: Array<{ type: string; files: string[] }> = [];
  for (const type of ['dragenter', 'drop'])
    zone.addEventListener(type, (event) =>
      seen.push({
        type,
        files: ((event as TestDragEvent).dataTransfer?.files ?? []).map((file) => file.name),
      }),
    );
  return { part, zone, seen };
}

const drag = (type: string, files: File[] = []) => {
  const dataTransfer = new TestDataTransfer();
  for (const file of files) dataTransfer.items.add(file);
  return new TestDragEvent(type, { bubbles: true, cancelable: true, dataTransfer });
};
const microtasks = () => new Promise<void>((resolve) => queueMicrotask(resolve));

it('keeps the browser from opening the file, and drops it again once the part has hydrated', async () => {
  const { part, zone, seen } = dropZoneInPart();
  const over = drag('dragover');
  zone.dispatchEvent(over);
  expect(over.defaultPrevented).toBe(true);
  await microtasks();
  expect(intended).toContain(part);

  const drop = drag('drop', [new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' })]);
  zone.dispatchEvent(drop);
  expect(drop.defaultPrevented).toBe(true);
  expect(seen).toEqual([]);

  partHydrated(part);
  expect(seen).toEqual([
    { type: 'dragenter', files: ['cv.pdf'] },
    { type: 'drop', files: ['cv.pdf'] },
  ]);
  part.remove();
});

it('leaves a drop on a part that has hydrated to the part', () => {
  const { part, zone, seen } = dropZoneInPart();
  partHydrated(part);
  const drop = drag('drop', [new File(['x'], 'cv.docx')]);
  zone.dispatchEvent(drop);
  expect(drop.defaultPrevented).toBe(false);
  expect(seen).toEqual([{ type: 'drop', files: ['cv.docx'] }]);
  part.remove();
});
