// A static host's document root with one folder per app, as the deploy workflow fills it
// (tools/delivery), served on a block of ports; and the prerender command as a deploy job runs it.
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  APP_NAMES,
  appFolder,
  httpOrigin,
  manifestUrl,
  REMOTE_NAMES,
  type AppName,
  type AppPorts,
  type RemoteName,
} from '@agentora/contracts/apps';
import { deployApp } from '@agentora/delivery';
import { startStaticSite, type StaticSite } from '@agentora/preview';
import { WORKSPACE_ROOT } from './workspace';

export interface StaticHost {
  root: string;
  folder(app: AppName): string;
  url: string;
  runtimeConfigUrl: string;
  deploy(app: AppName, distDir?: string): void;
  close(): Promise<void>;
}

export async function startStaticHost(
  ports: AppPorts,
  supabase: { url: string; publishableKey: string },
): Promise<StaticHost> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-host-'));
  const folder = (app: AppName) => path.join(root, app);
  const deploy = (app: AppName, distDir = path.join(WORKSPACE_ROOT, appFolder(app), 'dist')) =>
    void deployApp(distDir, folder(app));
  for (const app of APP_NAMES) deploy(app);
  const origin = (app: AppName) => httpOrigin('127.0.0.1', ports[app]);
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((remote) => [remote, manifestUrl(origin(remote))]),
  ) as Record<RemoteName, string>;
  const servers: StaticSite[] = [];
  for (const app of APP_NAMES) {
    servers.push(
      await startStaticSite({
        root: folder(app),
        port: ports[app],
        spaFallback: app === 'shell',
        runtimeConfig: { remotes, supabase },
      }),
    );
  }
  return {
    root,
    folder,
    url: origin('shell'),
    runtimeConfigUrl: `${origin('shell')}/runtime-config.json`,
    deploy,
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `node tools/prerender/src/main.ts …`, as the deploy workflow runs it. */
export async function runPrerender(args: string[]): Promise<CommandResult> {
  const node = path.join(WORKSPACE_ROOT, 'node_modules/.bin/node');
  try {
    const { stdout, stderr } = await promisify(execFile)(
      node,
      [
        '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON',
        path.join(WORKSPACE_ROOT, 'tools/prerender/src/main.ts'),
        ...args,
      ],
      { cwd: WORKSPACE_ROOT },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : 1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    };
  }
}

/** File (relative path) → sha256 of every file in a folder. */
export function fileHashes(dir: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else
        hashes[path.relative(dir, full)] = createHash('sha256')
          .update(fs.readFileSync(full))
          .digest('hex');
    }
  };
  walk(dir);
  return hashes;
}
