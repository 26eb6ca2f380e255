/**
 * @jest-environment jsdom
 */
import {
  BOT_CHECK_TOKEN_LIFETIME_MS,
  TURNSTILE_DUMMY_TOKEN,
  TURNSTILE_TESTING_SITEKEYS as SITEKEYS,
} from '@agentora/backend-rules/bot-check';
import {
  STAND_IN_ERROR_CODES,
  STAND_IN_SETTINGS,
  widgetScript,
} from '../src/turnstile/widget-script.ts';

// The widget script stand-in in a page (jsdom), run from the very text the server serves: explicit
// rendering with each testing sitekey, the callbacks in Cloudflare's order, on a fake clock.
interface Turnstile {
  render(container: unknown, params: Record<string, unknown>): string;
  execute(target?: unknown): void;
  reset(target?: unknown): void;
  remove(target?: unknown): void;
  getResponse(target?: unknown): string | undefined;
  isExpired(target?: unknown): boolean;
}
const turnstile = () => (window as unknown as { turnstile: Turnstile }).turnstile;
const CHALLENGE = STAND_IN_SETTINGS.challengeMs;

beforeEach(() => {
  jest.useFakeTimers();
  delete (window as unknown as { turnstile?: unknown }).turnstile;
  document.body.innerHTML = '<form><input name="email"><div id="widget"></div></form>';
  new Function(widgetScript())();
});
afterEach(() => jest.useRealTimers());

function callbacks() {
  const seen: string[] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      seen.push([name, ...args].join(' '));
      return true;
    };
  return {
    seen,
    params: {
      callback: record('callback'),
      'error-callback': record('error'),
      'expired-callback': record('expired'),
      'timeout-callback': record('timeout'),
      'before-interactive-callback': record('before-interactive'),
      'after-interactive-callback': record('after-interactive'),
    },
  };
}

const box = () => document.querySelector<HTMLElement>('[data-turnstile-stand-in]')!;

describe('the widget script stand-in', () => {
  it('in execute mode runs nothing until execute, then hands the callback the dummy token', () => {
    const { seen, params } = callbacks();
    const id = turnstile().render('#widget', {
      sitekey: SITEKEYS.invisiblePasses,
      execution: 'execute',
      appearance: 'interaction-only',
      action: 'waitlist',
      'response-field': false,
      ...params,
    });
    jest.advanceTimersByTime(10 * CHALLENGE);
    expect(seen).toEqual([]);
    turnstile().execute(id);
    jest.advanceTimersByTime(CHALLENGE);
    expect(seen).toEqual([`callback ${TURNSTILE_DUMMY_TOKEN}`]);
    expect(turnstile().getResponse(id)).toBe(TURNSTILE_DUMMY_TOKEN);
    expect(box().hidden).toBe(true);
    expect(document.querySelector('input[type="hidden"]')).toBeNull();
  });

  it('in render mode runs at once, and puts the token in the form unless told not to', () => {
    const { seen, params } = callbacks();
    turnstile().render(document.getElementById('widget'), { sitekey: SITEKEYS.passes, ...params });
    jest.advanceTimersByTime(CHALLENGE);
    expect(seen).toEqual([`callback ${TURNSTILE_DUMMY_TOKEN}`]);
    const field = document.querySelector<HTMLInputElement>('input[name="cf-turnstile-response"]');
    expect(field?.value).toBe(TURNSTILE_DUMMY_TOKEN);
    // A visible sitekey with the default appearance shows itself.
    expect(box().hidden).toBe(false);
  });

  it.each([
    ['the always-blocking sitekey', { sitekey: SITEKEYS.blocks }, STAND_IN_ERROR_CODES.blocked],
    [
      'the invisible blocking one',
      { sitekey: SITEKEYS.invisibleBlocks },
      STAND_IN_ERROR_CODES.blocked,
    ],
    ['an unknown sitekey', { sitekey: '0x4AAAAAAAreal' }, STAND_IN_ERROR_CODES.unknownSitekey],
    [
      'an action of 33 characters',
      { sitekey: SITEKEYS.passes, action: 'a'.repeat(33) },
      STAND_IN_ERROR_CODES.invalidAction,
    ],
    [
      'cData with a space',
      { sitekey: SITEKEYS.passes, cData: 'a b' },
      STAND_IN_ERROR_CODES.invalidCData,
    ],
  ])(
    'calls the error callback for %s, again every retry interval unless retry is never',
    (_case, options, code) => {
      const { seen, params } = callbacks();
      const id = turnstile().render('#widget', { ...options, 'retry-interval': 1000, ...params });
      jest.advanceTimersByTime(CHALLENGE);
      expect(seen).toEqual([`error ${code}`]);
      jest.advanceTimersByTime(1000 + CHALLENGE);
      expect(seen).toEqual([`error ${code}`, `error ${code}`]);
      expect(turnstile().getResponse(id)).toBeUndefined();

      turnstile().remove(id);
      const once = callbacks();
      turnstile().render('#widget', { ...options, retry: 'never', ...once.params });
      jest.advanceTimersByTime(60_000);
      expect(once.seen).toEqual([`error ${code}`]);
    },
  );

  it('throws, as Cloudflare does, when no error callback handles a failure', () => {
    turnstile().render('#widget', { sitekey: SITEKEYS.blocks });
    expect(() => jest.advanceTimersByTime(CHALLENGE)).toThrow(/error 600010/);
  });

  it('expires the token after its lifetime, and refreshes it unless told not to', () => {
    const auto = callbacks();
    const id = turnstile().render('#widget', { sitekey: SITEKEYS.passes, ...auto.params });
    jest.advanceTimersByTime(CHALLENGE + BOT_CHECK_TOKEN_LIFETIME_MS - 1);
    expect(turnstile().isExpired(id)).toBe(false);
    jest.advanceTimersByTime(1);
    expect(auto.seen.slice(1)).toEqual([`expired ${TURNSTILE_DUMMY_TOKEN}`]);
    jest.advanceTimersByTime(CHALLENGE);
    expect(auto.seen.slice(2)).toEqual([`callback ${TURNSTILE_DUMMY_TOKEN}`]);
    turnstile().remove(id);

    const never = callbacks();
    const kept = turnstile().render('#widget', {
      sitekey: SITEKEYS.passes,
      'refresh-expired': 'never',
      ...never.params,
    });
    jest.advanceTimersByTime(CHALLENGE + BOT_CHECK_TOKEN_LIFETIME_MS + 10 * CHALLENGE);
    expect(never.seen).toEqual([
      `callback ${TURNSTILE_DUMMY_TOKEN}`,
      `expired ${TURNSTILE_DUMMY_TOKEN}`,
    ]);
    expect(turnstile().isExpired(kept)).toBe(true);
  });

  it('reset drops the token and waits for execute again; execute on a solved widget does nothing', () => {
    const { seen, params } = callbacks();
    const id = turnstile().render('#widget', {
      sitekey: SITEKEYS.passes,
      execution: 'execute',
      ...params,
    });
    turnstile().execute(id);
    jest.advanceTimersByTime(CHALLENGE);
    turnstile().execute(id);
    jest.advanceTimersByTime(CHALLENGE);
    expect(seen).toHaveLength(1);
    turnstile().reset(id);
    expect(turnstile().getResponse(id)).toBeUndefined();
    jest.advanceTimersByTime(10 * CHALLENGE);
    expect(seen).toHaveLength(1);
    turnstile().execute('#widget');
    jest.advanceTimersByTime(CHALLENGE);
    expect(seen).toEqual([
      `callback ${TURNSTILE_DUMMY_TOKEN}`,
      `callback ${TURNSTILE_DUMMY_TOKEN}`,
    ]);
  });

  it('remove takes the widget out of the page and calls nothing afterwards', () => {
    const { seen, params } = callbacks();
    const id = turnstile().render('#widget', { sitekey: SITEKEYS.passes, ...params });
    turnstile().remove(id);
    jest.advanceTimersByTime(BOT_CHECK_TOKEN_LIFETIME_MS * 2);
    expect(seen).toEqual([]);
    expect(document.getElementById('widget')!.children).toHaveLength(0);
    expect(turnstile().getResponse(id)).toBeUndefined();
  });

  it('forces an interactive challenge with its sitekey: a button, then the token; or a timeout', () => {
    const { seen, params } = callbacks();
    turnstile().render('#widget', {
      sitekey: SITEKEYS.forcesInteractive,
      appearance: 'interaction-only',
      'refresh-timeout': 'never',
      execution: 'execute',
      ...params,
    });
    turnstile().execute('#widget');
    jest.advanceTimersByTime(CHALLENGE);
    expect(seen).toEqual(['before-interactive']);
    expect(box().hidden).toBe(false);
    box().querySelector('button')!.click();
    expect(seen).toEqual([
      'before-interactive',
      'after-interactive',
      `callback ${TURNSTILE_DUMMY_TOKEN}`,
    ]);

    turnstile().reset('#widget');
    turnstile().execute('#widget');
    jest.advanceTimersByTime(CHALLENGE + STAND_IN_SETTINGS.interactionTimeoutMs);
    expect(seen.slice(3)).toEqual(['before-interactive', 'timeout']);
  });

  it('is installed once however often the script runs', () => {
    const first = turnstile();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    new Function(widgetScript())();
    expect(turnstile()).toBe(first);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('already loaded'));
    warn.mockRestore();
  });

  it('refuses a container that is not in the page, and a render without a sitekey', () => {
    expect(() => turnstile().render('#nowhere', { sitekey: SITEKEYS.passes })).toThrow(/container/);
    expect(() => turnstile().render('#widget', {})).toThrow(/sitekey/);
  });
});
