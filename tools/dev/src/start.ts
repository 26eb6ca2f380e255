// `npm start`: starts the local backend and the dev servers of the shell and the three remotes,
// waits until each answers, and prints the URL to open. Ctrl+C stops everything.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

interface Service {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  /** Answers once the service is ready. */
  readyUrl: string;
}

const apps = [
  ['shell', 4200],
  ['content', 4201],
  ['signups', 4202],
  ['careers', 4203],
] as const;

const services: Service[] = [
  {
    name: 'backend',
    command: process.execPath,
    args: ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', path.join(root, 'tools/local-supabase/src/main.ts')],
    cwd: root,
    readyUrl: 'http://127.0.0.1:54321/health',
  },
  ...apps.map(([name, port]) => ({
    name,
    command: bin('rspack'),
    args: ['serve', '--mode', 'development'],
    cwd: path.join(root, 'apps', name),
    readyUrl: `http://127.0.0.1:${port}/${name === 'shell' ? '' : 'mf-manifest.json'}`,
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

async function waitUntilReady(service: Service, deadline: number) {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(service.readyUrl);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${service.name} did not start within 2 minutes (${service.readyUrl}).`);
}

for (const service of services) {
  const child = spawn(service.command, service.args, { cwd: service.cwd, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
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

const deadline = Date.now() + 120_000;
try {
  await Promise.all(services.map((service) => waitUntilReady(service, deadline)));
} catch (error) {
  console.error(`\n${(error as Error).message}`);
  stopAll(1);
}
if (!stopping) {
  console.info(
    [
      '',
      '  Agentora is running:  http://localhost:4200',
      '  remotes alone:        http://localhost:4201 (content), :4202 (signups), :4203 (careers)',
      '  sent emails (outbox): http://127.0.0.1:54321/outbox',
      '  Ctrl+C stops everything.',
      '',
    ].join('\n'),
  );
}
