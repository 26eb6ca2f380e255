// Deploys one app's production build into its host folder (tools/host: what the app's Worker serves;
// a local preview's folder; any static host's document root).
//
// Order matters where the folder is served while it changes (the preview, a plain static host):
// content-hashed assets go first, so a page that loaded the previous manifest can still fetch its
// chunks; the files that name "the current version" (mf-manifest.json, remoteEntry.js, index.html…)
// are written last, each atomically (written beside the folder, then renamed into it), so no visitor
// sees a manifest that points at missing chunks. On Cloudflare the whole folder goes live at once
// (deploy-site.ts).
//
// The folder keeps the chunks of the build before this one, for pages opened before the deploy, and
// drops older ones: `deployed-build.json` names the hashed files of the build at the folder's root.
import fs from 'node:fs';
import path from 'node:path';
import { RELEASES_DIR } from '@agentora/host';
import { PAGES_RECORD_FILE, writeAtomically } from '@agentora/prerender/page-files';

const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;
/** A build's record in its folder: its hashed files, when it was deployed, its commit. */
export const BUILD_RECORD = 'deployed-build.json';
const RUNTIME_CONFIG_FILE = 'runtime-config.json';

export interface DeployResult {
  target: string;
  assets: string[];
  entries: string[];
  /** Chunks of the build before the previous one, no longer kept. */
  removed: string[];
}

function listFiles(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full, base) : [path.relative(base, full)];
  });
}

export interface BuildRecord {
  /** The hashed files of the build at the folder's root. */
  files: string[];
  /** When it was deployed (ISO 8601): a folder read back from the host has no file times. */
  deployedAt: string;
  /**
   * The commit it was built from (`deploy` and `release deploy` always record it; a build they put on
   * the host before they did has none): what puts a build live refuses one that does not descend from
   * it (ancestry.ts).
   */
  commit?: string;
}

/**
 * A remote's standalone page and its local config: what `nx serve` shows of a remote on its own. A
 * remote's host never serves them (visitors see a remote only inside the shell's pages).
 */
export const REMOTE_STANDALONE_FILES = ['index.html', RUNTIME_CONFIG_FILE] as const;

export interface DeployAppOptions {
  /** The folder is a remote's host (or one of its releases): its standalone files stay out. */
  remote?: boolean;
  /** The commit the build comes from. */
  commit?: string;
}

export function readBuildRecord(target: string): BuildRecord | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(target, BUILD_RECORD), 'utf8')) as BuildRecord;
  } catch {
    return undefined;
  }
}

export function deployApp(
  distDir: string,
  target: string,
  options: DeployAppOptions = {},
): DeployResult {
  if (!fs.existsSync(path.join(distDir, 'index.html')))
    throw new Error(`${distDir} is not a build (no index.html): run the app's build first.`);
  // Where pages were prerendered, index.html is the home page, and the prerender that follows this
  // deploy replaces it: the build's client-rendered one must not stand in for it until then.
  const prerendered = fs.existsSync(path.join(target, PAGES_RECORD_FILE));
  // The environment's runtime config is the host's (the release commands change it): a build's
  // (the local one, for a standalone run) never replaces it.
  const configured = fs.existsSync(path.join(target, RUNTIME_CONFIG_FILE));
  const omitted = new Set<string>(options.remote ? REMOTE_STANDALONE_FILES : []);
  const files = listFiles(distDir).filter(
    (file) =>
      !omitted.has(file) &&
      !(prerendered && file === 'index.html') &&
      !(configured && file === RUNTIME_CONFIG_FILE),
  );
  const assets = files.filter((file) => HASHED.test(path.basename(file)));
  const entries = files.filter((file) => !HASHED.test(path.basename(file)));
  const previous = readBuildRecord(target);
  for (const file of assets) {
    const from = path.join(distDir, file);
    const to = path.join(target, file);
    // A content-hashed name is one content: the same name holding other bytes on the host is not an
    // earlier release of it (a tampered file, or a build that hashes differently) and is not kept.
    if (fs.existsSync(to) && !fs.readFileSync(to).equals(fs.readFileSync(from)))
      throw new Error(
        `${file} on the host is not this build's file of that name: refusing to deploy over it (check what the host serves).`,
      );
    if (!fs.existsSync(to)) writeAtomically(target, file, fs.readFileSync(from));
  }
  // The manifest names the entry; write it last of all.
  entries.sort(
    (a, b) => Number(a.endsWith('mf-manifest.json')) - Number(b.endsWith('mf-manifest.json')),
  );
  for (const file of entries)
    writeAtomically(target, file, fs.readFileSync(path.join(distDir, file)));
  // Chunks neither of this build nor of the one it replaces (only known once a deploy recorded it).
  const kept = new Set([...assets, ...(previous?.files ?? [])]);
  const removed = previous
    ? listFiles(target).filter(
        (file) =>
          HASHED.test(path.basename(file)) &&
          !file.startsWith(`${RELEASES_DIR}${path.sep}`) &&
          !kept.has(file),
      )
    : [];
  for (const file of removed) fs.rmSync(path.join(target, file));
  const record: BuildRecord = {
    files: [...assets].sort(),
    deployedAt: new Date().toISOString(),
    ...(options.commit ? { commit: options.commit } : {}),
  };
  fs.writeFileSync(path.join(target, BUILD_RECORD), `${JSON.stringify(record, null, 2)}\n`);
  return { target, assets, entries, removed };
}
