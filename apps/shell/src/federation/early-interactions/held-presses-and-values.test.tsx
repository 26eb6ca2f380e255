import { waitFor } from '@testing-library/react';
import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import {
  handOverEarlyInput,
  onEarlyIntent,
  partHydrated,
  PART_ATTRIBUTE,
  watchEarlyInteractions,
} from './index';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// A prerendered form the visitor uses before React has hydrated it.
function Signup({ onSubmitted }: { onSubmitted: (values: object) => void }) {
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [plan, setPlan] = useState('free');
  const [agreed, setAgreed] = useState(false);
  const [presses, setPresses] = useState(0);
  return (
    <div {...{ [PART_ATTRIBUTE]: 'signups/Test' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmitted({ email, note, plan, agreed });
        }}
      >
        <input
          aria-label="Email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <textarea
          aria-label="Note"
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <select aria-label="Plan" value={plan} onChange={(event) => setPlan(event.target.value)}>
          <option value="free">Free</option>
          <option value="pro">Pro</option>
        </select>
        <input
          type="checkbox"
          aria-label="Agree"
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
        />
        <button type="button" onClick={() => setPresses((count) => count + 1)}>
          Pressed {presses}
        </button>
        <button type="submit">Send</button>
      </form>
    </div>
  );
}

const typeNatively = (field: HTMLInputElement | HTMLTextAreaElement, text: string) => {
  // What the browser does for a keystroke: a new value, then an input event.
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('early interactions with a prerendered part', () => {
  let container: HTMLDivElement;
  let root: Root | undefined;
  const onSubmitted = jest.fn();

  beforeAll(() => watchEarlyInteractions());
  beforeEach(() => {
    onSubmitted.mockReset();
    container = document.createElement('div');
    container.innerHTML = renderToString(<Signup onSubmitted={onSubmitted} />);
    document.body.append(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    container.remove();
  });

  const part = () => container.querySelector(`[${PART_ATTRIBUTE}]`)!;
  const field = <T extends Element>(label: string) =>
    container.querySelector<T & Element>(`[aria-label="${label}"]`)!;
  const hydrate = async () => {
    await act(async () => {
      root = hydrateRoot(container, <Signup onSubmitted={onSubmitted} />);
    });
  };

  it('hands what was typed and chosen before hydration to the components, and replays the presses', async () => {
    typeNatively(field<HTMLInputElement>('Email'), 'ada@example.com');
    typeNatively(field<HTMLTextAreaElement>('Note'), 'Early bird');
    field<HTMLSelectElement>('Plan').value = 'pro';
    field<HTMLInputElement>('Agree').click();
    const press = container.querySelector<HTMLButtonElement>('button[type="button"]')!;
    press.click();
    press.click();
    container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    expect(onSubmitted).not.toHaveBeenCalled();

    await hydrate();
    await act(async () => partHydrated(part()));

    // Replayed one per task: the second press and the submit come in later tasks.
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    expect(press).toHaveTextContent('Pressed 2');
    expect(onSubmitted).toHaveBeenCalledWith({
      email: 'ada@example.com',
      note: 'Early bird',
      plan: 'pro',
      agreed: true,
    });
    // Nothing is replayed twice (a replay would come in later tasks: wait for them), and the part
    // now works on its own.
    await act(async () => partHydrated(part()));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(press).toHaveTextContent('Pressed 2');
    expect(onSubmitted).toHaveBeenCalledTimes(1);
    await act(async () =>
      container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click(),
    );
    expect(onSubmitted).toHaveBeenCalledTimes(2);
    expect(field<HTMLInputElement>('Email').value).toBe('ada@example.com');
    expect(field<HTMLInputElement>('Agree').checked).toBe(true);
  });

  it('without hydration, a held form is never submitted by the browser', () => {
    const submitted = jest.fn((event: Event) => event.preventDefault());
    document.addEventListener('submit', submitted);
    try {
      container.querySelector('form')!.requestSubmit();
      expect(submitted).not.toHaveBeenCalled();
    } finally {
      document.removeEventListener('submit', submitted);
    }
  });

  it('leaves untouched fields alone', async () => {
    await hydrate();
    const changed = jest.fn();
    container.addEventListener('input', changed);
    handOverEarlyInput(part());
    expect(changed).not.toHaveBeenCalled();
  });
});

describe('signs of use before the part has asked for them', () => {
  beforeAll(() => watchEarlyInteractions());

  it('a part the visitor used before its component listened is reported once it does', async () => {
    const part = document.createElement('div');
    part.setAttribute(PART_ATTRIBUTE, 'content/AboutPage');
    part.innerHTML = '<p>About</p>';
    document.body.append(part);
    try {
      part.querySelector('p')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      const heard: Element[] = [];
      const stop = onEarlyIntent((used) => heard.push(used));
      await Promise.resolve();
      expect(heard).toContain(part);
      stop();
    } finally {
      part.remove();
    }
  });
});
