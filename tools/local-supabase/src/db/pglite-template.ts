import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { REPO_ROOT } from '../config/paths.ts';
import { ClusterInMemory } from './cluster-in-memory.ts';
import { writeClusterFiles } from './cluster-on-disk.ts';
import { clusterEntries } from './cluster-tar.ts';

// Copies of PGlite clusters, kept so that a new database does not repeat work that always gives the same
// result. initdb is most of PGlite's start-up (seconds, far more on a busy machine) and a fresh cluster
// is the same every time for one PGlite version, so the first start keeps a copy of it and later new
// databases (tests, a new data dir, --in-memory) are unpacked from that copy instead. The migrated
// cluster (migrated-pglite.ts) is kept here the same way.
const CACHE_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'agentora-local-supabase');

// A copy is kept as PGlite's plain tar (about 45 MB), not gzipped: every start from it would gunzip it
// again (PGlite's web-stream gunzip, a sixth of a start's CPU), and every copy made gzip it, to save
// disk in a cache of a few files.

// PGlite's start-up parameters, with a buffer pool smaller than PostgreSQL's default 128 MB: PGlite
// zeroes the whole pool at every start, in WebAssembly (about half a second of CPU at 128 MB), and a
// migrated database of this repository (about 11 MB) fits in 16 MB.
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** A copy of a cluster as read from the cache: PGlite's tar, this start's own bytes. */
export type ClusterCopy = Uint8Array<ArrayBuffer>;

/**
 * Starts PGlite on `dataDir` (undefined: in memory), first unpacking `copy` if given: in memory into
 * a file system that holds it (cluster-in-memory.ts), on disk with Node's own file calls
 * (cluster-on-disk.ts). Both do what PGlite's loadDataDir would, in a fraction of its CPU.
 */
export async function startPglite(
  dataDir: string | undefined,
  copy?: ClusterCopy,
): Promise<PGlite> {
  if (copy && dataDir === undefined)
    return PGlite.create({
      fs: new ClusterInMemory(clusterEntries(copy)),
      startParams: START_PARAMS,
    });
  if (copy && dataDir !== undefined) writeClusterFiles(clusterEntries(copy), dataDir);
  return PGlite.create({ dataDir, startParams: START_PARAMS });
}

export function pgliteVersion(): string {
  const entry = createRequire(path.join(REPO_ROOT, 'package.json')).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** Where the copy called `name` (a file name of the cache, ending in .tar) is kept. */
export function cachedClusterFile(name: string): string {
  return path.join(CACHE_DIR, name);
}

/**
 * The copy in `file`, or undefined when there is none (or it is older than `maxAgeMs`). Read again for
 * every start: a start in memory keeps the bytes as its files' own and writes into them.
 */
export async function readCachedCluster(
  file: string,
  maxAgeMs = Infinity,
): Promise<ClusterCopy | undefined> {
  try {
    if (Date.now() - (await stat(file)).mtimeMs > maxAgeMs) return undefined;
    const bytes = await readFile(file);
    // A plain Uint8Array: a Buffer's slice() is a view, where PGlite's file system expects a copy.
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch {
    return undefined;
  }
}

/**
 * Keeps a copy of the cluster in `file`, checkpointed first: PGlite copies a running cluster, so every
 * start from the copy replays the write-ahead log since its last checkpoint, which without this one is
 * every migration again (about a second of CPU at every start). Written under a name of its own and
 * renamed into place, so a reader never sees half a file and processes that write the same copy at once
 * each leave a whole one.
 * A cache only: failing to write it costs the next start some seconds, nothing else.
 */
export async function saveCachedCluster(pglite: PGlite, file: string): Promise<void> {
  try {
    await pglite.exec('checkpoint');
    const tar = await pglite.dumpDataDir('none');
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
    await writeFile(partial, new Uint8Array(await tar.arrayBuffer()));
    await rename(partial, file);
  } catch {
    // The next start makes it again.
  }
}

/**
 * Removes the copies (half-written ones, and the gzipped ones of an older cache, too) whose names start
 * with `prefix` and are older than `maxAgeMs`.
 */
export async function removeCachedClusters(prefix: string, maxAgeMs: number): Promise<void> {
  const names = await readdir(CACHE_DIR).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix) && /\.(tar|tar\.gz|partial)$/.test(name))
      .map(async (name) => {
        const file = path.join(CACHE_DIR, name);
        const age = Date.now() - (await stat(file).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
        if (age > maxAgeMs) await rm(file, { force: true });
      }),
  );
}

/** Opens the cluster in `dir` (undefined: in memory), creating it from the cached initdb when it is new. */
export async function createPglite(dir: string | undefined): Promise<PGlite> {
  if (isExistingCluster(dir)) return startPglite(dir);
  const file = cachedClusterFile(`pglite-${pgliteVersion()}-initdb.tar`);
  const template = await readCachedCluster(file);
  if (template) return startPglite(dir, template);
  const pglite = await startPglite(dir);
  await saveCachedCluster(pglite, file);
  return pglite;
}

/** Whether `dir` holds a cluster already (undefined: a new one in memory). */
export function isExistingCluster(dir: string | undefined): boolean {
  return dir !== undefined && existsSync(path.join(dir, 'PG_VERSION'));
}
