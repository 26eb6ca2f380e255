import { isbot } from 'isbot';

/**
 * Whether a request comes from a known bot, by its User-Agent and the `isbot` package's list (pinned in
 * supabase/package.json and functions/deno.json). A browser always sends a User-Agent: a request without
 * one, or with an empty one, is a script's. Headless browsers count as bots too (isbot lists them).
 */
export function isBotRequest(request: Request): boolean {
  const userAgent = request.headers.get('user-agent')?.trim() ?? '';
  return userAgent === '' || isbot(userAgent);
}
