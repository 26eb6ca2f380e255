import { useCallback, useEffect, useRef } from 'react';
import { getRuntimeConfig } from '@agentora/data';
import { BotCheckError } from './bot-check-error';
import { BotCheckWidget, type BotCheckWidgetOptions } from './bot-check-widget';

/**
 * What a form uses, destructured (`const { widgetContainer, prepare, getToken } = useBotCheck(...)`):
 * React's lint takes the whole object for a ref once one of its members is passed to `ref`.
 */
export interface FormBotCheck {
  /** On the element the widget goes in: shown only if Cloudflare needs the visitor to interact. */
  widgetContainer: (element: HTMLElement | null) => void;
  /**
   * On the form's onFocus and onInput: the first touch loads the widget's script (once per page) and
   * runs the challenge, so nothing is loaded before a visitor uses a form.
   */
  prepare: () => void;
  /**
   * A fresh token for one submit; rejects with a BotCheckError whose `reason` says why there is none.
   * Calls while one waits get the same token.
   */
  getToken: () => Promise<string>;
}

export type BotCheckTimeouts = Pick<
  BotCheckWidgetOptions,
  'scriptTimeoutMs' | 'challengeTimeoutMs'
>;

/** The page's bot check settings (runtime config `botCheck`), or undefined when it has none. */
function botCheckSettings() {
  try {
    return getRuntimeConfig().botCheck;
  } catch {
    return undefined;
  }
}

/**
 * A form's bot check (docs/security.md, "The bot check"): Cloudflare Turnstile with the form's action,
 * rendered invisibly in `widgetContainer`'s element on the first touch, and a token for each submit.
 */
export function useBotCheck(action: string, timeouts: BotCheckTimeouts = {}): FormBotCheck {
  const container = useRef<HTMLElement | null>(null);
  const widget = useRef<BotCheckWidget | undefined>(undefined);
  const { scriptTimeoutMs, challengeTimeoutMs } = timeouts;

  // Made on first use, from the runtime config of that moment; gone with the form (or its action).
  useEffect(
    () => () => {
      widget.current?.dispose();
      widget.current = undefined;
    },
    [action, scriptTimeoutMs, challengeTimeoutMs],
  );

  const current = useCallback((): BotCheckWidget | undefined => {
    if (widget.current) return widget.current;
    const settings = botCheckSettings();
    if (!settings) return undefined;
    widget.current = new BotCheckWidget({
      ...settings,
      action,
      container: () => container.current,
      scriptTimeoutMs,
      challengeTimeoutMs,
    });
    return widget.current;
  }, [action, scriptTimeoutMs, challengeTimeoutMs]);

  const widgetContainer = useCallback((element: HTMLElement | null) => {
    container.current = element;
  }, []);
  const prepare = useCallback(() => current()?.prepare(), [current]);
  const getToken = useCallback(async () => {
    const made = current();
    if (!made) throw new BotCheckError('unconfigured');
    return made.getToken();
  }, [current]);

  return { widgetContainer, prepare, getToken };
}
