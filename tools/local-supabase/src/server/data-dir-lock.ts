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

/** Who holds a lock: the PID, and on Linux when that process started (a PID alone can be reused). */
interface LockOwner {
  pid: number;
  startTicks: string | undefined;
}

const START_PREFIX = 'process start (clock ticks after boot): ';

/**
 * A process's scheduler state and start time from /proc/<pid>/stat, or undefined where there is no
 * /proc (macOS) or no such process. The command name (field 2) may contain spaces and parentheses, so
 * the fields are counted from the last ')'.
 */
function procStat(pid: number): { state: string; startTicks: string } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state); field 22 (starttime) is fields[19].
  return { state: fields[0], startTicks: fields[19] };
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the lock's owner still runs. kill(pid, 0) alone is not enough: it also succeeds for a zombie
 * (killed, not yet reaped by its parent, which is the state right after `kill -9`) and for an
 * unrelated process that got the PID later. /proc tells both apart: state Z or X is dead, and a
 * different start time is another process.
 */
function isRunning(owner: LockOwner): boolean {
  if (!pidExists(owner.pid)) return false;
  const stat = procStat(owner.pid);
  if (stat === undefined) return true;
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return owner.startTicks === undefined || owner.startTicks === stat.startTicks;
}

function readOwner(lockPath: string): LockOwner | undefined {
  try {
    const lines = readFileSync(lockPath, 'utf8').split('\n');
    const pid = Number.parseInt(lines[0], 10);
    if (!Number.isInteger(pid) || pid <= 0) return undefined;
    const start = lines.find((line) => line.startsWith(START_PREFIX))?.slice(START_PREFIX.length);
    return { pid, startTicks: start && /^\d+$/.test(start) ? start : undefined };
  } catch {
    return undefined;
  }
}

function tryCreate(lockPath: string): boolean {
  try {
    const fd = openSync(lockPath, 'wx');
    try {
      const startTicks = procStat(process.pid)?.startTicks;
      writeSync(
        fd,
        `${process.pid}\n${new Date().toISOString()}\n${startTicks ? `${START_PREFIX}${startTicks}\n` : ''}`,
      );
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
function clearStaleLock(lockPath: string, stale: LockOwner | undefined): void {
  const aside = `${lockPath}.stale-${process.pid}-${Date.now()}`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readOwner(aside);
  if (moved !== undefined && moved.pid !== stale?.pid && isRunning(moved)) {
    renameSync(aside, lockPath);
    return;
  }
  unlinkSync(aside);
}

/**
 * One server per data dir: PGlite has a single writer, and two processes on the same files would corrupt
 * them. A lock left behind by a killed process (kill -9, power loss) is taken over at once, even before
 * the dead process is reaped, and a PID reused by another process does not keep it.
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
          if (readOwner(lockPath)?.pid === process.pid) unlinkSync(lockPath);
        },
      };
    }
    const owner = readOwner(lockPath);
    if (owner !== undefined && isRunning(owner)) {
      throw new DataDirLockedError(
        `The data dir ${dataDir} is in use by another local Supabase server (PID ${owner.pid}). ` +
          `Stop that process or choose another data dir. If PID ${owner.pid} is not a local Supabase ` +
          `server, delete ${lockPath}.`,
      );
    }
    // No PID (a half-written lock) counts as stale too: its writer died before finishing one line.
    clearStaleLock(lockPath, owner);
  }
  throw new DataDirLockedError(
    `Could not take the lock ${lockPath}: other processes keep racing for it.`,
  );
}
