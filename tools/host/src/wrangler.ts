// Runs Cloudflare's own CLI, `wrangler` (pinned in package.json), for both uses: `wrangler dev`
// serves a host folder on workerd, the runtime production runs, for the preview, the e2e suites and
// the bench; `wrangler deploy` uploads it. Its workerd binary ships inside its npm package, so
// nothing downloads; it needs Node ≥ 22.12, which the workspace's `node` package brings.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { AppName } from '@agentora/contracts/apps';
import { claimPort, endClaimedGroup, releasePort } from './port-claim.ts';
import { workerConfig, type WorkerConfig } from './worker-config.ts';

/**
 * Keeps wrangler off the network where it would only reach out on its own account: no usage
 * metrics or error reports, no fetch of the `Request.cf` example object (offline it only warns), no
 * banner (its update check asks the npm registry). Deploys still reach Cloudflare's API, as they must.
 * And no local explorer: `wrangler dev`'s page for browsing a Worker's bindings (these Workers have
 * none but their assets), an extra service in each host's workerd that production does not have;
 * without it a host starts on about 0.3 core-seconds less.
 */
export const WRANGLER_ENV: Readonly<Record<string, string>> = {
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  X_LOCAL_EXPLORER: 'false',
};

/**
 * How Node runs wrangler: its CLI module, with the flag its own `bin/wrangler.js` adds. That bin is a
 * Node process of its own that only checks Node's version (the workspace's `node` package meets it)
 * and starts this one: skipping it saves a Node process, about 0.04 core-seconds, for every host and
 * every deploy.
 */
const WRANGLER_NODE_ARGS = ['--no-warnings', createRequire(import.meta.url).resolve('wrangler')];

/** A place of its own for a wrangler run: its config, its state (`.wrangler/`) and its log. */
function workDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `agentora-${prefix}-`));
}

function writeConfig(dir: string, config: WorkerConfig): string {
  const file = path.join(dir, 'wrangler.json');
  fs.writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

const wranglerEnv = (cwd: string): NodeJS.ProcessEnv => ({
  ...process.env,
  ...WRANGLER_ENV,
  WRANGLER_LOG_PATH: path.join(cwd, 'logs'),
});

/** A wrangler command that ends by itself (deploy). */
function runWrangler(args: string[], cwd: string): Promise<{ code: number; output: string }> {
  const child = spawn(process.execPath, [...WRANGLER_NODE_ARGS, ...args], {
    cwd,
    env: wranglerEnv(cwd),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) =>
    child.once('close', (code) => resolve({ code: code ?? 1, output })),
  );
}

/** A wrangler command that runs until stopped (dev), ended with this process whatever happens to it. */
function startWrangler(args: string[], cwd: string, portClaim: string): ChildProcess {
  return spawn(
    process.execPath,
    [
      '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON',
      path.join(import.meta.dirname, 'wrangler-guard.ts'),
      ...WRANGLER_NODE_ARGS,
      ...args,
    ],
    // stdin is the guard's lifeline: it closes when this process ends.
    {
      cwd,
      env: { ...wranglerEnv(cwd), AGENTORA_PORT_CLAIM: portClaim },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
}

export interface HostedFolder {
  app: AppName;
  url: string;
  port: number;
  /** What wrangler printed (for a failure message). */
  output(): string;
  /** How many times wrangler has begun reloading workerd for a change of the folder, and ended (ready or failed). */
  reloads(): { started: number; finished: number };
  /**
   * Resolves once the host serves what its folder holds now and is no longer reloading for it. A
   * request made while workerd reloads is cut off ("terminated"), so a caller that changed the
   * folder waits for this before it asks the host anything.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * What `wrangler dev` prints (at `--log-level log`) when it begins a reload, and ends it or fails
 * to. It reloads workerd for any file of the folder added, changed or removed, once its watcher has
 * been quiet for a moment (100 ms; a removal is held back 100 ms more), and only then lists an added
 * file or drops a removed one: a removed file answers 404 at once, but its reload still comes after.
 */
const RELOAD_STARTED = 'Reloading local server...';
const RELOAD_ENDED = ['Local server updated and ready', 'Error reloading local server'];
const SETTLE_MS = 30_000;
/**
 * How long no reload may begin before the folder counts as settled: well over the watcher's 100 ms
 * and a removal's 100 ms more, so a reload still due to an earlier change has begun by then.
 */
const QUIET_MS = 1500;

/** How much of wrangler's output is kept for a failure message (at least): it logs every request. */
const OUTPUT_KEPT = 64 * 1024;
const pause = () => new Promise((resolve) => setTimeout(resolve, 100));

export interface ServeOptions {
  /** Which app's Worker config to use (html and not-found handling). */
  app: AppName;
  /** The host folder to serve. */
  folder: string;
  port: number;
  host?: string;
  /** How long to wait for it to answer (default 60 s: five start at once on two cores). */
  timeoutMs?: number;
  /**
   * A shell whose pages were not prerendered (some e2e suites): every unknown address gets its
   * index.html, which renders the route in the browser. Production always prerenders.
   */
  clientRendered?: boolean;
  /** Told each step of the start as it begins (what a caller reports if it waits too long). */
  progress?: (step: string) => void;
  /**
   * False for a folder that nothing changes while it is served (the e2e suites' shared site):
   * wrangler then runs at `--log-level warn`, without the line it logs for each request, which
   * costs about a millisecond of CPU a request (workerd hands each line to wrangler's Node process).
   * Its settled() refuses: it waits on the reload lines wrangler logs only at `log`.
   */
  folderChanges?: boolean;
}

/** `work`'s value, or `late` if it has not settled within `ms` (the timer is cleared either way). */
async function within<T>(work: Promise<T>, ms: number, late: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeUp = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(late), ms)));
  try {
    return await Promise.race([work, timeUp]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long one look at a host may take before it counts as no answer. */
const PROBE_MS = 2000;

/**
 * What `url` answers (its body; redirects are not followed), or undefined when nothing does within
 * PROBE_MS. The bound is a timer of its own, not only the request's abort signal: a look that does
 * not settle, for whatever reason, still ends as no answer.
 */
async function lookAt(url: string): Promise<string | undefined> {
  const abort = new AbortController();
  const look = fetch(url, { redirect: 'manual', signal: abort.signal })
    .then((response) => response.text())
    .catch(() => undefined);
  try {
    return await within(look, PROBE_MS, undefined);
  } finally {
    abort.abort();
  }
}

const answers = async (url: string) => (await lookAt(url)) !== undefined;

/**
 * How long the guard may take to end wrangler and workerd and exit: it sends SIGKILL to them itself
 * 5 s after SIGTERM, so past this the guard itself is stuck.
 */
const STOP_MS = 15_000;

/** Ends the guard (which ends wrangler and workerd), or kills all three if it does not exit in time. */
async function stop(child: ChildProcess, portClaim: string, app: AppName): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<boolean>((resolve) => child.once('exit', () => resolve(true)));
  child.kill('SIGTERM');
  if (await within(exited, STOP_MS, false)) return;
  child.kill('SIGKILL');
  await endClaimedGroup(portClaim);
  throw new Error(
    `wrangler dev for ${app} did not stop within ${STOP_MS / 1000} s: it was killed.`,
  );
}

/** Serves a host folder on workerd with `wrangler dev`, as the app's Worker serves it in production. */
export async function serveFolder(options: ServeOptions): Promise<HostedFolder> {
  const host = options.host ?? '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${options.port}`;
  const progress = options.progress ?? (() => {});
  const folderChanges = options.folderChanges ?? true;
  // Another run's claim refuses at once; what a killed run left there is ended first.
  progress('claiming its port');
  const portClaim = await claimPort(host, options.port);
  progress('checking that nothing answers on its port');
  // Something else answering there would pass for this server once it "answers".
  if (await answers(`${url}/`)) {
    releasePort(portClaim);
    throw new Error(
      `Port ${options.port} on ${host} is already in use: ${options.app} cannot be served there.`,
    );
  }
  const dir = workDir(`wrangler-${options.app}`);
  const config = workerConfig({
    app: options.app,
    assetsDir: path.resolve(options.folder),
    target: 'local',
  });
  if (options.clientRendered) config.assets.not_found_handling = 'single-page-application';
  const configFile = writeConfig(dir, config);
  const child = startWrangler(
    [
      'dev',
      '--config',
      configFile,
      '--ip',
      host,
      '--port',
      String(options.port),
      // Any free port for the devtools, so several apps run side by side.
      '--inspector-port',
      '0',
      '--persist-to',
      path.join(dir, 'state'),
      '--show-interactive-dev-session=false',
      // `log`, not less, for a folder that changes: its reload lines are what settled() waits for.
      '--log-level',
      folderChanges ? 'log' : 'warn',
    ],
    dir,
    portClaim,
  );
  let output = '';
  const reloadLines = { started: 0, finished: 0, lastAt: 0 };
  const read = (stream: NodeJS.ReadableStream | null) => {
    let partial = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (text: string) => {
      output += text;
      if (output.length > 2 * OUTPUT_KEPT) output = output.slice(-OUTPUT_KEPT);
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (line.includes(RELOAD_STARTED)) reloadLines.started += 1;
        else if (RELOAD_ENDED.some((end) => line.includes(end))) reloadLines.finished += 1;
        else continue;
        reloadLines.lastAt = Date.now();
      }
    });
  };
  read(child.stdout);
  read(child.stderr);
  const close = async () => {
    try {
      await stop(child, portClaim, options.app);
    } finally {
      releasePort(portClaim);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let looks = 0;
  progress('waiting for wrangler to answer');
  while (!(await answers(`${url}/`))) {
    progress(`waiting for wrangler to answer (${++looks} looks)`);
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error(
        `wrangler dev for ${options.app} did not answer at ${url}${child.exitCode !== null ? ` (it exited with ${child.exitCode})` : ''}:\n${output.trim()}`,
      );
    }
    await pause();
  }
  const reloads = () => ({ started: reloadLines.started, finished: reloadLines.finished });
  const waitUntil = async (what: string, done: () => Promise<boolean> | boolean) => {
    const deadline = Date.now() + SETTLE_MS;
    while (!(await done())) {
      if (Date.now() > deadline)
        throw new Error(
          `${options.app}'s host did not ${what} within ${SETTLE_MS / 1000} s:\n${output.slice(-4096).trim()}`,
        );
      await pause();
    }
  };
  const settled = async () => {
    if (!folderChanges)
      throw new Error(
        `${options.app}'s host was started for a folder that does not change (folderChanges: false): it cannot tell when a change is served.`,
      );
    // A file added after the change is listed only by a reload that began after it: once it is
    // served, every earlier addition and change is.
    const marker = `host-settled-${process.pid}-${randomUUID()}.txt`;
    const file = path.join(options.folder, marker);
    const servesMarker = async () => (await lookAt(`${url}/${marker}`)) === marker;
    fs.writeFileSync(file, marker);
    try {
      await waitUntil("serve its folder's changes", servesMarker);
    } catch (error) {
      fs.rmSync(file, { force: true });
      throw error;
    }
    // Removing the marker is a change too, and an earlier removal may still be held back. Whether
    // wrangler reloads for the marker's removal is not certain either: a reload made for another
    // change can list the marker before the watcher has taken it in, and the watcher then sees
    // nothing removed. So: until no reload is under way and none has begun for a while.
    fs.rmSync(file, { force: true });
    const removedAt = Date.now();
    await waitUntil(
      'finish reloading after its folder changed',
      () =>
        reloadLines.finished >= reloadLines.started &&
        Date.now() - Math.max(removedAt, reloadLines.lastAt) >= QUIET_MS,
    );
  };
  return {
    app: options.app,
    url,
    port: options.port,
    output: () => output,
    reloads,
    settled,
    close,
  };
}

export interface DeployOptions {
  app: AppName;
  folder: string;
  /** `--dry-run --outdir <dir>`: everything but the upload (what `npm test` runs for every app). */
  dryRunOutDir?: string;
  /** A note kept with the Worker's version (`wrangler versions list` shows it). */
  message?: string;
}

export interface DeployResult {
  code: number;
  output: string;
}

/**
 * `wrangler deploy` of one app's host folder, with its production config. The Cloudflare account
 * comes from CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID in the environment (never arguments,
 * which a log would show).
 */
export async function deployFolder(options: DeployOptions): Promise<DeployResult> {
  const dir = workDir(`deploy-${options.app}`);
  try {
    const configFile = writeConfig(
      dir,
      workerConfig({
        app: options.app,
        assetsDir: path.resolve(options.folder),
        target: 'production',
      }),
    );
    const args = ['deploy', '--config', configFile];
    if (options.message) args.push('--message', options.message.slice(0, 100));
    if (options.dryRunOutDir) args.push('--dry-run', '--outdir', options.dryRunOutDir);
    return await runWrangler(args, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
