import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** `npm run start -w @agentora/local-supabase`'s entry: the backend as a person runs it. */
const MAIN = fileURLToPath(import.meta.resolve('@agentora/local-supabase/main'));

export interface BackendSettings {
  port: number;
  dataDir: string;
  /** A PostgreSQL superuser URL; PGlite in dataDir when undefined. */
  databaseUrl?: string;
  /** Where the functions mail: the fake provider. */
  resend: { apiKey: string; apiUrl: string };
  /** The provider's rate the mail queue keeps. */
  mailSendsPerSecond: number;
  log: (line: string) => void;
}

export interface BackendProcess {
  url: string;
  /** kill -9 of the server; its Deno workers notice and exit by themselves. */
  kill(): Promise<void>;
  /** The same command again, on the same data dir and port, once it answers /health. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the backend exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/health`);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the backend did not answer /health within ${timeoutMs} ms`);
}

/** Starts tools/local-supabase's main.ts as its own process, the way `npm start` does. */
export async function startBackendProcess(settings: BackendSettings): Promise<BackendProcess> {
  const url = `http://127.0.0.1:${settings.port}`;
  let child: ChildProcess;
  const launch = async () => {
    child = spawn(
      process.execPath,
      [
        '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON',
        MAIN,
        '--port',
        String(settings.port),
        '--data-dir',
        settings.dataDir,
        '--retention-interval',
        '0',
      ],
      {
        env: {
          ...process.env,
          RESEND_API_KEY: settings.resend.apiKey,
          RESEND_API_URL: settings.resend.apiUrl,
          MAIL_SENDS_PER_SECOND: String(settings.mailSendsPerSecond),
          DATABASE_URL: settings.databaseUrl ?? '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        for (const line of chunk.split('\n')) if (line.trim()) settings.log(line);
      });
    }
    await waitForHealth(url, child, 120_000);
  };
  const exited = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });

  await launch();
  return {
    url,
    async kill() {
      child.kill('SIGKILL');
      await exited();
    },
    restart: launch,
    async stop() {
      child.kill('SIGTERM');
      await exited();
    },
  };
}
