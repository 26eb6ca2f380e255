// Runs the prerender command (main.ts) in a process of its own, as a deploy job does: the
// federation runtime keeps the remotes it has loaded for the life of a process, so a second site
// rendered in the same process would get the first one's remotes. Node 22 from the workspace runs
// the TypeScript sources as they are.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

export interface RunPrerenderOptions {
  workspaceRoot: string;
  /** The shell's folder on the (local) static host. */
  shellDir: string;
  /** The runtime config the pages are rendered with: a URL or a file. */
  config: string;
  /** Only the pages that show these remotes, and the error page (default: every page). */
  remotes?: readonly string[];
}

/** The environment less the deploy's credentials (the Cloudflare account's, the backend's keys). */
export function withoutSecrets(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(
      ([name]) => !/^CLOUDFLARE_|^SUPABASE_(SECRET|SERVICE|ACCESS|DB)/.test(name),
    ),
  );
}

/**
 * How long a prerender may take before it is ended as hung: every page takes well under a minute
 * on a busy 2-core machine, but a request to a host that never answers would wait for ever.
 */
export const PRERENDER_DEADLINE_MS = 240_000;

export interface PrerenderCommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `node tools/prerender/src/main.ts <args>` in a process of its own, without the deploy's secrets,
 * ended after PRERENDER_DEADLINE_MS as hung: then it rejects, with the last lines it printed.
 */
export async function runPrerenderCommand(
  workspaceRoot: string,
  args: readonly string[],
): Promise<PrerenderCommandResult> {
  const node = path.join(workspaceRoot, 'node_modules/.bin/node');
  const main = path.join(workspaceRoot, 'tools/prerender/src/main.ts');
  try {
    const { stdout, stderr } = await promisify(execFile)(
      node,
      ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', main, ...args],
      // It runs the remotes' server builds, fetched from their hosts: no deploy secret reaches it.
      {
        cwd: workspaceRoot,
        env: withoutSecrets(process.env),
        timeout: PRERENDER_DEADLINE_MS,
        killSignal: 'SIGKILL',
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string; killed?: boolean };
    const stdout = failed.stdout ?? '';
    const stderr = failed.stderr ?? '';
    if (failed.killed)
      throw new Error(
        `The prerender did not finish within ${PRERENDER_DEADLINE_MS / 1000} s (a host that never answered?); it had printed:\n${stdout.trim().split('\n').slice(-10).join('\n')}\n${stderr.trim()}`,
      );
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout, stderr };
  }
}

/** Prerenders every page into `shellDir`; rejects with the command's own message when it fails. */
export async function runPrerender({
  workspaceRoot,
  shellDir,
  config,
  remotes = [],
}: RunPrerenderOptions): Promise<string> {
  const { code, stdout, stderr } = await runPrerenderCommand(workspaceRoot, [
    '--config',
    config,
    '--shell-dir',
    shellDir,
    ...remotes.flatMap((remote) => ['--remote', remote]),
    ...(remotes.length > 0 ? ['--error-page'] : []),
  ]);
  if (code !== 0) throw new Error((stderr || stdout || `exit code ${code}`).trim());
  return stdout;
}
