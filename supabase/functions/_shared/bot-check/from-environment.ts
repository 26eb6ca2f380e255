// The bot check as a function runs it, from its environment (environment.ts): the project's secret,
// siteverify's address, the site's hostname as the one a token must have been solved on, and whether
// Cloudflare's testing secrets may be used. They pass a dummy token anyone can send, so only a backend on
// a loopback address (the local server under npm start and the tests) may use them; a hosted project
// with one refuses to start, as it does with no secret at all (docs/deploying-the-backend.md).
import type { FunctionEnvironment } from '../environment.ts';
import { isTurnstileTestingSecret } from '../rules/bot-check.ts';
import { verifyBotCheck, type SiteverifyOptions } from './siteverify.ts';
import type { BotCheck } from './verdict.ts';

/** A visitor's token for a form's `action`, from the address the gateway vouches for. */
export type VerifyBotCheck = (
  token: unknown,
  action: string,
  remoteIp: string | null,
) => Promise<BotCheck>;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function botCheckFromEnvironment(
  env: FunctionEnvironment,
  functionName: string,
  options: Pick<SiteverifyOptions, 'fetch'> = {},
): VerifyBotCheck {
  const secret = env.botCheck.secret;
  if (!secret) {
    throw new Error(
      `${functionName} needs TURNSTILE_SECRET_KEY, the bot check's secret (docs/deploying-the-backend.md).`,
    );
  }
  const allowTestingSecrets = LOOPBACK.has(new URL(env.supabaseUrl).hostname);
  if (isTurnstileTestingSecret(secret) && !allowTestingSecrets) {
    throw new Error(
      `${functionName}: TURNSTILE_SECRET_KEY is one of Cloudflare's testing secrets, which pass a token anyone can send; set the site's own secret (docs/deploying-the-backend.md).`,
    );
  }
  const hostnames = [new URL(env.urls.siteUrl).hostname];
  return (token, action, remoteIp) =>
    verifyBotCheck(
      { secret, token, hostnames, action, remoteIp },
      { url: env.botCheck.siteverifyUrl, allowTestingSecrets, fetch: options.fetch },
    );
}
