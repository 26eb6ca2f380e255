// Writes the static hosts' header rules (_headers, and the same rules as _headers.json) from what
// is deployed: the shell's pages and the runtime config. Run after every deploy and prerender (the
// inline scripts' hashes follow the pages) and after every change of the runtime config (the
// remotes' origins): the deploy workflow does both.
import fs from 'node:fs';
import path from 'node:path';
import { writeAtomically } from '@agentora/prerender/page-files';
import {
  HEADERS_FILE,
  HEADERS_JSON_FILE,
  headersFile,
  inlineScriptsOf,
  remoteHeaderRules,
  shellHeaderRules,
  type HeaderRule,
  type SiteSources,
} from './security-headers.ts';

/** Every HTML file a host folder serves (the shell's server build is not served). */
function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'ssr' ? [] : htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

function writeRules(dir: string, rules: readonly HeaderRule[]): void {
  writeAtomically(path.join(dir, HEADERS_JSON_FILE), `${JSON.stringify({ rules }, null, 2)}\n`);
  writeAtomically(path.join(dir, HEADERS_FILE), headersFile(rules));
}

export interface WriteHeadersOptions {
  shellDir: string;
  runtimeConfig: {
    remotes: Readonly<Record<string, string>>;
    supabase: { url: string };
    remoteOverrides?: { allowedOrigins: readonly string[] };
  };
  /** The remotes' host folders, where they are on this machine too. */
  remoteDirs?: readonly string[];
  reportUri?: string;
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
    reportUri: options.reportUri,
  };
  const rules = shellHeaderRules(sources);
  writeRules(options.shellDir, rules);
  // A remote not deployed yet has no folder: its rules come with its first deploy's run.
  for (const dir of options.remoteDirs ?? [])
    if (fs.existsSync(dir)) writeRules(dir, remoteHeaderRules());
  return rules;
}
