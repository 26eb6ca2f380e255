import { BotCheckError } from './bot-check-error';
import { pageTurnstile, type TurnstileApi } from './turnstile-api';

/** How long the widget's script may take to load before a form gives up on it. */
export const BOT_CHECK_SCRIPT_TIMEOUT_MS = 10_000;

/** The load under way, shared by every form of the page; once done, the page has `window.turnstile`. */
let loading: Promise<TurnstileApi> | undefined;

/**
 * The page's `window.turnstile`, its script added to the page on the first call only, however many
 * forms ask. Rejects with a BotCheckError: `script-blocked` (the element's error event: the policy, an
 * extension, the network), `script-timeout`, or `script-broken` (it ran but defined no widget API). A
 * failed load is forgotten, so a later call (the visitor's next submit) tries again.
 */
export function loadTurnstile(
  scriptUrl: string,
  timeoutMs: number = BOT_CHECK_SCRIPT_TIMEOUT_MS,
): Promise<TurnstileApi> {
  const present = pageTurnstile();
  if (present) return Promise.resolve(present);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    const settle = (error: BotCheckError | undefined) => {
      window.clearTimeout(timer);
      script.removeEventListener('load', onLoad);
      script.removeEventListener('error', onError);
      loading = undefined;
      const api = pageTurnstile();
      if (!error && api) return resolve(api);
      script.remove();
      reject(error ?? new BotCheckError('script-broken'));
    };
    const onLoad = () => settle(undefined);
    const onError = () => settle(new BotCheckError('script-blocked'));
    const timer = window.setTimeout(() => settle(new BotCheckError('script-timeout')), timeoutMs);
    script.addEventListener('load', onLoad);
    script.addEventListener('error', onError);
    document.head.append(script);
  });
  return loading;
}
