// The bot check for the forms' component tests (imported as @agentora/forms/testing; never by app code).
import { setRuntimeConfig, type RuntimeConfig } from '@agentora/data';
import type { TurnstileApi, TurnstileRenderParams } from '../bot-check/turnstile-api';

/** Where the page's runtime config says the widget's script is: the fake serves this URL only. */
export const FAKE_BOT_CHECK_SCRIPT_URL =
  'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

/** What the widget does when the form asks for a token. */
export type FakeBotCheckBehaviour =
  /** The challenge passes and the widget's callback gets `token`. */
  | { pass: string }
  /** The challenge fails: the error-callback gets Cloudflare's code (600010: a bot). */
  | { fail: string }
  /** The script never loads: its element's error event, as when blocked by the policy or offline. */
  | 'script-blocked';

export interface FakeBotCheck {
  /** The script URLs the page has asked for so far, in order. */
  readonly scriptsRequested: string[];
  /** The actions of the widgets rendered so far, in order. */
  readonly rendered: string[];
  /** What the next challenges (and the next script load) do. */
  behave(behaviour: FakeBotCheckBehaviour): void;
  /** Takes the fake out of the page: `window.turnstile`, the script elements, the watch on <head>. */
  dispose(): void;
}

const CONFIG: RuntimeConfig = {
  remotes: {
    content: '/content/mf-manifest.json',
    signups: '/signups/mf-manifest.json',
    careers: '/careers/mf-manifest.json',
    backoffice: '/backoffice/mf-manifest.json',
  },
  supabase: { url: 'http://localhost:54321', publishableKey: 'anon' },
  botCheck: { sitekey: '1x00000000000000000000BB', scriptUrl: FAKE_BOT_CHECK_SCRIPT_URL },
};

type Page = { turnstile?: TurnstileApi };

/**
 * Gives the page a runtime config with a bot check and serves its script as the browser would, with
 * a `window.turnstile` whose challenges do what `behaviour` says, each a moment after `execute` (as
 * Cloudflare's do). The forms' real bot check (useSubmitFlow's useBotCheck) runs against it: the
 * script is added on the form's first touch, and each submit waits for a token.
 */
export function fakeBotCheck(
  behaviour: FakeBotCheckBehaviour = { pass: 'fake-token' },
): FakeBotCheck {
  let now = behaviour;
  const scriptsRequested: string[] = [];
  const rendered: string[] = [];
  const widgets = new Map<string, TurnstileRenderParams>();

  const api: TurnstileApi = {
    render(_container, params) {
      const id = `widget-${widgets.size}`;
      widgets.set(id, params);
      rendered.push(params.action ?? '');
      return id;
    },
    execute(widget) {
      const params = widgets.get(String(widget));
      const due = now;
      if (!params || due === 'script-blocked') return;
      void Promise.resolve().then(() => {
        if ('pass' in due) params.callback?.(due.pass);
        else params['error-callback']?.(due.fail);
      });
    },
    reset: () => undefined,
    remove: (widget) => void widgets.delete(widget),
    getResponse: () => undefined,
  };

  // The element the form adds: it "loads" (or fails) a moment later, as a real request would.
  const observer = new MutationObserver((mutations) => {
    for (const node of mutations.flatMap((mutation) => [...mutation.addedNodes])) {
      if (!(node instanceof HTMLScriptElement) || !node.src) continue;
      scriptsRequested.push(node.src);
      if (node.src !== FAKE_BOT_CHECK_SCRIPT_URL || now === 'script-blocked') {
        node.dispatchEvent(new Event('error'));
        continue;
      }
      (window as Page).turnstile = api;
      node.dispatchEvent(new Event('load'));
    }
  });
  observer.observe(document.head, { childList: true });
  setRuntimeConfig(CONFIG);

  return {
    scriptsRequested,
    rendered,
    behave: (next) => void (now = next),
    dispose() {
      observer.disconnect();
      delete (window as Page).turnstile;
      document.head.querySelectorAll('script[src]').forEach((script) => script.remove());
    },
  };
}
