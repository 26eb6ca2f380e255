// A throwaway PostgreSQL server for tests: initdb in a temp dir, postgres on a free port of 127.0.0.1
// with durability off, trust auth for the `postgres` superuser; stop() shuts it down and removes it all.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chown, mkdtemp } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { findPostgresBinaries, type PostgresBinaries } from './binaries.ts';
import { scratchParent } from './scratch-dir.ts';
import { SUPERVISOR_SCRIPT } from './supervisor.ts';

export interface StartTestPostgresOptions {
  /** How long to wait for the server to accept connections (initdb included). Default 60 s. */
  timeoutMs?: number;
  /** Extra server settings (`-c name=value`), after and over the defaults. */
  settings?: Record<string, string | number | boolean>;
  /** Install Debian's "postgresql" package when none is found (root with apt-get only). Default true. */
  install?: boolean;
  /**
   * The cluster's files in memory (/dev/shm) when it has room there (scratch-dir.ts), for tests that
   * make and drop many small databases. Default false: on the disk's temp dir, for benchmarks and load
   * runs whose data may be large.
   */
  inMemory?: boolean;
}

export interface TestPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust auth: no password). */
  url: string;
  port: number;
  /** The server's major version, e.g. 15. */
  major: number;
  /** The folder of its programs: the clients of its version (pg_dump, psql) are there too. */
  binDir: string;
  /** The cluster's data folder (inside the temp dir that stop() removes). */
  dataDir: string;
  /** Fast shutdown, then removes the temp dir. Safe to call more than once. */
  stop(): Promise<void>;
  /** Settles when the server is gone and its temp dir removed: after stop(), or if it dies. */
  exited: Promise<void>;
}

/** Settings for a server whose data nobody needs after the test: no waiting for the disk. */
const TEST_SETTINGS: Record<string, string> = {
  fsync: 'off',
  full_page_writes: 'off',
  synchronous_commit: 'off',
  max_connections: '100',
};

const LOG_LIMIT = 64 * 1024;
const SUPERUSER = 'postgres';

interface OsUser {
  uid: number;
  gid: number;
}

const note = (message: string) => process.stderr.write(`test-postgres: ${message}\n`);

function osUser(name: string): OsUser | undefined {
  try {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: 'pipe' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL refuses to run as root: as root, the `postgres` OS user runs it (Debian's package creates
 * that user; else `useradd --system` does). Anyone else runs it as themselves (undefined).
 */
function serverUser(): OsUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const existing = osUser(SUPERUSER);
  if (existing) return existing;
  note(`running as root, which PostgreSQL refuses: creating the system user "${SUPERUSER}"…`);
  try {
    execFileSync(
      'useradd',
      ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SUPERUSER],
      { stdio: ['ignore', 2, 2] },
    );
  } catch (error) {
    throw new Error(
      `PostgreSQL cannot run as root, and creating the OS user "${SUPERUSER}" failed ` +
        `(useradd --system ${SUPERUSER}). Create it, or run the tests as another user.`,
      { cause: error },
    );
  }
  const created = osUser(SUPERUSER);
  if (!created) throw new Error(`useradd finished but there is no OS user "${SUPERUSER}".`);
  return created;
}

/** A TCP port of 127.0.0.1 that nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Whether the server accepts a connection and runs a query now. */
async function accepts(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

class StartFailure extends Error {
  readonly portInUse: boolean;
  constructor(message: string, log: string) {
    super(`${message}\n--- PostgreSQL's output ---\n${log.trimEnd() || '(none)'}`);
    this.name = 'StartFailure';
    this.portInUse = /could not bind|address already in use/i.test(log);
  }
}

const settingValue = (value: string | number | boolean) =>
  typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value);

async function launch(
  binaries: PostgresBinaries,
  user: OsUser | undefined,
  port: number,
  options: StartTestPostgresOptions,
): Promise<TestPostgres> {
  const root = await mkdtemp(path.join(scratchParent(options), 'test-postgres-'));
  if (user) await chown(root, user.uid, user.gid);
  const dataDir = path.join(root, 'data');
  const settings = {
    ...TEST_SETTINGS,
    listen_addresses: '127.0.0.1',
    unix_socket_directories: root,
    ...options.settings,
  };
  const job = {
    root,
    uid: user?.uid,
    gid: user?.gid,
    steps: [
      {
        command: path.join(binaries.binDir, 'initdb'),
        args: [
          ...['-D', dataDir, '-U', SUPERUSER, '--auth=trust', '-E', 'UTF8', '--no-locale', '-N'],
          // Not the "you can now start the database server using…" advice, in an error's log.
          ...(binaries.major >= 14 ? ['--no-instructions'] : []),
        ],
      },
      {
        command: path.join(binaries.binDir, 'postgres'),
        args: [
          '-D',
          dataDir,
          '-p',
          String(port),
          ...Object.entries(settings).flatMap(([name, value]) => [
            '-c',
            `${name}=${settingValue(value)}`,
          ]),
        ],
      },
    ],
  };

  // Its own process group: a Ctrl-C in the terminal reaches the test process, whose end closes the
  // supervisor's stdin; the supervisor then stops the server and removes the temp dir.
  const child: ChildProcess = spawn(
    process.execPath,
    ['-e', SUPERVISOR_SCRIPT, JSON.stringify(job)],
    {
      stdio: ['pipe', 'ignore', 'pipe'],
      // initdb and postgres inherit it. C: no locale warnings (the cluster's locale is C anyway).
      env: { ...process.env, LC_ALL: 'C' },
      detached: true,
    },
  );
  let log = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    log = (log + chunk).slice(-LOG_LIMIT);
  });
  let gone = false;
  const exited = new Promise<void>((resolve) => {
    child.once('close', () => {
      gone = true;
      resolve();
    });
    child.once('error', (error) => {
      log += `\ncannot start the supervisor: ${error.message}`;
      gone = true;
      resolve();
    });
  });
  // Neither the server nor its output keeps the test process alive; stop() holds it while it waits.
  child.unref();
  (child.stdin as Socket | null)?.unref();
  (child.stderr as Socket | null)?.unref();

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (!gone) {
        child.ref();
        child.stdin?.destroy();
        await exited;
      }
    })();
    return stopping;
  };

  const url = `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new StartFailure(`PostgreSQL ${binaries.major} did not start.`, log);
    if (await accepts(url)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new StartFailure(
        `PostgreSQL ${binaries.major} did not accept connections on port ${port} within ${timeoutMs} ms.`,
        log,
      );
    }
    await sleep(100);
  }
  return { url, port, major: binaries.major, binDir: binaries.binDir, dataDir, stop, exited };
}

/**
 * Starts a throwaway PostgreSQL server (see the README): resolves once it accepts connections.
 * Call stop() when done; if the process ends first, the server stops and its files go anyway.
 */
export async function startTestPostgres(
  options: StartTestPostgresOptions = {},
): Promise<TestPostgres> {
  const binaries = findPostgresBinaries({ install: options.install });
  const user = serverUser();
  // The port is free when chosen but may be taken before postgres binds it: then another one.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await launch(binaries, user, await freePort(), options);
    } catch (error) {
      if (!(error instanceof StartFailure && error.portInUse && attempt < 3)) throw error;
    }
  }
}
