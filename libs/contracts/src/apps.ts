// The registry of the site's apps: their names, folders and local ports, and the local backend's
// port. Everything that starts, serves, builds, deploys or measures the apps derives from this file
// (npm start, npm run preview, the rspack configs, the deploy command, the bench, the e2e suites),
// so adding an app or moving a port is one edit here (docs/adding-an-app.md).
import { TURNSTILE_TESTING_SITEKEYS, turnstileScriptUrl } from '@agentora/backend-rules/bot-check';
import type { RemoteContracts } from './index.ts';

/** The remotes, in the order their ports follow the shell's. */
export const REMOTE_NAMES = ['content', 'signups', 'careers', 'backoffice'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const APP_NAMES = ['shell', ...REMOTE_NAMES] as const;
export type AppName = (typeof APP_NAMES)[number];

// Compile-time proof that the registry and the federation contract name the same remotes.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const registryMatchesContract: Same<RemoteName, keyof RemoteContracts> = true;
void registryMatchesContract;

export type AppPorts = Record<AppName, number>;

/** A block of consecutive ports, one per app in registry order: the shell on `base`. */
export function portsFrom(base: number): AppPorts {
  return Object.fromEntries(APP_NAMES.map((app, index) => [app, base + index])) as AppPorts;
}

/** The ports of `npm start` (dev servers) and `npm run preview` (production builds). */
export const LOCAL_PORTS: AppPorts = portsFrom(4200);

/**
 * Where the shell keeps a browser's remote overrides (docs/architecture.md, "Trying a remote in
 * production"): the console reads it too, and will not run beside a build of a remote that no release
 * made.
 */
export const REMOTE_OVERRIDES_STORAGE_KEY = 'agentora.remote-overrides';

/** The local Supabase-compatible backend (tools/local-supabase) of `npm start` and `npm run preview`. */
export const LOCAL_BACKEND = {
  port: 54321,
  /** The Supabase CLI's well-known local publishable key, which the local backend issues: public, local only. */
  publishableKey: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH',
} as const;

/** An app's folder relative to the workspace root; its production build goes to `<folder>/dist`. */
export function appFolder(app: AppName): string {
  return `apps/${app}`;
}

/** The names a person uses for this machine; a browser treats each as a site of its own. */
export const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

/** True for `localhost`, `127.0.0.1` and `[::1]` (or `::1`), the names the local servers answer to. */
export function isLoopbackHostname(hostname: string): boolean {
  return (LOOPBACK_HOSTNAMES as readonly string[]).includes(hostname) || hostname === '::1';
}

/** `http://<hostname>:<port>`, with an IPv6 literal in brackets. */
export function httpOrigin(hostname: string, port: number): string {
  const host = hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
  return `http://${host}:${port}`;
}

/**
 * The local site as `npm start` and `npm run preview` print it: the local backend's mail links open
 * pages here.
 */
export const LOCAL_SITE_URL = httpOrigin('localhost', LOCAL_PORTS.shell);

/** Where the shell finds a remote: its mf-manifest.json at the root of the remote's origin. */
export function manifestUrl(remoteOrigin: string): string {
  return `${remoteOrigin}/mf-manifest.json`;
}

/** The runtime config's shape (read and checked by @agentora/data/runtime-config). */
export interface RuntimeConfigJson {
  remotes: Record<RemoteName, string>;
  supabase: { url: string; publishableKey: string };
  /**
   * Where a team may load another build of a remote from, for one browser, with an override link
   * (docs/architecture.md, "Trying a remote in production"): origins, exact (`https://host:port`)
   * or one level of subdomain wildcard (`https://*.previews.example.com`). Absent: none.
   */
  remoteOverrides?: { allowedOrigins: string[] };
  /**
   * A remote's next release, shown to a share of visitors (docs/architecture.md, "Canary and
   * rollback"): its manifest and the percentage of visitors' buckets (0–99) below which they get it.
   */
  canaries?: Partial<Record<RemoteName, { manifest: string; percent: number }>>;
  /** Each remote's stable manifest before the last promote: what rollback returns to. */
  previousRemotes?: Partial<Record<RemoteName, string>>;
  /**
   * The bot check in front of the sign-up forms (Cloudflare Turnstile; docs/security.md, "The bot
   * check"): the widget's sitekey and its script's URL, loaded on a visitor's first touch of a form.
   * Absent: a form cannot get a token.
   */
  botCheck?: { sitekey: string; scriptUrl: string };
}

export interface LocalSiteOptions {
  /** The name the page is opened at: every other server is addressed by the same name. */
  hostname: string;
  ports?: AppPorts;
  backend?: { port: number; publishableKey: string };
}

/**
 * The runtime config of a site running on this machine. The remotes and the backend are addressed
 * by the same hostname as the page, so the page never makes a cross-site request: a browser treats
 * `localhost` and `127.0.0.1` as two sites, and the dev servers refuse cross-site script requests.
 */
export function localRuntimeConfig({
  hostname,
  ports = LOCAL_PORTS,
  backend = LOCAL_BACKEND,
}: LocalSiteOptions): RuntimeConfigJson {
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((remote) => [remote, manifestUrl(httpOrigin(hostname, ports[remote]))]),
  ) as Record<RemoteName, string>;
  const backendOrigin = httpOrigin(hostname, backend.port);
  return {
    remotes,
    supabase: { url: backendOrigin, publishableKey: backend.publishableKey },
    botCheck: localBotCheck(backendOrigin),
  };
}

/**
 * The bot check of a site whose backend is the local server: its stand-in for the widget script, with
 * Cloudflare's invisible passing testing sitekey (tools/local-supabase, "The bot check's stand-ins").
 */
export function localBotCheck(backendOrigin: string): NonNullable<RuntimeConfigJson['botCheck']> {
  return {
    sitekey: TURNSTILE_TESTING_SITEKEYS.invisiblePasses,
    scriptUrl: turnstileScriptUrl(backendOrigin),
  };
}
