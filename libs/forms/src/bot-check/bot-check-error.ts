/** Why a form could not get a bot-check token. */
export type BotCheckFailure =
  /** The page's runtime config has no usable bot check, or the form gives the widget no place. */
  | 'unconfigured'
  /** The widget's script did not load: blocked (by the Content-Security-Policy, an extension) or offline. */
  | 'script-blocked'
  /** The widget's script did not load in time. */
  | 'script-timeout'
  /** The script loaded but the widget could not be made: no `turnstile`, or `render` threw. */
  | 'script-broken'
  /** The challenge failed (error-callback, with Cloudflare's error code). */
  | 'challenge-failed'
  /** No token in time from a challenge that asked nothing of the visitor. */
  | 'challenge-timeout'
  /** The visitor was asked to interact and did not in time (timeout-callback). */
  | 'interaction-timeout'
  /** The browser is one Turnstile does not support (unsupported-callback). */
  | 'unsupported'
  /** The form went away while it waited. */
  | 'gone';

const MESSAGES: Record<BotCheckFailure, string> = {
  unconfigured: 'The bot check is not configured for this page.',
  'script-blocked': "The bot check's script could not be loaded (blocked or offline).",
  'script-timeout': "The bot check's script took too long to load.",
  'script-broken': "The bot check's script loaded but could not start.",
  'challenge-failed': 'The bot check failed.',
  'challenge-timeout': 'The bot check took too long.',
  'interaction-timeout': 'The bot check waited too long for the visitor.',
  unsupported: 'This browser is not supported by the bot check.',
  gone: 'The form was closed before the bot check finished.',
};

/** A form's bot check could not give a token: `reason` says why, `code` is Cloudflare's error code. */
export class BotCheckError extends Error {
  override name = 'BotCheckError';
  readonly reason: BotCheckFailure;
  readonly code: string | undefined;

  constructor(reason: BotCheckFailure, code?: string) {
    super(code === undefined ? MESSAGES[reason] : `${MESSAGES[reason]} (error ${code})`);
    this.reason = reason;
    this.code = code;
  }
}
