/** @jest-environment jsdom */
import { EARLY_USE_GLOBAL, prerenderedPageLoader, type EarlyUse } from './prerendered-page';

const earlyUse = () => (window as unknown as Record<string, EarlyUse>)[EARLY_USE_GLOBAL]!;

describe("a prerendered page's inline loader", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    earlyUse()?.stop();
    jest.useRealTimers();
    document.head.querySelectorAll('script').forEach((script) => script.remove());
    document.body.innerHTML = '';
  });

  it('adds the scripts, in order, only after the next paint', () => {
    new Function(prerenderedPageLoader(['/main.1.js', '/other.2.js']))();
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    jest.advanceTimersToNextFrame();
    jest.advanceTimersToNextFrame();
    // The frames' callbacks ran before their paints; the second queued the loading for after it.
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    jest.runOnlyPendingTimers();
    const scripts = Array.from(document.head.querySelectorAll('script'));
    expect(scripts.map((script) => script.getAttribute('src'))).toEqual([
      '/main.1.js',
      '/other.2.js',
    ]);
    // Executed in that order, though added by script.
    expect(scripts.every((script) => !script.async)).toBe(true);
  });

  it('keeps a form sent before the entry ran from being sent by the browser, until stopped', () => {
    new Function(prerenderedPageLoader([]))();
    document.body.innerHTML =
      '<form><input name="email" value="ada@example.com"><button type="submit">Send</button></form>';
    const form = document.querySelector('form')!;
    const button = document.querySelector('button')!;
    let defaultPrevented: boolean | undefined;
    document.addEventListener('submit', (event) => (defaultPrevented = event.defaultPrevented), {
      once: true,
    });

    button.click();
    expect(defaultPrevented).toBe(true);
    expect(earlyUse().held).toEqual([[form, button]]);

    earlyUse().stop();
    document.addEventListener(
      'submit',
      (event) => {
        defaultPrevented = event.defaultPrevented;
        event.preventDefault();
      },
      { once: true },
    );
    form.requestSubmit();
    expect(defaultPrevented).toBe(false);
    expect(earlyUse().held).toHaveLength(1);
  });
});

describe('what the inline loader notes as used', () => {
  afterEach(() => {
    earlyUse()?.stop();
    document.body.innerHTML = '';
  });

  it('notes each element typed in, chosen or pressed once, in order, until stopped', () => {
    new Function(prerenderedPageLoader([]))();
    document.body.innerHTML = '<input id="a"><select id="b"><option>x</option></select>';
    const [a, b] = [document.getElementById('a')!, document.getElementById('b')!];
    a.dispatchEvent(new Event('focusin', { bubbles: true }));
    a.dispatchEvent(new Event('input', { bubbles: true }));
    b.dispatchEvent(new Event('change', { bubbles: true }));
    expect(earlyUse().used).toEqual([a, b]);

    earlyUse().stop();
    a.dispatchEvent(new Event('keydown', { bubbles: true }));
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(earlyUse().used).toEqual([a, b]);
  });
});
