// The runtime config is one JSON file per environment, fetched by the shell at start-up (and by each
// remote when it runs alone). Changing it re-points remotes or the backend without rebuilding anything.
// This module is stateless, so the shell's entry chunk can read the config before the shared
// packages are negotiated (import '@agentora/data/runtime-config'); runtime-config.ts holds the value.

import {
  isLoopbackHostname,
  REMOTE_NAMES,
  type RemoteName,
  type RuntimeConfigJson,
} from '@agentora/contracts/apps';

/**
 * Each remote's mf-manifest.json URL, and the public backend settings: the anon (publishable) key
 * only, never a service key.
 */
export type RuntimeConfig = RuntimeConfigJson;

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value, 'http://relative.invalid');
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Hosts where anyone can have a name: cloud storage and app platforms whose customers get names at
 * any depth below them (bucket.s3.amazonaws.com, app.us-east-1.elasticbeanstalk.com,
 * account.blob.core.windows.net). A wildcard at or under one, or an exact origin that is one, lets a
 * stranger's build in; an exact origin below one is a single customer's (a bucket of ours). Short on
 * purpose: the shell reads it in its first-load code, and the deploy refuses the rest of the public
 * suffix list besides (tools/delivery/src/override-origins.ts).
 */
export const SHARED_HOSTS: readonly string[] = [
  'amazonaws.com',
  's3.amazonaws.com',
  'on.aws',
  'elasticbeanstalk.com',
  'windows.net',
  'azurewebsites.net',
  'cloudapp.azure.com',
  'r2.cloudflarestorage.com',
  'digitaloceanspaces.com',
  'linodeobjects.com',
  'wasabisys.com',
  'backblazeb2.com',
];

/**
 * Domains whose every host serves anyone's files by path (a bucket's objects, an npm package, a
 * repository's files): no origin at or under one names one owner's builds.
 */
export const PUBLIC_FILE_HOSTS: readonly string[] = [
  'googleapis.com',
  'googleusercontent.com',
  'githubusercontent.com',
  'githack.com',
  'jsdelivr.net',
  'esm.run',
  'unpkg.com',
  'esm.sh',
  'skypack.dev',
  'jspm.io',
  'deno.land',
];

const atOrUnder = (host: string, domains: readonly string[]) =>
  domains.some((domain) => host === domain || host.endsWith(`.${domain}`));

/**
 * An origin an override may load a remote from: scheme, host and optional port, nothing else. The
 * host may start with `*.` (any one subdomain) over at least three labels, so a wildcard can name a
 * domain of ours (`*.previews.agentora.ai`) but never a whole public suffix of two labels
 * (`*.github.io`, `*.com`), nor one at or under a shared host (`*.s3.amazonaws.com`); an exact host may
 * not be a shared host itself, nor any host of a public file host. Plain http only for loopback hosts (a local site).
 */
export function isOriginPattern(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = /^(https?):\/\/(\*\.)?([a-z0-9-]+(\.[a-z0-9-]+)*)(:\d{1,5})?$/.exec(value);
  if (!match) return false;
  const [, scheme, wildcard, host] = match;
  if (wildcard && host!.split('.').length < 3) return false;
  if (
    atOrUnder(host!, PUBLIC_FILE_HOSTS) ||
    (wildcard ? atOrUnder(host!, SHARED_HOSTS) : SHARED_HOSTS.includes(host!))
  )
    return false;
  const loopback = host === 'localhost' || host === '127.0.0.1';
  return scheme === 'https' || (loopback && !wildcard);
}

/** The entries of a runtime config's remoteOverrides.allowedOrigins that are not origin patterns. */
export function invalidOverrideOrigins(value: unknown): string[] {
  const origins = (value as { remoteOverrides?: { allowedOrigins?: unknown } } | null)
    ?.remoteOverrides?.allowedOrigins;
  if (origins === undefined) return [];
  if (!Array.isArray(origins)) return [String(origins)];
  return origins.filter((origin) => !isOriginPattern(origin)).map(String);
}

/**
 * The bot check's settings when they can be used: a sitekey (letters, digits, `_`, `-`) and the widget
 * script's absolute URL, https (plain http only on a loopback host: the local stand-in). Else undefined.
 */
export function parseBotCheck(value: unknown): RuntimeConfig['botCheck'] {
  const { sitekey, scriptUrl } = (value ?? {}) as { sitekey?: unknown; scriptUrl?: unknown };
  if (typeof sitekey !== 'string' || !/^[A-Za-z0-9_-]{1,100}$/.test(sitekey)) return undefined;
  if (typeof scriptUrl !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(scriptUrl);
  } catch {
    return undefined;
  }
  const loopback = isLoopbackHostname(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return undefined;
  return { sitekey, scriptUrl };
}

/** Checks a parsed JSON value and returns it typed, or throws a RuntimeConfigError saying what is wrong. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (typeof value !== 'object' || value === null)
    throw new RuntimeConfigError('Runtime config must be a JSON object.');
  const { remotes, supabase } = value as Partial<RuntimeConfig>;
  if (typeof remotes !== 'object' || remotes === null)
    throw new RuntimeConfigError('Runtime config: "remotes" is missing.');
  for (const name of REMOTE_NAMES) {
    if (!isHttpUrl(remotes[name]))
      throw new RuntimeConfigError(`Runtime config: remotes.${name} must be a URL.`);
  }
  if (
    typeof supabase !== 'object' ||
    supabase === null ||
    !isHttpUrl(supabase.url) ||
    typeof supabase.publishableKey !== 'string' ||
    supabase.publishableKey === ''
  ) {
    throw new RuntimeConfigError('Runtime config: "supabase" needs a url and an publishableKey.');
  }
  const checked = Object.fromEntries(REMOTE_NAMES.map((name) => [name, remotes[name]])) as Record<
    RemoteName,
    string
  >;
  // A team's preview list must never take the site down: an entry that is not an origin pattern
  // is left out (so it allows nothing); the deploy, the release commands and the header writer refuse
  // such a config (tools/delivery/src/override-origins.ts).
  const listed = (value as { remoteOverrides?: { allowedOrigins?: unknown } }).remoteOverrides
    ?.allowedOrigins;
  const allowedOrigins = Array.isArray(listed) ? listed.filter(isOriginPattern) : undefined;
  // Canaries and the rollback targets are left out entry by entry when malformed, like the override
  // list: a release step's typo shows every visitor the stable release, never an error.
  const { canaries, previousRemotes } = value as Partial<RuntimeConfig>;
  const checkedCanaries = Object.fromEntries(
    REMOTE_NAMES.flatMap((name) => {
      const canary = (canaries as Record<string, unknown> | undefined)?.[name] as
        { manifest?: unknown; percent?: unknown } | undefined;
      return canary &&
        isHttpUrl(canary.manifest) &&
        Number.isInteger(canary.percent) &&
        (canary.percent as number) >= 1 &&
        (canary.percent as number) <= 100
        ? [[name, { manifest: canary.manifest, percent: canary.percent as number }]]
        : [];
    }),
  );
  const checkedPrevious = Object.fromEntries(
    REMOTE_NAMES.flatMap((name) => {
      const previous = (previousRemotes as Record<string, unknown> | undefined)?.[name];
      return isHttpUrl(previous) ? [[name, previous]] : [];
    }),
  );
  // Like the canaries: bot check settings that cannot work are left out (the forms then say they cannot
  // check), never an error that takes the whole site down.
  const botCheck = parseBotCheck((value as { botCheck?: unknown }).botCheck);
  return {
    remotes: checked,
    supabase: { url: supabase.url, publishableKey: supabase.publishableKey },
    ...(botCheck ? { botCheck } : {}),
    ...(allowedOrigins ? { remoteOverrides: { allowedOrigins } } : {}),
    ...(Object.keys(checkedCanaries).length > 0 ? { canaries: checkedCanaries } : {}),
    ...(Object.keys(checkedPrevious).length > 0 ? { previousRemotes: checkedPrevious } : {}),
  };
}

export async function fetchRuntimeConfig(
  url = '/runtime-config.json',
  fetchImpl: typeof fetch = fetch,
): Promise<RuntimeConfig> {
  // Default cache mode, so the <link rel="preload"> in the shell's HTML is reused; the host serves
  // the file with Cache-Control: no-cache, so it is still revalidated on every page load.
  const response = await fetchImpl(url);
  if (!response.ok)
    throw new RuntimeConfigError(`Runtime config ${url} answered HTTP ${response.status}.`);
  return parseRuntimeConfig(await response.json());
}
