import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { FunctionEntry } from './function-catalog.ts';

// The line tools/local-supabase/deno/edge-runtime.ts prints once Deno.serve listens, and the header and
// variable it checks requests against.
const LISTENING_PREFIX = '@@local-supabase-function-listening ';
export const GATEWAY_SECRET_HEADER = 'x-local-supabase-gateway';

export interface DenoRuntime {
  /**
   * Sent by the gateway with every request (GATEWAY_SECRET_HEADER); the preload refuses requests without
   * it, so nothing else on this machine can call a worker's port and set the client address itself.
   */
  gatewaySecret: string;
  /** The Deno CLI. */
  binary: string;
  /** supabase/functions/deno.json: the import map hosted Supabase bundles with. */
  config: string;
  /** tools/local-supabase/deno/edge-runtime.ts. */
  preload: string;
  /** How long a worker may take to listen before it counts as failed to boot. */
  bootTimeoutMs: number;
}

/** The function did not start: it threw or exited at the top level, or never listened. */
export class FunctionBootError extends Error {
  override name = 'FunctionBootError';
}

/** One started worker process; `port()` hands it out so a caller can end exactly that one. */
export interface Running {
  child: ChildProcess;
  port: Promise<number>;
}

/**
 * One function's worker: a Deno process running its index.ts, started on first use and started afresh
 * after it exits or is killed. The environment is what hosted Supabase gives a function, and nothing
 * from this server's own environment but PATH and HOME.
 */
export class FunctionWorker {
  private running: Running | undefined;
  readonly entry: FunctionEntry;
  private readonly runtime: DenoRuntime;
  private readonly environment: Readonly<Record<string, string>>;
  private readonly log: (line: string) => void;

  constructor(
    entry: FunctionEntry,
    runtime: DenoRuntime,
    environment: Readonly<Record<string, string>>,
    log: (line: string) => void,
  ) {
    this.entry = entry;
    this.runtime = runtime;
    this.environment = environment;
    this.log = log;
  }

  get pid(): number | undefined {
    return this.running?.child.pid;
  }

  /** The running worker, started when none runs; its `port` resolves once it listens. */
  current(): Running {
    this.running ??= this.start();
    return this.running;
  }

  /** The port the worker listens on, starting it when none runs. */
  port(): Promise<number> {
    return this.current().port;
  }

  private start(): Running {
    const { name, entrypoint } = this.entry;
    const child = spawn(
      this.runtime.binary,
      [
        'run',
        '--quiet',
        '--no-prompt',
        '--cached-only',
        `--config=${this.runtime.config}`,
        '--allow-net',
        '--allow-env',
        `--preload=${this.runtime.preload}`,
        entrypoint,
      ],
      {
        // stdin stays open: the worker exits when it closes (this server stopped or died).
        stdio: ['pipe', 'pipe', 'pipe'],
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NO_COLOR: '1',
          DENO_NO_UPDATE_CHECK: '1',
          ...this.environment,
          LOCAL_FUNCTION_GATEWAY_SECRET: this.runtime.gatewaySecret,
        },
      },
    );
    const running: Running = { child, port: Promise.resolve(0) };
    running.port = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(
          new FunctionBootError(`${name} did not start within ${this.runtime.bootTimeoutMs} ms`),
        );
        child.kill('SIGKILL');
      }, this.runtime.bootTimeoutMs);
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.startsWith(LISTENING_PREFIX)) {
          clearTimeout(timer);
          resolve(Number(line.slice(LISTENING_PREFIX.length)));
        } else {
          this.log(`[${name}] ${line}`);
        }
      });
      createInterface({ input: child.stderr! }).on('line', (line) => this.log(`[${name}] ${line}`));
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(new FunctionBootError(`${name} could not be started: ${error.message}`));
        if (this.running === running) this.running = undefined;
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        reject(
          new FunctionBootError(`${name} exited (${signal ?? `code ${code}`}) before it listened`),
        );
        if (this.running === running) this.running = undefined;
      });
    });
    // Nobody may be waiting yet (a pre-start); the rejection is seen by the next caller of port().
    running.port.catch(() => undefined);
    child.stdin!.on('error', () => undefined);
    return running;
  }

  /**
   * Ends that worker at once (a hung function); the next request starts a fresh one. A worker that has
   * already been replaced is the only one ended, never its successor.
   */
  kill(running: Running): void {
    if (this.running === running) this.running = undefined;
    running.child.kill('SIGKILL');
  }

  /** Closes the worker's stdin (it finishes its waitUntil tasks and exits), then kills it after a grace. */
  async stop(graceMs = 2_000): Promise<void> {
    const running = this.running;
    this.running = undefined;
    if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
    const exited = once(running.child, 'exit');
    running.child.stdin!.end();
    const timer = setTimeout(() => running.child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
}
