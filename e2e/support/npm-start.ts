// Runs the README's local commands (`npm start`, the preview server) the way a newcomer does, and
// reads the address off the banner they print.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WORKSPACE_ROOT } from './workspace';

export interface LocalSite {
  /** The address the banner says to open. */
  url: string;
  /** The banner line. */
  banner: string;
  /** Everything it printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/** `npm start`'s banner: "Agentora is running:  http://localhost:4200   (ready in 7.0 s)". */
export const NPM_START_BANNER = /Agentora is running:\s+(http:\/\/\S+).*/;
/** The preview's: "Agentora production preview: http://localhost:4200 ...". */
export const PREVIEW_BANNER = /Agentora production preview:\s+(http:\/\/\S+).*/;

/**
 * Runs `command` in the repo with a fresh backend data dir (so a test never touches the developer's
 * local sign-ups) and resolves once it prints `banner`.
 */
export async function startLocalSite(
  command: string[],
  banner: RegExp,
  timeoutMs: number,
): Promise<LocalSite> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-npm-start-'));
  // Its own process group, so stopping it reaches the dev servers and the backend it started.
  const child: ChildProcess = spawn(command[0]!, command.slice(1), {
    cwd: WORKSPACE_ROOT,
    env: { ...process.env, LOCAL_SUPABASE_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      const killed = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5000);
      await exited;
      clearTimeout(killed);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const printed = banner.exec(output);
    if (printed) return { url: printed[1]!, banner: printed[0], output: () => output, stop };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(
    `${command.join(' ')} printed no banner within ${timeoutMs / 1000} s. Its output:\n${output.slice(-4000)}`,
  );
}
