import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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

function build(request: VariantRequest, made: string): void {
  const node = path.join(WORKSPACE_ROOT, 'node_modules/.bin/node');
  const scratch = path.join(VARIANT_BUILDS_DIR, `${request.variant}-${process.pid}`);
  execFileSync(
    node,
    [path.join(WORKSPACE_ROOT, 'e2e/support/build-variant.ts'), JSON.stringify(request), scratch],
    { cwd: WORKSPACE_ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
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
