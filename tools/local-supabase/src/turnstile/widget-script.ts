// The local stand-in for Cloudflare Turnstile's widget script (api.js), served at /turnstile/v0/api.js:
// `window.turnstile` with explicit rendering, behaving as Cloudflare documents its testing sitekeys
// (https://developers.cloudflare.com/turnstile/troubleshooting/testing/): no frame, no challenge, the
// dummy token. What it leaves out is in this project's README ("The bot check's stand-ins").
import {
  BOT_CHECK_ACTION_PATTERN,
  BOT_CHECK_TOKEN_LIFETIME_MS,
  TURNSTILE_DUMMY_TOKEN,
  TURNSTILE_TESTING_SITEKEYS,
} from '@agentora/backend-rules/bot-check';

/** What the script is told when served: Cloudflare's testing keys and rules, from one place. */
export interface StandInSettings {
  dummyToken: string;
  passes: readonly string[];
  blocks: readonly string[];
  interactive: readonly string[];
  /** The visible widget types; the others (the invisible testing sitekeys) never show anything. */
  visible: readonly string[];
  tokenLifetimeMs: number;
  actionPattern: string;
  cDataPattern: string;
  errorCodes: typeof STAND_IN_ERROR_CODES;
  /** How long a challenge takes here. */
  challengeMs: number;
  /** How long an interactive challenge waits for the click before timeout-callback. */
  interactionTimeoutMs: number;
}

/** The error codes the stand-in hands error-callback: Cloudflare's families (client-side errors). */
export const STAND_IN_ERROR_CODES = {
  /** 600***: challenge execution failure, "also used by failing testing sitekey". */
  blocked: '600010',
  /** 110100: invalid sitekey. */
  unknownSitekey: '110100',
  /** 110420: invalid action. */
  invalidAction: '110420',
  /** 110430: invalid cData. */
  invalidCData: '110430',
} as const;

// Runs in the page, from its source text: it may use nothing from outside its own body but `settings`.
export function installTurnstileStandIn(settings: StandInSettings): void {
  type Callback = ((...args: string[]) => unknown) | undefined;
  type Params = Record<string, unknown> & { sitekey?: unknown };
  interface Widget {
    id: string;
    params: Params;
    box: HTMLElement;
    field: HTMLInputElement | undefined;
    state: 'idle' | 'running' | 'interactive' | 'solved' | 'expired' | 'failed';
    token: string | undefined;
    timers: number[];
  }
  const PREFIX = '[Cloudflare Turnstile stand-in]';
  const existing = (window as unknown as { turnstile?: unknown }).turnstile;
  if (existing) {
    console.warn(`${PREFIX} already loaded: the first copy stays.`);
    return;
  }
  const widgets = new Map<string, Widget>();
  let count = 0;

  const call = (widget: Widget, name: string, ...args: string[]) =>
    (widget.params[name] as Callback)?.(...args);
  const later = (widget: Widget, ms: number, run: () => void) =>
    widget.timers.push(window.setTimeout(run, ms));
  const stop = (widget: Widget) => {
    widget.timers.forEach((timer) => window.clearTimeout(timer));
    widget.timers = [];
  };
  const option = (widget: Widget, name: string, fallback: string) =>
    typeof widget.params[name] === 'string' ? (widget.params[name] as string) : fallback;

  function show(widget: Widget, text: string | undefined): void {
    widget.box.textContent = '';
    widget.box.hidden = text === undefined;
    if (text !== undefined) widget.box.append(text);
  }

  function showState(widget: Widget): void {
    const appearance = option(widget, 'appearance', 'always');
    const sitekey = String(widget.params.sitekey);
    const shown =
      settings.visible.includes(sitekey) &&
      (appearance === 'always' || (appearance === 'execute' && widget.state !== 'idle'));
    show(widget, shown ? `Bot check (local stand-in): ${widget.state}` : undefined);
  }

  function setResponseField(widget: Widget, token: string): void {
    if (widget.params['response-field'] === false || !widget.box.closest('form')) return;
    if (!widget.field) {
      widget.field = document.createElement('input');
      widget.field.type = 'hidden';
      widget.field.name = option(widget, 'response-field-name', 'cf-turnstile-response');
      widget.box.after(widget.field);
    }
    widget.field.value = token;
  }

  function fail(widget: Widget, code: string): void {
    widget.state = 'failed';
    showState(widget);
    const handled = widget.params['error-callback'] !== undefined;
    call(widget, 'error-callback', code);
    // Cloudflare throws when no error-callback handles an error; and retries unless told not to.
    if (!handled) throw new Error(`${PREFIX} error ${code} and no error-callback`);
    if (option(widget, 'retry', 'auto') !== 'never') {
      const interval = Number(widget.params['retry-interval'] ?? 8000);
      later(widget, interval, () => run(widget));
    }
  }

  function solve(widget: Widget): void {
    widget.state = 'solved';
    widget.token = settings.dummyToken;
    showState(widget);
    setResponseField(widget, settings.dummyToken);
    call(widget, 'callback', settings.dummyToken);
    later(widget, settings.tokenLifetimeMs, () => {
      widget.state = 'expired';
      showState(widget);
      call(widget, 'expired-callback', settings.dummyToken);
      if (option(widget, 'refresh-expired', 'auto') === 'auto') restart(widget, true);
    });
  }

  function interact(widget: Widget): void {
    widget.state = 'interactive';
    call(widget, 'before-interactive-callback');
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Verify you are human (local stand-in)';
    button.addEventListener('click', () => {
      stop(widget);
      call(widget, 'after-interactive-callback');
      solve(widget);
    });
    show(widget, undefined);
    widget.box.hidden = false;
    widget.box.append(button);
    later(widget, settings.interactionTimeoutMs, () => {
      call(widget, 'timeout-callback');
      restart(widget, option(widget, 'refresh-timeout', 'auto') === 'auto');
    });
  }

  function run(widget: Widget): void {
    stop(widget);
    widget.state = 'running';
    showState(widget);
    later(widget, settings.challengeMs, () => {
      const sitekey = String(widget.params.sitekey);
      const action = widget.params.action;
      const cData = widget.params.cData;
      const codes = settings.errorCodes;
      if (action !== undefined && !new RegExp(settings.actionPattern).test(String(action))) {
        fail(widget, codes.invalidAction);
      } else if (cData !== undefined && !new RegExp(settings.cDataPattern).test(String(cData))) {
        fail(widget, codes.invalidCData);
      } else if (settings.blocks.includes(sitekey)) fail(widget, codes.blocked);
      else if (settings.interactive.includes(sitekey)) interact(widget);
      else if (settings.passes.includes(sitekey)) solve(widget);
      else fail(widget, codes.unknownSitekey);
    });
  }

  /** Back to the start; the challenge runs again when `runAgain`. */
  function restart(widget: Widget, runAgain: boolean): void {
    stop(widget);
    widget.token = undefined;
    if (widget.field) widget.field.value = '';
    widget.state = 'idle';
    showState(widget);
    if (runAgain) run(widget);
  }

  /** In render mode the challenge runs at render and after a reset; in execute mode only on execute. */
  const runsOnRender = (widget: Widget) => option(widget, 'execution', 'render') === 'render';

  function find(target?: unknown): Widget | undefined {
    if (target === undefined) return widgets.values().next().value;
    if (typeof target === 'string' && widgets.has(target)) return widgets.get(target);
    const element = typeof target === 'string' ? document.querySelector(target) : target;
    for (const widget of widgets.values()) if (widget.box.parentElement === element) return widget;
    return undefined;
  }

  const turnstile = {
    render(container: unknown, params: Params = {}): string {
      const element = typeof container === 'string' ? document.querySelector(container) : container;
      if (!(element instanceof HTMLElement)) throw new Error(`${PREFIX} no such container`);
      if (typeof params.sitekey !== 'string') throw new Error(`${PREFIX} a sitekey is required`);
      count += 1;
      const box = document.createElement('div');
      box.dataset.turnstileStandIn = params.sitekey;
      element.append(box);
      const widget: Widget = {
        id: `cf-stand-in-${count}`,
        params,
        box,
        field: undefined,
        state: 'idle',
        token: undefined,
        timers: [],
      };
      widgets.set(widget.id, widget);
      restart(widget, runsOnRender(widget));
      return widget.id;
    },
    execute(target?: unknown): void {
      const widget = find(target);
      if (widget && (widget.state === 'idle' || widget.state === 'expired')) run(widget);
    },
    reset(target?: unknown): void {
      const widget = find(target);
      if (widget) restart(widget, runsOnRender(widget));
    },
    remove(target?: unknown): void {
      const widget = find(target);
      if (!widget) return;
      stop(widget);
      widget.field?.remove();
      widget.box.remove();
      widgets.delete(widget.id);
    },
    getResponse(target?: unknown): string | undefined {
      return find(target)?.token;
    },
    isExpired(target?: unknown): boolean {
      return find(target)?.state === 'expired';
    },
    ready(callback: () => void): void {
      callback();
    },
  };
  (window as unknown as { turnstile: typeof turnstile }).turnstile = turnstile;
}

/** The stand-in's settings: Cloudflare's testing sitekeys and the site's rules. */
export const STAND_IN_SETTINGS: StandInSettings = {
  dummyToken: TURNSTILE_DUMMY_TOKEN,
  passes: [TURNSTILE_TESTING_SITEKEYS.passes, TURNSTILE_TESTING_SITEKEYS.invisiblePasses],
  blocks: [TURNSTILE_TESTING_SITEKEYS.blocks, TURNSTILE_TESTING_SITEKEYS.invisibleBlocks],
  interactive: [TURNSTILE_TESTING_SITEKEYS.forcesInteractive],
  visible: [
    TURNSTILE_TESTING_SITEKEYS.passes,
    TURNSTILE_TESTING_SITEKEYS.blocks,
    TURNSTILE_TESTING_SITEKEYS.forcesInteractive,
  ],
  tokenLifetimeMs: BOT_CHECK_TOKEN_LIFETIME_MS,
  actionPattern: BOT_CHECK_ACTION_PATTERN.source,
  // Cloudflare's rule for cData: up to 255 letters, digits, `_` and `-`.
  cDataPattern: '^[A-Za-z0-9_-]{0,255}$',
  errorCodes: STAND_IN_ERROR_CODES,
  challengeMs: 50,
  interactionTimeoutMs: 120_000,
};

/**
 * The script as served: the function's own source, called with the settings. Node serves it with its
 * types stripped to blanks, which the trim of each line's end tidies.
 */
export function widgetScript(settings: StandInSettings = STAND_IN_SETTINGS): string {
  const source = installTurnstileStandIn.toString().replace(/[ \t]+$/gm, '');
  return `(${source})(${JSON.stringify(settings)});\n`;
}
