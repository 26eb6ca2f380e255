// The Worker script as every host runs it, `wrangler dev` and `wrangler deploy` alike: miss-worker.ts
// bundled into one ES module, here, with the esbuild wrangler itself bundles with (the same pinned
// version), and handed to wrangler as it is (`no_bundle`).
//
// Why not let wrangler bundle it: `wrangler dev` then keeps an esbuild watch on the script's sources
// for as long as it runs, and that watch polls them: about 3 % of a core per host while nothing
// changes, on a machine where a test run keeps dozens of hosts up (docs/development.md, "Where the
// CPU goes"). The script changes only with this repository, so it is bundled once per process.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** The Worker script's source (its imports are bundled into it). */
export const MISS_WORKER = path.join(import.meta.dirname, 'miss-worker.ts');

/** The bundle's file name, in a folder of its own. */
export const WORKER_SCRIPT_FILE = 'miss-worker.js';

/** What esbuild is told, as wrangler tells it for a module Worker on workerd. */
function bundle(): string {
  // Loaded when a host is first configured, not with this module: the deploy and release commands
  // import the host's code, and their --help loads no third-party package (tools/command-line).
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const result = buildSync({
    entryPoints: [MISS_WORKER],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2024',
    conditions: ['workerd', 'worker', 'browser'],
    keepNames: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

let bundled: string | undefined;

/**
 * The bundled script's path: a file alone in its folder (wrangler attaches every module beside a
 * script it does not bundle), named by its content so that processes share it and a change makes
 * another. Written under a name of its own and renamed into place: two processes may write it at once.
 */
export function workerScript(): string {
  if (bundled && fs.existsSync(bundled)) return bundled;
  const code = bundle();
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const dir = path.join(os.tmpdir(), `agentora-host-worker-${hash}`);
  const file = path.join(dir, WORKER_SCRIPT_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    const partial = path.join(os.tmpdir(), `agentora-host-worker-${hash}-${process.pid}.js`);
    fs.writeFileSync(partial, code);
    fs.renameSync(partial, file);
  }
  bundled = file;
  return file;
}
