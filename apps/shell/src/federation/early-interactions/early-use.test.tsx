import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { prerenderedPageLoader } from '@agentora/contracts/prerendered-page';
import { partHydrated, PART_ATTRIBUTE, watchEarlyInteractions } from './index';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// A form sent on a prerendered page before the shell's entry has even run: the page's inline
// loader keeps it, the entry takes it over and sends it once the form's code has hydrated.
function Newsletter({ onSubmitted }: { onSubmitted: (email: string) => void }) {
  const [email, setEmail] = useState('');
  return (
    <div {...{ [PART_ATTRIBUTE]: 'signups/Newsletter' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmitted(email);
        }}
      >
        <input
          aria-label="Email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit">Subscribe</button>
      </form>
    </div>
  );
}

it('a form sent before the entry ran is sent once, with what was typed, after the part hydrates', async () => {
  const onSubmitted = jest.fn();
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Newsletter onSubmitted={onSubmitted} />);
  document.body.append(container);
  new Function(prerenderedPageLoader([]))();

  const email = container.querySelector('input')!;
  email.value = 'ada@example.com';
  email.dispatchEvent(new Event('input', { bubbles: true }));
  container.querySelector('button')!.click();

  watchEarlyInteractions();
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, <Newsletter onSubmitted={onSubmitted} />);
  });
  expect(onSubmitted).not.toHaveBeenCalled();
  await act(async () => partHydrated(container.querySelector(`[${PART_ATTRIBUTE}]`)!));

  expect(onSubmitted).toHaveBeenCalledTimes(1);
  expect(onSubmitted).toHaveBeenCalledWith('ada@example.com');
  act(() => root?.unmount());
});

function Menu({ onPressed }: { onPressed: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div {...{ [PART_ATTRIBUTE]: 'content/Menu' }}>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => {
          onPressed(!open);
          setOpen(!open);
        }}
      >
        Menu
      </button>
    </div>
  );
}

it('a button pressed before the entry ran is pressed again, as often, after the part hydrates', async () => {
  const onPressed = jest.fn();
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Menu onPressed={onPressed} />);
  document.body.append(container);
  new Function(prerenderedPageLoader([]))();

  container.querySelector('button')!.click();
  container.querySelector('button')!.click();
  container.querySelector('button')!.click();

  watchEarlyInteractions();
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, <Menu onPressed={onPressed} />);
  });
  expect(onPressed).not.toHaveBeenCalled();
  await act(async () => partHydrated(container.querySelector(`[${PART_ATTRIBUTE}]`)!));
  // One press per task, as they were made: each sees what the one before did.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));

  expect(onPressed.mock.calls).toEqual([[true], [false], [true]]);
  expect(container.querySelector('button')!.getAttribute('aria-expanded')).toBe('true');
  act(() => root?.unmount());
});
