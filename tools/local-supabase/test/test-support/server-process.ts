import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const MAIN = path.resolve(import.meta.dirname, '..', '..', 'src', 'main.ts');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  exited: Promise<number | null>;
}

export interface SpawnOptions {
  timeoutMs?: number;
  /**
   * Start the server under a parent that never reaps its children (a shell that execs `sleep`), so
   * that once killed the server stays a zombie: kill(pid, 0) still succeeds for it. `child` is then
   * that parent, not the server.
   */
  parentThatNeverReaps?: boolean;
  /**
   * --functions-on-demand: no Deno worker starts before a function is called (17 of them otherwise,
   * some core-seconds), for a test that calls none.
   */
  functionsOnDemand?: boolean;
}

/**
 * Runs `node src/main.ts` exactly as `npm start` does (with --functions-on-demand when asked), and
 * resolves once it prints its API URL.
 */
export function spawnServer(dataDir: string, options: SpawnOptions = {}): Promise<ServerProcess> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const serverArgs = [
    '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON',
    MAIN,
    '--port',
    '0',
    '--data-dir',
    dataDir,
    ...(options.functionsOnDemand ? ['--functions-on-demand'] : []),
  ];
  const [command, args] = options.parentThatNeverReaps
    ? ['/bin/sh', ['-c', '"$0" "$@" & exec sleep 600', process.execPath, ...serverArgs]]
    : [process.execPath, serverArgs];
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RESEND_API_KEY: '', DATABASE_URL: '' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${timeoutMs} ms:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    const onData = () => {
      const url = /API URL:\s+(\S+)/.exec(stdout)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve({ child, url, stdout: () => stdout, exited });
    };
    child.stdout?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(
        Object.assign(new Error(`the server exited with code ${code}:\n${stderr}`), {
          code,
          stderr,
        }),
      );
    });
  });
}
