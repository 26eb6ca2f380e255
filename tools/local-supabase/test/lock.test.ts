import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, DataDirLockedError } from '../src/server/data-dir-lock.ts';

describe('data dir lock', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'local-supabase-lock-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('lets one holder in and tells the next one who holds it', async () => {
    const lock = acquireDataDirLock(dir);
    expect(await readFile(lock.path, 'utf8')).toMatch(new RegExp(`^${process.pid}\\n`));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      `in use by another local Supabase server (PID ${process.pid})`,
    );
    lock.release();
    acquireDataDirLock(dir).release();
  });

  it('takes over a lock whose process is gone (kill -9 leaves one behind)', async () => {
    // A PID that certainly belonged to a process which has exited.
    const finished = spawnSync(process.execPath, ['-e', '0']);
    await writeFile(path.join(dir, 'server.lock'), `${finished.pid}\n2020-01-01T00:00:00.000Z\n`);
    const lock = acquireDataDirLock(dir);
    expect(await readFile(lock.path, 'utf8')).toMatch(new RegExp(`^${process.pid}\\n`));
    lock.release();
  });

  it('records when the holder started, so a reused PID is told apart', async () => {
    const lock = acquireDataDirLock(dir);
    const [, , start] = (await readFile(lock.path, 'utf8')).split('\n');
    const stat = await readFile(`/proc/${process.pid}/stat`, 'utf8');
    const startTicks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    expect(start).toBe(`process start (clock ticks after boot): ${startTicks}`);
    lock.release();
  });

  it('takes over a lock whose PID now belongs to another process (started at another time)', async () => {
    // A live PID (this one) with a start time it never had: the PID was reused after the holder died.
    await writeFile(
      path.join(dir, 'server.lock'),
      `${process.pid}\n2020-01-01T00:00:00.000Z\nprocess start (clock ticks after boot): 1\n`,
    );
    const lock = acquireDataDirLock(dir);
    expect(await readFile(lock.path, 'utf8')).not.toContain('ticks after boot): 1\n');
    lock.release();
  });

  it('keeps a lock from before start times were recorded while its PID runs', async () => {
    await writeFile(path.join(dir, 'server.lock'), `${process.pid}\n2020-01-01T00:00:00.000Z\n`);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it('treats an empty lock file (writer died mid-write) as stale', async () => {
    await writeFile(path.join(dir, 'server.lock'), '');
    acquireDataDirLock(dir).release();
  });
});
