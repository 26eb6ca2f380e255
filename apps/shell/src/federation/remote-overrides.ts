// Trying a remote in production, in one browser (docs/architecture.md, "Trying a remote in
// production"): a link with `?remote-override=<remote>=<mf-manifest.json URL>` points that remote at
// another build (a pull request's preview deploy) for this browser only, until cleared, if the
// runtime config allows its origin. It runs in the entry chunk, before anything is registered, so it
// is plain DOM and stateless code: no shared package.
import {
  REMOTE_NAMES,
  REMOTE_OVERRIDES_STORAGE_KEY,
  type RemoteName,
} from '@agentora/contracts/apps';
import { isOriginPattern, type RuntimeConfig } from '@agentora/data/runtime-config';

export const OVERRIDE_PARAM = 'remote-override';
/** The value of OVERRIDE_PARAM that clears every override. */
export const CLEAR_OVERRIDES = 'clear';
export const OVERRIDES_STORAGE_KEY = REMOTE_OVERRIDES_STORAGE_KEY;

export interface RemoteOverride {
  remote: RemoteName;
  manifestUrl: string;
}

export interface OverrideState {
  /** The remotes to register: the config's, with the overrides in force. */
  remotes: Record<RemoteName, string>;
  /** The overrides in force in this browser. */
  active: RemoteOverride[];
  /**
   * A link's override that passed the checks, waiting for the person to confirm it (the banner's
   * Load button): a link alone never runs another build, so a link sent to a visitor cannot.
   */
  pending?: RemoteOverride;
  /** A link's override that was not taken, and why. */
  refused?: { value: string; reason: string };
}

/** Whether `origin` is one of the patterns: exact, or `scheme://*.domain[:port]` (one subdomain). */
export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    if (pattern === origin) return true;
    const wildcard = /^(https?:\/\/)\*\.([^/:]+)(:\d+)?$/.exec(pattern);
    if (!wildcard) return false;
    const [, scheme, domain, port = ''] = wildcard;
    const match = /^(https?:\/\/)([^/:]+)(:\d+)?$/.exec(origin);
    if (!match || match[1] !== scheme || (match[3] ?? '') !== port) return false;
    const host = match[2]!;
    return host.endsWith(`.${domain}`) && !host.slice(0, -domain!.length - 1).includes('.');
  });
}

const isLoopback = (hostname: string) => hostname === 'localhost' || hostname === '127.0.0.1';

function isRemote(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

/** An override link's value, checked: a remote, and a manifest URL from an allowed origin. */
export function checkOverride(
  value: string,
  allowedOrigins: readonly string[],
  pageHostname: string,
): RemoteOverride | { reason: string } {
  const equals = value.indexOf('=');
  const remote = equals > 0 ? value.slice(0, equals) : '';
  if (!isRemote(remote))
    return { reason: `"${remote || value}" is not a remote (${REMOTE_NAMES.join(', ')}).` };
  let url: URL;
  try {
    url = new URL(value.slice(equals + 1));
  } catch {
    return { reason: 'the build address is not a URL.' };
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password)
    return { reason: 'the build address must be an http(s) URL without credentials.' };
  if (!url.pathname.endsWith('/mf-manifest.json'))
    return { reason: "the build address must be a remote's mf-manifest.json." };
  if (url.protocol === 'http:' && !isLoopback(pageHostname))
    return { reason: 'a build over plain http can only be tried on a local site.' };
  if (!originAllowed(url.origin, allowedOrigins))
    return { reason: `${url.origin} is not on this site's list of preview origins.` };
  return { remote, manifestUrl: url.href };
}

function readStored(storage: Storage | undefined): RemoteOverride[] {
  try {
    const stored = JSON.parse(storage?.getItem(OVERRIDES_STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(stored)
      ? stored.filter(
          (entry): entry is RemoteOverride =>
            typeof entry?.remote === 'string' &&
            isRemote(entry.remote) &&
            typeof entry.manifestUrl === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

function writeStored(storage: Storage | undefined, overrides: RemoteOverride[]): void {
  try {
    if (overrides.length === 0) storage?.removeItem(OVERRIDES_STORAGE_KEY);
    else storage?.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify(overrides));
  } catch {
    // Storage refused (private mode, quota): the override lasts for this page only.
  }
}

/**
 * The remotes this page registers. A link's override is checked, then waits for a confirmation
 * (or is refused); every stored one is checked again against the config's list on every load, so
 * taking an origin off the list ends its overrides everywhere.
 */
export function resolveRemoteOverrides(
  config: RuntimeConfig,
  search: string,
  storage: Storage | undefined,
  pageHostname: string,
): OverrideState {
  // The config read at start-up has left out every entry that is not an origin pattern; checked again
  // here, so no way of getting a config in can widen the list to a shared host.
  const allowed = (config.remoteOverrides?.allowedOrigins ?? []).filter(isOriginPattern);
  const stillAllowed = (entry: RemoteOverride) =>
    !('reason' in checkOverride(`${entry.remote}=${entry.manifestUrl}`, allowed, pageHostname));
  let overrides = readStored(storage);
  let pending: RemoteOverride | undefined;
  let refused: OverrideState['refused'];
  const asked = new URLSearchParams(search).get(OVERRIDE_PARAM);
  if (asked === CLEAR_OVERRIDES) overrides = [];
  else if (asked !== null) {
    const checked = checkOverride(asked, allowed, pageHostname);
    if ('reason' in checked) refused = { value: asked, reason: checked.reason };
    else pending = checked;
  }
  overrides = overrides.filter(stillAllowed);
  writeStored(storage, overrides);
  const remotes = { ...config.remotes };
  for (const { remote, manifestUrl } of overrides) remotes[remote] = manifestUrl;
  return {
    remotes,
    active: overrides,
    ...(pending ? { pending } : {}),
    ...(refused ? { refused } : {}),
  };
}

/** Keeps a confirmed override in this browser (it applies from the next page load). */
export function confirmOverride(storage: Storage | undefined, override: RemoteOverride): void {
  writeStored(storage, [
    ...readStored(storage).filter((entry) => entry.remote !== override.remote),
    override,
  ]);
}
