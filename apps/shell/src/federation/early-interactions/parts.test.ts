// Which code owns an element of the prerendered page: its remote part, else the shell's root.
import {
  isHydrated,
  markHydrated,
  owner,
  PART_ATTRIBUTE,
  SHELL_ROOT_ID,
  waitingPart,
} from './parts';

function page() {
  const root = document.createElement('div');
  root.id = SHELL_ROOT_ID;
  root.innerHTML = `<header><button>Menu</button></header><main><div ${PART_ATTRIBUTE}="content/HomePage"><button>Read</button></div></main>`;
  document.body.append(root);
  const [menu, read] = Array.from(root.querySelectorAll('button'));
  const part = root.querySelector(`[${PART_ATTRIBUTE}]`)!;
  return { root, part, menu: menu!, read: read! };
}

afterEach(() => document.body.replaceChildren());

it('is the remote part around an element, or the shell for its header and footer', () => {
  const { root, part, menu, read } = page();
  expect(owner(read)).toBe(part);
  expect(owner(menu)).toBe(root);
  expect(owner(document.body)).toBeNull();
});

it('waits until its code has hydrated it', () => {
  const { part, root, read, menu } = page();
  expect(waitingPart(read)).toBe(part);
  expect(isHydrated(part)).toBe(false);
  markHydrated(part);
  expect(isHydrated(part)).toBe(true);
  expect(waitingPart(read)).toBeUndefined();
  expect(waitingPart(menu)).toBe(root);
  expect(waitingPart(null)).toBeUndefined();
});
