import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { appFolder } from '@agentora/contracts/apps';
import { WORKSPACE_ROOT } from './workspace';
import type { VariantRequest } from './build-variant';

/** Where this run's remote variants are built; global-setup.ts empties it, so each run builds anew. */
export const VARIANT_BUILDS_DIR = path.join(WORKSPACE_ROOT, 'tmp', 'e2e-builds');

/**
 * Builds a variant of a remote into its own folder (no change to apps/) and returns its dist/. A run
 * builds each variant once: specs asking for the same sources and settings (whatever they call it) get
 * the folder the first one made.
 */
export function buildRemoteVariant(request: VariantRequest): string {
  const { variant: _name, ...sources } = request;
  const key = createHash('sha256').update(JSON.stringify(sources)).digest('hex').slice(0, 16);
  const made = path.join(VARIANT_BUILDS_DIR, 'made', `${request.remote}-${key}`);
  const release = holdBuildLock(made);
  if (!release) return path.join(made, 'dist');
  try {
    build(request, made);
  } finally {
    release();
  }
  return path.join(made, 'dist');
}

/** The prefix of the folders variants are built in (scratchDir()). */
const SCRATCH_PREFIX = 'e2e-build-';

/**
 * Where a variant's copy of its remote is built: as deep below the workspace root as the remote's
 * own folder (apps/<name>), so that every path from it into the workspace (libs/, node_modules/)
 * reads as it does from there. rspack's deterministic module ids hash those paths: built one level
 * deeper, the modules a variant leaves alone get other ids, their chunks other names, and a part it
 * did not change a new version, in some clones and not others (their paths hash differently).
 */
function scratchDir(request: VariantRequest): string {
  const scratch = path.join(
    WORKSPACE_ROOT,
    'tmp',
    `${SCRATCH_PREFIX}${request.variant}-${process.pid}`,
  );
  const depth = (folder: string) => path.relative(WORKSPACE_ROOT, folder).split(path.sep).length;
  if (depth(scratch) !== depth(path.join(WORKSPACE_ROOT, appFolder(request.remote))))
    throw new Error(`${scratch} is not as deep in the workspace as ${appFolder(request.remote)}.`);
  return scratch;
}

/** Removes what a killed run left of its variants' builds. */
export function removeVariantBuilds(): void {
  fs.rmSync(VARIANT_BUILDS_DIR, { recursive: true, force: true });
  const tmp = path.join(WORKSPACE_ROOT, 'tmp');
  for (const name of fs.existsSync(tmp) ? fs.readdirSync(tmp) : [])
    if (name.startsWith(SCRATCH_PREFIX))
      fs.rmSync(path.join(tmp, name), { recursive: true, force: true });
}

function build(request: VariantRequest, made: string): void {
  const node = path.join(WORKSPACE_ROOT, 'node_modules/.bin/node');
  const scratch = scratchDir(request);
  try {
    execFileSync(
      node,
      [path.join(WORKSPACE_ROOT, 'e2e/support/build-variant.ts'), JSON.stringify(request), scratch],
      { cwd: WORKSPACE_ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    );
  } catch (error) {
    fs.rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
  fs.renameSync(scratch, made);
}

/**
 * Waits while another worker builds the same variant, so that it is built once: undefined once it is
 * made, else a lock this worker holds (a release function) and must build under. A lock whose worker
 * died is taken over.
 */
function holdBuildLock(made: string): (() => void) | undefined {
  const lock = `${made}.lock`;
  fs.mkdirSync(path.dirname(made), { recursive: true });
  for (;;) {
    if (fs.existsSync(made)) return undefined;
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      return () => fs.rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (!isAlive(Number(readIfThere(path.join(lock, 'pid'))))) {
      fs.rmSync(lock, { recursive: true, force: true });
      continue;
    }
    // The builder is at work: look again in half a second (a test's sync code has no event loop to give).
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
  }
}

function readIfThere(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  // A lock made a moment ago may not hold its pid yet: count it as alive until it does.
  if (!pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
