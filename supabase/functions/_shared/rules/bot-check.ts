// The bot check in front of the public forms: Cloudflare Turnstile. What the page, the functions and the
// local stand-ins (tools/local-supabase/src/turnstile) share: Cloudflare's addresses, a token's bounds,
// the action each form's widget is rendered with, and Cloudflare's documented testing keys
// (https://developers.cloudflare.com/turnstile/troubleshooting/testing/). docs/security.md, "The bot
// check", says how the pieces fit.
import type { MailList } from './mail-lists.ts';

/** Where Cloudflare serves Turnstile: the widget's script, its frames and siteverify. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
/** The widget's script, at this path of TURNSTILE_ORIGIN (and of the local server's stand-in). */
export const TURNSTILE_SCRIPT_PATH = '/turnstile/v0/api.js';
/** The script's query for explicit rendering: nothing renders until `turnstile.render` is called. */
export const TURNSTILE_EXPLICIT_RENDER = 'render=explicit';
/** Server-side validation, at this path of TURNSTILE_ORIGIN (and of the local server's stand-in). */
export const TURNSTILE_SITEVERIFY_PATH = '/turnstile/v0/siteverify';

/** The script URL a page loads, at Cloudflare or at a stand-in's origin. */
export function turnstileScriptUrl(origin: string = TURNSTILE_ORIGIN): string {
  return `${origin}${TURNSTILE_SCRIPT_PATH}?${TURNSTILE_EXPLICIT_RENDER}`;
}

/** "A Turnstile token can have up to 2048 characters." */
export const BOT_CHECK_TOKEN_MAX_LENGTH = 2048;
/** The multipart field that carries the token with an application, as a Turnstile widget names it in a form. */
export const BOT_CHECK_FORM_FIELD = 'cf-turnstile-response';

/** A token is valid for 300 seconds after it is issued, and for one siteverify call. */
export const BOT_CHECK_TOKEN_LIFETIME_MS = 300_000;

/** An action: up to 32 characters, letters, digits, `_` and `-` (Cloudflare's rule for `action`). */
export const BOT_CHECK_ACTION_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * The action a form's widget is rendered with, which siteverify answers back and the function checks: the
 * list the form signs up to (the home page's and the footer's newsletter forms both sign up to
 * 'newsletter'; the careers application is 'career'). A token solved for one list is refused by another.
 */
export function botCheckAction(list: MailList): string {
  return list;
}

/** Cloudflare's testing sitekeys: every one of them hands the page TURNSTILE_DUMMY_TOKEN. */
export const TURNSTILE_TESTING_SITEKEYS = {
  passes: '1x00000000000000000000AA',
  blocks: '2x00000000000000000000AB',
  invisiblePasses: '1x00000000000000000000BB',
  invisibleBlocks: '2x00000000000000000000BB',
  forcesInteractive: '3x00000000000000000000FF',
} as const;

/** Cloudflare's testing secrets: each accepts only TURNSTILE_DUMMY_TOKEN, and a production one never does. */
export const TURNSTILE_TESTING_SECRETS = {
  passes: '1x0000000000000000000000000000000AA',
  fails: '2x0000000000000000000000000000000AA',
  spent: '3x0000000000000000000000000000000AA',
} as const;

/** The token the testing sitekeys produce. */
export const TURNSTILE_DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

export function isTurnstileTestingSecret(secret: string): boolean {
  return (Object.values(TURNSTILE_TESTING_SECRETS) as string[]).includes(secret);
}
