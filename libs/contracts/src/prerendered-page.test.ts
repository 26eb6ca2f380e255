/** @jest-environment jsdom */
import { EARLY_SUBMITS_GLOBAL, prerenderedPageLoader, type EarlySubmits } from './prerendered-page';

const earlySubmits = () => (window as unknown as Record<string, EarlySubmits>)[EARLY_SUBMITS_GLOBAL]!;

describe("a prerendered page's inline loader", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    earlySubmits()?.stop();
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
    expect(scripts.map((script) => script.getAttribute('src'))).toEqual(['/main.1.js', '/other.2.js']);
    // Executed in that order, though added by script.
    expect(scripts.every((script) => !script.async)).toBe(true);
  });

  it('keeps a form sent before the entry ran from being sent by the browser, until stopped', () => {
    new Function(prerenderedPageLoader([]))();
    document.body.innerHTML = '<form><input name="email" value="ada@example.com"><button type="submit">Send</button></form>';
    const form = document.querySelector('form')!;
    const button = document.querySelector('button')!;
    let defaultPrevented: boolean | undefined;
    document.addEventListener('submit', (event) => (defaultPrevented = event.defaultPrevented), { once: true });

    button.click();
    expect(defaultPrevented).toBe(true);
    expect(earlySubmits().held).toEqual([[form, button]]);

    earlySubmits().stop();
    document.addEventListener('submit', (event) => {
      defaultPrevented = event.defaultPrevented;
      event.preventDefault();
    }, { once: true });
    form.requestSubmit();
    expect(defaultPrevented).toBe(false);
    expect(earlySubmits().held).toHaveLength(1);
  });
});
