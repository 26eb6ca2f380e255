import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ClusterEntry } from './cluster-tar.ts';

// The file whose presence makes a folder a cluster (pglite-template.ts's isExistingCluster).
const VERSION_FILE = '/PG_VERSION';

/**
 * Writes a copy's folders and files into `dir`, for PGlite to start on as on a cluster of its own.
 * PGlite's loadDataDir writes them through its Emscripten file system, which walks and normalises
 * every parent folder's path for each of some 1,300 files; Node writes them directly. Synchronously,
 * at start-up, when nothing else is served yet. PG_VERSION is written last, so that a start that dies
 * half way leaves no folder that a later start would take for a cluster.
 */
export function writeClusterFiles(entries: ClusterEntry[], dir: string): void {
  mkdirSync(dir, { recursive: true });
  let version: Uint8Array | undefined;
  for (const entry of entries) {
    const target = path.join(dir, entry.path);
    if (!entry.data) mkdirSync(target, { recursive: true });
    else if (entry.path === VERSION_FILE) version = entry.data;
    else writeFileSync(target, entry.data);
  }
  if (!version) throw new Error(`the copy has no ${VERSION_FILE}`);
  writeFileSync(path.join(dir, VERSION_FILE), version);
}
