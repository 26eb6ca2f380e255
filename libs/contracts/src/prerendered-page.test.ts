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

  it('where the browser reports paints, waits for the first contentful paint as well', () => {
    let report: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | undefined;
    const disconnect = jest.fn();
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: (list: unknown, observer: unknown) => void) {
        report = (list) => callback(list, this);
      }
      observe = jest.fn();
      disconnect = disconnect;
    }
    const original = (window as { PerformanceObserver?: unknown }).PerformanceObserver;
    (window as { PerformanceObserver?: unknown }).PerformanceObserver = FakeObserver;
    try {
      new Function(prerenderedPageLoader(['/main.1.js']))();
      jest.advanceTimersToNextFrame();
      jest.advanceTimersToNextFrame();
      jest.runOnlyPendingTimers();
      // Two frames have run, but the paint is not reported on screen yet.
      expect(document.head.querySelectorAll('script')).toHaveLength(0);
      report!({ getEntriesByName: () => [] });
      jest.runOnlyPendingTimers();
      expect(document.head.querySelectorAll('script')).toHaveLength(0);
      report!({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
      expect(disconnect).toHaveBeenCalled();
      jest.runOnlyPendingTimers();
      expect(document.head.querySelectorAll('script')).toHaveLength(1);
    } finally {
      (window as { PerformanceObserver?: unknown }).PerformanceObserver = original;
    }
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

    // Sent from the keyboard (Enter in a field presses the form's submit button, which the loader
    // keeps as the form sent without a submit event: see the presses below).
    form.requestSubmit(button);
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

describe('presses before the entry ran', () => {
  afterEach(() => {
    earlyUse()?.stop();
    document.body.innerHTML = '';
  });

  it("keeps each press of a button, in order, and a submit button's press as its form sent", () => {
    new Function(prerenderedPageLoader([]))();
    document.body.innerHTML =
      '<button id="menu">Menu</button><div role="button" id="card"><span>Read</span></div>' +
      '<form><button id="send">Send</button><button type="button" id="clear">Clear</button></form>' +
      '<button id="off" disabled>Off</button><a href="#about" id="link">About</a>';
    const byId = (id: string) => document.getElementById(id)!;
    const defaults: boolean[] = [];
    document.addEventListener('click', (event) => defaults.push(event.defaultPrevented));

    byId('menu').click();
    (byId('card').firstChild as HTMLElement).click();
    byId('send').click();
    byId('clear').click();
    byId('menu').click();
    byId('off').click();
    byId('off').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    byId('link').click();

    expect(earlyUse().pressed).toEqual([byId('menu'), byId('card'), byId('clear'), byId('menu')]);
    expect(earlyUse().held).toEqual([[document.querySelector('form'), byId('send')]]);
    // Links are followed, the disabled button does nothing anyway: neither is held.
    expect(defaults).toEqual([true, true, true, true, true, false, false]);

    earlyUse().stop();
    byId('menu').click();
    expect(earlyUse().pressed).toHaveLength(4);
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
