// Writes the hosts' header rules (_headers, and the same rules as _headers.json) from what is
// deployed: the shell's pages and the runtime config. Run after every deploy and prerender (the
// inline scripts' hashes follow the pages) and after every change of the runtime config (the
// remotes' origins): the deploy command does both (deploy-site.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { cspReportUrl } from '@agentora/backend-rules/csp-reports';
import {
  HEADERS_FILE,
  HEADERS_JSON_FILE,
  headersFile,
  inlineScriptsOf,
  remoteHeaderRules,
  shellHeaderRules,
  UNSERVED_FILES,
  type HeaderRule,
  type SiteSources,
} from '@agentora/host';
import { PAGE_TEMPLATE_FILE } from '@agentora/mf-config/server-files';
import { writeAtomically } from '@agentora/prerender/page-files';
import { writeDeployedFiles } from './deployed-files.ts';

/** The host's list of files it must not serve (wrangler reads it when it uploads or serves a folder). */
const ASSETS_IGNORE_FILE = '.assetsignore';

/** Every HTML file a host folder serves (the shell's server build is not served). */
function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'ssr' ? [] : htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

/**
 * Writes a host folder's own files, the last step of every change to it: its rules (`_headers` for
 * the host, `_headers.json` for any other, kept unserved) and the list of its files the next deploy
 * reads back (deployed-files.ts).
 */
export function writeRules(dir: string, rules: readonly HeaderRule[]): void {
  // headersFile refuses rules the host would drop: check before writing anything.
  const text = headersFile(rules);
  writeAtomically(dir, HEADERS_JSON_FILE, `${JSON.stringify({ rules }, null, 2)}\n`);
  writeAtomically(dir, ASSETS_IGNORE_FILE, `${UNSERVED_FILES.join('\n')}\n`);
  writeAtomically(dir, HEADERS_FILE, text);
  writeDeployedFiles(dir);
}

/**
 * The shell's release, as its CSP reports name it: the start of its page template's SHA-256 (the
 * template names the release's entry script, so it changes with every shell release).
 */
export function shellRelease(shellDir: string): string {
  const template = path.join(shellDir, PAGE_TEMPLATE_FILE);
  if (!fs.existsSync(template)) return 'unknown';
  return crypto.createHash('sha256').update(fs.readFileSync(template)).digest('hex').slice(0, 12);
}

export interface WriteHeadersOptions {
  shellDir: string;
  runtimeConfig: {
    remotes: Readonly<Record<string, string>>;
    supabase: { url: string };
    remoteOverrides?: { allowedOrigins: readonly string[] };
    botCheck?: { scriptUrl: string };
  };
  /** The remotes' host folders, where they are on this machine too. */
  remoteDirs?: readonly string[];
  /**
   * The backend whose `csp-report` function receives the pages' violation reports (default: the
   * runtime config's). The e2e suites point every site they start at one backend, to read them all.
   */
  reportTo?: string;
}

/** Writes the shell's rules (and each remote folder's); returns the shell's. */
export function writeSecurityHeaders(options: WriteHeadersOptions): HeaderRule[] {
  const sources: SiteSources = {
    remotes: options.runtimeConfig.remotes,
    backendUrl: options.runtimeConfig.supabase.url,
    overrideOrigins: options.runtimeConfig.remoteOverrides?.allowedOrigins,
    inlineScripts: htmlFiles(options.shellDir).flatMap((file) =>
      inlineScriptsOf(fs.readFileSync(file, 'utf8')),
    ),
    reportUri: cspReportUrl(
      options.reportTo ?? options.runtimeConfig.supabase.url,
      shellRelease(options.shellDir),
    ),
    botCheckScriptUrl: options.runtimeConfig.botCheck?.scriptUrl,
  };
  const rules = shellHeaderRules(sources);
  writeRules(options.shellDir, rules);
  // A remote not deployed yet has no folder: its rules come with its first deploy's run.
  for (const dir of options.remoteDirs ?? [])
    if (fs.existsSync(dir)) writeRules(dir, remoteHeaderRules());
  return rules;
}
