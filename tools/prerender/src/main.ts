// `node tools/prerender/src/main.ts --config <runtime-config.json URL or file> [--shell-dir <folder>]
//   [--remote <name> | --paths /,/about]`
//
// Writes the site's prerendered pages into the shell's folder on the static host, rendered from the
// remotes the runtime config names. Run after every deploy: the shell's (all pages) and each
// remote's (`--remote <name>`: the pages that show it). Exits 1, naming the page and the remote,
// when a page cannot be rendered; nothing is written then. See docs/prerendering.md.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REMOTE_NAMES, appFolder, type RemoteName } from '@agentora/contracts/apps';
import { parseRuntimeConfig, type RuntimeConfig } from '@agentora/data/runtime-config';
import { readRuntimeConfigJson } from './runtime-config-source.ts';
import { prerenderPages, type PageSelection } from './prerender.ts';

const workspaceRoot = path.resolve(import.meta.dirname, '../../..');

function fail(message: string): never {
  console.error(`prerender: ${message}`);
  process.exit(1);
}

async function readRuntimeConfig(location: string): Promise<RuntimeConfig> {
  return parseRuntimeConfig(await readRuntimeConfigJson(location));
}

const { values } = parseArgs({
  options: {
    config: { type: 'string' },
    'shell-dir': { type: 'string', default: path.join(workspaceRoot, appFolder('shell'), 'dist') },
    remote: { type: 'string', multiple: true },
    paths: { type: 'string' },
    // With --remote: the error page too (a site of only some remotes, as an owner's e2e suite has).
    'error-page': { type: 'boolean', default: false },
  },
});
if (!values.config)
  fail('--config <runtime-config.json URL or file> is required: the remotes to render from.');
for (const remote of values.remote ?? [])
  if (!(REMOTE_NAMES as readonly string[]).includes(remote))
    fail(`--remote must be one of ${REMOTE_NAMES.join(', ')}.`);
const selection: PageSelection = values.remote
  ? { remotes: values.remote as RemoteName[], errorPage: values['error-page'] }
  : values.paths
    ? {
        paths: values.paths
          .split(',')
          .map((page) => page.trim())
          .filter(Boolean),
      }
    : { all: true };

try {
  const started = performance.now();
  const pages = await prerenderPages({
    shellDir: path.resolve(values['shell-dir']),
    runtimeConfig: await readRuntimeConfig(values.config),
    selection,
    log: (line) => console.info(line),
  });
  console.info(
    `prerender: ${pages.length} pages in ${((performance.now() - started) / 1000).toFixed(1)} s → ${path.resolve(values['shell-dir'])}`,
  );
  // The federation runtime keeps sockets and timers of the remotes it loaded; the work is done.
  process.exit(0);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
