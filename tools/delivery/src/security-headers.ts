// The response headers the static host sends with the site, made from what is deployed: the shell's
// pages (the hashes of their inline scripts) and the runtime config (the remotes' and the backend's
// origins). A Content-Security-Policy cannot be fixed at build time here: the remotes' origins are
// chosen per environment by runtime-config.json (docs/security.md, "Response headers").
import crypto from 'node:crypto';

export interface HeaderRule {
  /** A host path pattern: an exact path, or a prefix ending in `*` (`/*` is every path). */
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
  /** Where browsers report a violation (the preview collects them); none in production yet. */
  reportUri?: string;
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
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'none'"],
    // The shell's chunks, each remote's entry and chunks (script elements the federation runtime
    // adds), the preview builds an override link may load, and the pages' own inline loader, by
    // hash. No 'unsafe-inline', no 'unsafe-eval'.
    ['script-src', "'self'", ...remoteOrigins, ...hashes, "'report-sample'"],
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
  ];
}

/** The rules of a remote's host: scripts and manifests the shell's pages load from another origin. */
export function remoteHeaderRules(): HeaderRule[] {
  return [
    {
      path: '/*',
      headers: {
        ...EVERY_RESPONSE,
        // The shell's pages fetch the manifest (and the server build's chunks) from another origin.
        'Access-Control-Allow-Origin': '*',
        'X-Frame-Options': 'DENY',
        'Cross-Origin-Resource-Policy': 'cross-origin',
      },
    },
  ];
}

/** The rules as a `_headers` file, the format Netlify and Cloudflare Pages read. */
export function headersFile(rules: readonly HeaderRule[]): string {
  return rules
    .map(
      (rule) =>
        `${rule.path}\n${Object.entries(rule.headers)
          .map(([name, value]) => `  ${name}: ${value}`)
          .join('\n')}\n`,
    )
    .join('\n');
}

/** Reads a `_headers` file back (what the preview applies). Comments and blank lines are skipped. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: {} });
      continue;
    }
    const rule = rules.at(-1);
    const colon = line.indexOf(':');
    if (!rule || colon < 0)
      throw new Error(`_headers: a header outside a path, or no colon: ${line}`);
    rule.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

/** The headers of the rules matching `urlPath`, later rules adding to (and overriding) earlier ones. */
export function headersFor(rules: readonly HeaderRule[], urlPath: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    const matches = rule.path.endsWith('*')
      ? urlPath.startsWith(rule.path.slice(0, -1))
      : urlPath === rule.path;
    if (matches) Object.assign(headers, rule.headers);
  }
  return headers;
}

/** The name of the files the deploy writes into each host's folder. */
export const HEADERS_FILE = '_headers';
export const HEADERS_JSON_FILE = '_headers.json';
