import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { REPO_ROOT } from '../config/paths.ts';

// initdb is most of PGlite's start-up (seconds, far more on a busy machine). A fresh cluster is the same
// every time for one PGlite version, so the first start keeps a copy of it and later new databases
// (tests, a new data dir, --in-memory) are unpacked from that copy instead.
const CACHE_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'agentora-local-supabase');

function pgliteVersion(): string {
  const entry = createRequire(path.join(REPO_ROOT, 'package.json')).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

function templateFile(): string {
  return path.join(CACHE_DIR, `pglite-${pgliteVersion()}-initdb.tar.gz`);
}

async function readTemplate(file: string): Promise<Blob | undefined> {
  try {
    return new Blob([await readFile(file)], { type: 'application/x-gzip' });
  } catch {
    return undefined;
  }
}

async function saveTemplate(pglite: PGlite, file: string): Promise<void> {
  const dump = await pglite.dumpDataDir('gzip');
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
}

/** Opens the cluster in `dir` (undefined: in memory), creating it from the cached initdb when it is new. */
export async function createPglite(dir: string | undefined): Promise<PGlite> {
  if (dir !== undefined && existsSync(path.join(dir, 'PG_VERSION'))) return PGlite.create(dir);
  const file = templateFile();
  const template = await readTemplate(file);
  if (template) return PGlite.create({ dataDir: dir, loadDataDir: template });
  const pglite = await PGlite.create(dir);
  // A cache only: failing to write it costs the next start some seconds, nothing else.
  await saveTemplate(pglite, file).catch(() => undefined);
  return pglite;
}
