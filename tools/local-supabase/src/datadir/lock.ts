import { closeSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

const LOCK_FILE = 'server.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwnerPid(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').split('\n')[0], 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function tryCreate(lockPath: string): boolean {
  try {
    const fd = openSync(lockPath, 'wx');
    try {
      writeSync(fd, `${process.pid}\n${new Date().toISOString()}\n`);
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Moves a dead owner's lock aside. The rename is atomic, and the moved file is checked afterwards: if a
 * racing starter replaced the stale lock with its own live one in between, that one is put back.
 */
function clearStaleLock(lockPath: string, stalePid: number): void {
  const aside = `${lockPath}.stale-${process.pid}-${Date.now()}`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const movedPid = readOwnerPid(aside);
  if (movedPid !== undefined && movedPid !== stalePid && isAlive(movedPid)) {
    renameSync(aside, lockPath);
    return;
  }
  unlinkSync(aside);
}

/**
 * One server per data dir: PGlite has a single writer, and two processes on the same files would corrupt
 * them. A lock left behind by a killed process (kill -9, power loss) is recognised by its dead PID.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (tryCreate(lockPath)) {
      let released = false;
      return {
        path: lockPath,
        release() {
          if (released) return;
          released = true;
          if (readOwnerPid(lockPath) === process.pid) unlinkSync(lockPath);
        },
      };
    }
    const ownerPid = readOwnerPid(lockPath);
    if (ownerPid !== undefined && isAlive(ownerPid)) {
      throw new DataDirLockedError(
        `The data dir ${dataDir} is in use by another local Supabase server (PID ${ownerPid}). ` +
          `Stop that process or choose another data dir. If PID ${ownerPid} is not a local Supabase ` +
          `server, delete ${lockPath}.`,
      );
    }
    // No PID (a half-written lock) counts as stale too: its writer died before finishing one line.
    clearStaleLock(lockPath, ownerPid ?? -1);
  }
  throw new DataDirLockedError(
    `Could not take the lock ${lockPath}: other processes keep racing for it.`,
  );
}
