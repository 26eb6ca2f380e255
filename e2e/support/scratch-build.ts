import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { appFolder } from '@agentora/contracts/apps';
import { WORKSPACE_ROOT } from './workspace';
import type { VariantRequest } from './build-variant';

/** Where this run's remote variants are built; global-setup.ts empties it, so each run builds anew. */
export const VARIANT_BUILDS_DIR = path.join(WORKSPACE_ROOT, 'tmp', 'e2e-builds');

/**
 * How long one variant's build may take, waiting for another worker's build of it included: 3 to 5 s
 * alone on the 2-core machine, a few times that while the rest of a run shares it. Past it the build
 * is ended and fails, saying so.
 */
export const VARIANT_BUILD_DEADLINE_MS = 120_000;

/**
 * Builds a variant of a remote into its own folder (no change to apps/) and resolves to its dist/. A
 * run builds each variant once: specs asking for the same sources and settings (whatever they call
 * it) get the folder the first one made. Asynchronous, so the worker's event loop keeps running
 * meanwhile: it reads the output of the hosts it serves, whose writes would block once their pipes
 * were full, and its timeouts fire on time.
 */
export async function buildRemoteVariant(request: VariantRequest): Promise<string> {
  const { variant: _name, ...sources } = request;
  const key = createHash('sha256').update(JSON.stringify(sources)).digest('hex').slice(0, 16);
  const made = path.join(VARIANT_BUILDS_DIR, 'made', `${request.remote}-${key}`);
  const deadline = Date.now() + VARIANT_BUILD_DEADLINE_MS;
  const release = await holdBuildLock(made, deadline, request.variant);
  if (!release) return path.join(made, 'dist');
  try {
    await build(request, made, deadline);
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

async function build(request: VariantRequest, made: string, deadline: number): Promise<void> {
  const node = path.join(WORKSPACE_ROOT, 'node_modules/.bin/node');
  const scratch = scratchDir(request);
  const timeout = Math.max(1, deadline - Date.now());
  try {
    await promisify(execFile)(
      node,
      [path.join(WORKSPACE_ROOT, 'e2e/support/build-variant.ts'), JSON.stringify(request), scratch],
      { cwd: WORKSPACE_ROOT, timeout, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    fs.rmSync(scratch, { recursive: true, force: true });
    const { killed, stderr } = error as { killed?: boolean; stderr?: string };
    throw new Error(
      killed
        ? `The ${request.variant} variant of ${request.remote} was not built within ${VARIANT_BUILD_DEADLINE_MS / 1000} s.`
        : `The ${request.variant} variant of ${request.remote} did not build:\n${(stderr ?? String(error)).trim()}`,
      { cause: error },
    );
  }
  fs.renameSync(scratch, made);
}

/**
 * Waits while another worker builds the same variant, so that it is built once: undefined once it is
 * made, else a lock this worker holds (a release function) and must build under. A lock whose worker
 * died is taken over.
 */
async function holdBuildLock(
  made: string,
  deadline: number,
  variant: string,
): Promise<(() => void) | undefined> {
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
    if (Date.now() > deadline)
      throw new Error(
        `The ${variant} variant was still being built by process ${readIfThere(path.join(lock, 'pid'))} after ${VARIANT_BUILD_DEADLINE_MS / 1000} s.`,
      );
    // The builder is at work: look again in half a second.
    await new Promise((resolve) => setTimeout(resolve, 500));
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
