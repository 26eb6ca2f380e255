// Other work rebuilds apps/*/dist while a benchmark runs (a run takes half an hour); a remote rebuilt
// mid-run serves a manifest naming chunks the page then fails to load. The benchmark therefore serves a
// copy taken once at the start, and only a copy in which every file the entry points name is present.
import fs from 'node:fs';
import path from 'node:path';
import { appFolder, type AppName } from '@agentora/contracts/apps';

export interface ManifestLike {
  metaData?: { remoteEntry?: { name?: string } };
  exposes?: Array<{ assets?: AssetGroups }>;
  shared?: Array<{ assets?: AssetGroups }>;
}

interface AssetGroups {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}

/** The files an app's entry points name: index.html's scripts and styles, the MF manifest's assets. */
export function referencedFiles(files: { indexHtml?: string; manifest?: ManifestLike }): string[] {
  const names = new Set<string>();
  for (const match of (files.indexHtml ?? '').matchAll(
    /<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+\.(?:js|css))"/g,
  )) {
    if (!/^[a-z]+:\/\//i.test(match[1])) names.add(match[1].replace(/^\/+/, ''));
  }
  const manifest = files.manifest;
  if (manifest?.metaData?.remoteEntry?.name) names.add(manifest.metaData.remoteEntry.name);
  for (const entry of [...(manifest?.exposes ?? []), ...(manifest?.shared ?? [])]) {
    for (const group of [entry.assets?.js, entry.assets?.css])
      for (const file of [...(group?.sync ?? []), ...(group?.async ?? [])]) names.add(file);
  }
  return [...names].sort();
}

function readIfPresent(file: string): string | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

/** Files named by the build's entry points that are not in the folder (empty: the build is whole). */
export function missingFiles(dir: string): string[] {
  const manifestText = readIfPresent(path.join(dir, 'mf-manifest.json'));
  let manifest: ManifestLike | undefined;
  try {
    manifest = manifestText ? (JSON.parse(manifestText) as ManifestLike) : undefined;
  } catch {
    return ['mf-manifest.json (unreadable)'];
  }
  const indexHtml = readIfPresent(path.join(dir, 'index.html'));
  if (indexHtml === undefined) return ['index.html'];
  return referencedFiles({ indexHtml, manifest }).filter(
    (file) => !fs.existsSync(path.join(dir, file)),
  );
}

/**
 * Copies each app's dist/ to `targetDir/<app>`, retrying while a copy is incomplete (a build was
 * writing it). Returns the copies' folders.
 */
export async function snapshotDists(
  workspaceRoot: string,
  apps: readonly AppName[],
  targetDir: string,
  attempts = 10,
  waitMs = 3000,
): Promise<Record<string, string>> {
  const dirs: Record<string, string> = {};
  for (const app of apps) {
    const source = path.join(workspaceRoot, appFolder(app), 'dist');
    const target = path.join(targetDir, app);
    let missing: string[] = [];
    for (let attempt = 1; attempt <= attempts; attempt++) {
      fs.rmSync(target, { recursive: true, force: true });
      try {
        fs.cpSync(source, target, { recursive: true });
        missing = missingFiles(target);
      } catch (error) {
        missing = [`(copy failed: ${error instanceof Error ? error.message : String(error)})`];
      }
      if (missing.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
    if (missing.length > 0)
      throw new Error(
        `apps/${app}/dist is incomplete (${missing.slice(0, 3).join(', ')}): build it again (npx nx run-many -t build).`,
      );
    dirs[app] = target;
  }
  return dirs;
}
