import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isOriginPattern } from '@agentora/data/runtime-config';
import { refusedOverrideOrigins } from './override-origins';

// Where a runtime config is written or deployed, its remoteOverrides.allowedOrigins is checked against
// the whole public suffix list (private section included) besides the browser's own check: an entry
// whose hosts could be anyone's would let a stranger's build pass the override check and the CSP.
const root = path.resolve(import.meta.dirname, '../../..');

const config = (allowedOrigins: unknown, remotesAt = 'https://agentora.ai') => ({
  remotes: {
    content: `${remotesAt}/content/mf-manifest.json`,
    signups: `${remotesAt}/signups/mf-manifest.json`,
    careers: `${remotesAt}/careers/mf-manifest.json`,
    backoffice: `${remotesAt}/backoffice/mf-manifest.json`,
  },
  supabase: { url: 'https://abc.supabase.co', publishableKey: 'sb_publishable_x' },
  remoteOverrides: { allowedOrigins },
});

// Public suffixes the browser's short list does not know: only the list itself tells them.
const SUFFIX_ONLY = [
  'https://*.a.user.fm',
  'https://*.1.azurestaticapps.net',
  'https://*.eu.pythonanywhere.com',
  'https://*.sa.ngrok.io',
  'https://*.us.platform.sh',
  'https://*.pvt.k12.ma.us',
  // An exact origin that is a public suffix serves everyone's buckets by path.
  'https://s3.us-east-1.amazonaws.com',
  'https://s3-us-west-2.amazonaws.com',
  'https://github.io',
];

const refused = (origins: unknown[]) =>
  refusedOverrideOrigins(config(origins)).map((entry) => entry.origin);

describe('refusedOverrideOrigins', () => {
  it.each([
    'https://*.s3.amazonaws.com',
    'https://*.blob.core.windows.net',
    'https://*.us-east-1.elasticbeanstalk.com',
    ...SUFFIX_ONLY,
  ])('refuses %s', (origin) => {
    expect(refused([origin])).toEqual([origin]);
  });

  it.each(SUFFIX_ONLY)('%s passes the browser: only the public suffix list tells', (origin) => {
    expect(isOriginPattern(origin)).toBe(true);
  });

  it('refuses everything the browser leaves out, and says why', () => {
    const bad = ['https://*.github.io', 'https://unpkg.com', 'http://pr.example.com', '*', 42];
    for (const origin of bad) expect(isOriginPattern(origin)).toBe(false);
    expect(refused(bad)).toEqual(bad.map(String));
    expect(
      refusedOverrideOrigins(config(['https://*.pvt.k12.ma.us', 'https://unpkg.com'])),
    ).toEqual([
      {
        origin: 'https://*.pvt.k12.ma.us',
        reason: 'a wildcard over the public suffix pvt.k12.ma.us: its hosts can belong to anyone',
      },
      { origin: 'https://unpkg.com', reason: "unpkg.com serves anyone's files by path" },
    ]);
    expect(refusedOverrideOrigins(config('https://x.previews.agentora.ai'))).toHaveLength(1);
  });

  it('keeps origins of one owner, and a config without the list', () => {
    const ours = [
      'https://*.previews.agentora.ai',
      'https://previews.agentora.ai:8443',
      'https://agentora-previews.s3.amazonaws.com',
      'https://agentora.blob.core.windows.net',
      'https://*.agentora-previews.pages.dev',
      'https://*.agentora.workers.dev',
      'https://*.previews.agentora.co.uk',
      'http://127.0.0.1:4391',
      'http://localhost:4391',
    ];
    expect(refused(ours)).toEqual([]);
    const { remoteOverrides: _, ...without } = config([]);
    expect(refusedOverrideOrigins(without)).toEqual([]);
    expect(refusedOverrideOrigins(null)).toEqual([]);
  });
});

/** Runs one of the commands as a process, as a team or CI does. */
function run(script: string, args: string[]) {
  return new Promise<{ status: number | null; stderr: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON',
        path.join(root, 'tools/delivery/src', script),
        ...args,
      ],
      { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

describe('the commands that write or deploy a runtime config', () => {
  const origin = 'https://*.us-east-1.elasticbeanstalk.com';
  const suffixOnly = 'https://*.1.azurestaticapps.net';
  let dir: string;
  let server: http.Server;
  let site: string;
  beforeAll(async () => {
    // The live site: only its runtime config, naming a shared host's wildcard.
    server = http.createServer((request, response) => {
      if (request.url === '/runtime-config.json') {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(config([origin, suffixOnly], site)));
      } else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'override-origins-'));
    fs.writeFileSync(path.join(dir, 'runtime-config.json'), JSON.stringify(config([suffixOnly])));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const refusal = (which: string) => new RegExp(`${which.replace(/[.*]/g, '\\$&')}: a wildcard`);

  it('write-headers-main refuses the config and writes nothing', async () => {
    const result = await run('write-headers-main.ts', [
      '--config',
      path.join(dir, 'runtime-config.json'),
      '--shell-dir',
      dir,
    ]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(refusal(suffixOnly));
    expect(fs.existsSync(path.join(dir, '_headers'))).toBe(false);
  });

  it("deploy-main refuses the shell's first config, and the live one, before building anything", async () => {
    const first = await run('deploy-main.ts', [
      'shell',
      '--prebuilt',
      '--first-deploy',
      '--runtime-config',
      path.join(dir, 'runtime-config.json'),
      '--site',
      site,
      '--dry-run',
      path.join(dir, 'dry'),
    ]);
    expect(first.status).toBe(1);
    expect(first.stderr).toMatch(refusal(suffixOnly));
    const live = await run('deploy-main.ts', [
      'careers',
      '--prebuilt',
      '--site',
      site,
      '--dry-run',
      path.join(dir, 'dry'),
    ]);
    expect(live.status).toBe(1);
    expect(live.stderr).toMatch(refusal(origin));
    expect(live.stderr).toMatch(refusal(suffixOnly));
    expect(fs.existsSync(path.join(dir, 'dry'))).toBe(false);
  });

  it('release-main refuses to rewrite such a config, local or live, and leaves it as it was', async () => {
    const before = fs.readFileSync(path.join(dir, 'runtime-config.json'), 'utf8');
    for (const command of [['promote'], ['rollback'], ['canary', 'careers', '10']]) {
      const args = command.length > 1 ? command : [command[0]!, 'careers'];
      const local = await run('release-main.ts', [...args, '--shell-dir', dir, '--host', dir]);
      expect(local.status).toBe(1);
      expect(local.stderr).toMatch(refusal(suffixOnly));
      const live = await run('release-main.ts', [
        ...args,
        '--site',
        site,
        '--dry-run',
        path.join(dir, 'dry'),
      ]);
      expect(live.status).toBe(1);
      expect(live.stderr).toMatch(refusal(origin));
    }
    expect(fs.readFileSync(path.join(dir, 'runtime-config.json'), 'utf8')).toBe(before);
  });
});
