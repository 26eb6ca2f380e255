// `npm start`: starts the local backend and the dev servers of the shell and the remotes, waits until
// each answers, and prints the URL to open. Ctrl+C stops everything.
//
// A plain Node script rather than Nx continuous tasks: Nx starts the tasks a `serve` depends on but
// does not wait until they answer, and a newcomer needs one banner, printed once everything is
// ready, with the address to open (docs/development.md).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { readCommandLine } from '@agentora/command-line';
import {
  APP_NAMES,
  LOCAL_BACKEND,
  LOCAL_PORTS,
  LOCAL_SITE_URL,
  appFolder,
} from '@agentora/contracts/apps';
import { PATHS } from '@agentora/data/paths';
import { assertPortsFree, waitUntilAnswering } from './ports.ts';

readCommandLine({
  command: 'npm start',
  usage: `usage: npm start

Starts the local backend (port ${LOCAL_BACKEND.port}) and the dev servers of the five apps (${APP_NAMES.map((app) => `${app} ${LOCAL_PORTS[app]}`).join(', ')}),
waits until each answers, and prints the address to open: ${LOCAL_SITE_URL}. Ctrl+C stops everything.`,
  options: {},
});

const root = path.resolve(import.meta.dirname, '../../..');
const startedAt = Date.now();

interface Service {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  port: number;
  /** Answers once the service is ready. */
  readyPath: string;
}

const services: Service[] = [
  {
    name: 'backend',
    command: process.execPath,
    args: [
      '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON',
      path.join(root, 'tools/local-supabase/src/main.ts'),
      // The links in the outbox's mail open the site this command serves.
      '--site-url',
      LOCAL_SITE_URL,
    ],
    cwd: root,
    port: LOCAL_BACKEND.port,
    readyPath: '/health',
  },
  ...APP_NAMES.map((app) => ({
    name: app,
    command: path.join(root, 'node_modules/.bin/rspack'),
    args: ['serve', '--mode', 'development'],
    cwd: path.join(root, appFolder(app)),
    port: LOCAL_PORTS[app],
    // A remote is ready when its manifest is: that is what the shell asks for first.
    readyPath: app === 'shell' ? '/' : '/mf-manifest.json',
  })),
];

const children: ChildProcess[] = [];
let stopping = false;

function prefixLines(name: string, stream: NodeJS.ReadableStream, out: NodeJS.WritableStream) {
  let pending = '';
  stream.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) out.write(`[${name.padEnd(7)}] ${line}\n`);
  });
}

function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}

try {
  await assertPortsFree(services);
} catch (error) {
  console.error(`\n${(error as Error).message}\n`);
  process.exit(1);
}

for (const service of services) {
  const child = spawn(service.command, service.args, {
    cwd: service.cwd,
    env: process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  prefixLines(service.name, child.stdout!, process.stdout);
  prefixLines(service.name, child.stderr!, process.stderr);
  child.on('exit', (code) => {
    if (stopping) return;
    console.error(`\n${service.name} stopped (exit ${code}); stopping the others.`);
    stopAll(code || 1);
  });
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

const deadline = Date.now() + 180_000;
try {
  await Promise.all(services.map((service) => waitUntilAnswering(service, deadline)));
} catch (error) {
  console.error(`\n${(error as Error).message}`);
  stopAll(1);
}
if (!stopping) {
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  const remotes = APP_NAMES.filter((app) => app !== 'shell')
    .map((app) => `:${LOCAL_PORTS[app]} (${app})`)
    .join(', ');
  console.info(
    [
      '',
      `  Agentora is running:  ${LOCAL_SITE_URL}   (ready in ${seconds} s)`,
      `  same site, other name: http://127.0.0.1:${LOCAL_PORTS.shell}`,
      `  remotes alone:        http://localhost${remotes}`,
      `  sent emails (outbox): http://localhost:${LOCAL_BACKEND.port}/outbox`,
      `  team console:         ${LOCAL_SITE_URL}${PATHS.console}   (staff only: npm run staff -- add <email>)`,
      '  edge functions:       on Deno, one process each, from supabase/functions/<name>/index.ts',
      '  Edits show up by themselves (React Fast Refresh). Ctrl+C stops everything.',
      '',
    ].join('\n'),
  );
}
