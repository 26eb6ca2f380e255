// The response headers each app's host sends, as `_headers` rules (the format Cloudflare's static
// assets read), made from what is deployed: the shell's pages (the hashes of their inline scripts)
// and the runtime config (the remotes' and the backend's origins). A Content-Security-Policy cannot
// be fixed at build time here: the remotes' origins are chosen per environment by
// runtime-config.json (docs/security.md, "Response headers"). The caching and CORS rules live here
// too, so everything the rules send beside the files is in one place; the caching values are
// cache-control.ts's, shared with the script that answers what no file matches (miss-worker.ts).
import crypto from 'node:crypto';
import { IMMUTABLE } from './cache-control.ts';

export interface HeaderRule {
  /**
   * A host path pattern, as `_headers` reads it: an exact path; one `*` matching any characters
   * (`/*` is every path); `:name` matching one path segment's characters (no `/`).
   */
  path: string;
  headers: Record<string, string>;
}

/** What the policy needs to know of the deployed site. */
export interface SiteSources {
  /** Each remote's manifest URL (runtime-config.json `remotes`). */
  remotes: Readonly<Record<string, string>>;
  /** The backend's URL (runtime-config.json `supabase.url`). */
  backendUrl: string;
  /**
   * The origins a team may load a remote's preview build from (runtime-config.json
   * `remoteOverrides.allowedOrigins`; CSP reads the same `https://*.domain` wildcard).
   */
  overrideOrigins?: readonly string[];
  /** The inline scripts of every page the shell's host serves, by their text. */
  inlineScripts: readonly string[];
  /** Where browsers report a violation: the backend's csp-report function (write-headers.ts). */
  reportUri?: string;
  /**
   * The bot check's script (the runtime config's botCheck.scriptUrl): its origin may run that script
   * and frame its challenge, as Cloudflare documents for Turnstile, and nothing else.
   */
  botCheckScriptUrl?: string;
}

/** Script types a browser runs; any other type (JSON, JSON-LD) is data and needs no hash. */
const EXECUTABLE = /^(|text\/javascript|application\/javascript|module)$/i;

/** The text of every inline script of a page that a browser would run. */
export function inlineScriptsOf(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (EXECUTABLE.test(type)) scripts.push(match[2] ?? '');
  }
  return scripts;
}

/** The CSP source of an inline script: the base64 SHA-256 of its exact text. */
export function scriptHashSource(script: string): string {
  return `'sha256-${crypto.createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

const originOf = (url: string) => new URL(url).origin;

/** The Content-Security-Policy of the shell's pages. */
export function contentSecurityPolicy(sources: SiteSources): string {
  const remoteOrigins = [
    ...new Set([
      ...Object.values(sources.remotes).map(originOf),
      ...(sources.overrideOrigins ?? []),
    ]),
  ].sort();
  const hashes = [...new Set(sources.inlineScripts.map(scriptHashSource))].sort();
  const botCheck = sources.botCheckScriptUrl ? [originOf(sources.botCheckScriptUrl)] : [];
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'none'"],
    // The shell's chunks, each remote's entry and chunks (script elements the federation runtime
    // adds), the preview builds an override link may load, the bot check's script (added on a
    // visitor's first touch of a form), and the pages' own inline loader, by hash. No
    // 'unsafe-inline', no 'unsafe-eval'.
    [
      'script-src',
      "'self'",
      ...new Set([...remoteOrigins, ...botCheck]),
      ...hashes,
      "'report-sample'",
    ],
    // The bot check's challenge, in a frame of its own origin (Turnstile's); no other frame.
    ...(botCheck.length > 0 ? [['frame-src', ...botCheck] as [string, string]] : []),
    // styled-components writes its rules into <style> elements at run time: they cannot be hashed
    // ahead of time (docs/security.md).
    ['style-src', "'self'", "'unsafe-inline'"],
    // The icon is a data: URL in every page; the artwork is inline SVG.
    ['img-src', "'self'", 'data:'],
    // The runtime config, the remotes' manifests, the backend (REST, functions, storage).
    ['connect-src', "'self'", ...remoteOrigins, originOf(sources.backendUrl)],
    ['font-src', "'self'"],
    ['manifest-src', "'self'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ['object-src', "'none'"],
    ...(sources.reportUri ? [['report-uri', sources.reportUri] as [string, string]] : []),
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** Headers every response of every host of the site carries. */
const EVERY_RESPONSE: Record<string, string> = {
  // Two years, every subdomain (every host of the site is HTTPS). Not `preload`: asking browsers to
  // ship the domain as HTTPS-only is a decision to take on purpose, once, not a header default.
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/**
 * The content-hashed files of a folder, as `_headers` patterns: a name with at least two dots ending
 * in `.js` (`main.e1e9af8bd0.js`, `21.careers.0a1b2c3d4e.js`) at the folder's root or in its server
 * build; no unhashed file of a build has two dots (a test holds every build's files to it on the
 * preview: e2e/shell/preview-headers.spec.ts).
 */
function hashedFiles(folder: string): string[] {
  return [`${folder}/:name.:hash.js`, `${folder}/ssr/:name.:hash.js`];
}

const immutable = (pattern: string): HeaderRule => ({
  path: pattern,
  headers: { 'Cache-Control': IMMUTABLE },
});

/** Where a remote's releases are, on its host: `releases/<id>/` (tools/delivery/src/releases.ts). */
export const RELEASES_DIR = 'releases';

/** The rules of the shell's host: the pages and everything beside them. */
export function shellHeaderRules(sources: SiteSources): HeaderRule[] {
  return [
    {
      path: '/*',
      headers: {
        ...EVERY_RESPONSE,
        'Content-Security-Policy': contentSecurityPolicy(sources),
        'X-Frame-Options': 'DENY',
        'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
        'Cross-Origin-Opener-Policy': 'same-origin',
      },
    },
    // No CORS header: nothing of another origin reads the shell's files.
    ...hashedFiles('').map(immutable),
  ];
}

/** The rules of a remote's host: scripts and manifests the shell's pages load from another origin. */
export function remoteHeaderRules(): HeaderRule[] {
  const releases = `/${RELEASES_DIR}/:release`;
  return [
    {
      path: '/*',
      headers: {
        ...EVERY_RESPONSE,
        'X-Frame-Options': 'DENY',
        // The shell's pages load the remote's scripts with plain script elements (no CORS request);
        // this says they may, also for a page that ever requires it (Cross-Origin-Embedder-Policy).
        'Cross-Origin-Resource-Policy': 'cross-origin',
      },
    },
    // The one file a page reads with fetch: the manifest. `*`, not the site's origin: the file is
    // public and carries no credentials (anyone may read it server-side), and the same build is
    // read by the site at each of its names (the local preview's localhost and 127.0.0.1) and by
    // override links. Nothing else of the remote is readable by another origin's script.
    { path: '/mf-manifest.json', headers: { 'Access-Control-Allow-Origin': '*' } },
    { path: `${releases}/mf-manifest.json`, headers: { 'Access-Control-Allow-Origin': '*' } },
    ...[...hashedFiles(''), ...hashedFiles(releases)].map(immutable),
  ];
}

/** What Cloudflare's static assets accept in `_headers` (rules past these are ignored, silently). */
export const HOST_LIMITS = { rules: 100, lineLength: 2000 } as const;

/**
 * The rules as a `_headers` file. Refuses rules the host would drop (more than 100, or a line over
 * 2,000 characters, such as a policy grown by many override origins): the host ignores them without
 * an error, so the deploy fails here instead.
 */
export function headersFile(rules: readonly HeaderRule[]): string {
  if (rules.length > HOST_LIMITS.rules)
    throw new Error(
      `_headers: ${rules.length} rules; the host applies at most ${HOST_LIMITS.rules}.`,
    );
  const text = rules
    .map(
      (rule) =>
        `${rule.path}\n${Object.entries(rule.headers)
          .map(([name, value]) => `  ${name}: ${value}`)
          .join('\n')}\n`,
    )
    .join('\n');
  const long = text.split('\n').find((line) => line.trim().length > HOST_LIMITS.lineLength);
  if (long)
    throw new Error(
      `_headers: a line of ${long.trim().length} characters (${long.trim().slice(0, 60)}…); the host ignores lines over ${HOST_LIMITS.lineLength}.`,
    );
  return text;
}

/** The name of the files the deploy writes into each host's folder. */
export const HEADERS_FILE = '_headers';
/** The same rules as data, for a host that does not read `_headers` (docs/deploying-the-site.md). */
export const HEADERS_JSON_FILE = '_headers.json';
