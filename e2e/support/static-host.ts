// The site's hosts as the deploy workflow fills them (tools/delivery), one folder per app served by
// workerd on a block of ports, with the pages not yet rendered; and the prerender command as a
// deploy job runs it. Only the remotes a test deploys get a host of its own: the others are the
// shared site's hosts (site-beside.ts), which serve the same builds.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { appFolder, type AppName, type AppPorts, type RemoteName } from '@agentora/contracts/apps';
import { deployApp } from '@agentora/delivery';
import { runPrerenderCommand } from '@agentora/prerender';
import { inFlight } from './in-flight';
import { startSiteBeside } from './site-beside';
import { WORKSPACE_ROOT } from './workspace';

export interface StaticHost {
  /** A folder beside the hosts' folders (not served). */
  root: string;
  folder(app: AppName): string;
  url: string;
  runtimeConfigUrl: string;
  /** Deploys a build into the app's folder, resolving once the host serves it. */
  deploy(app: AppName, distDir?: string): Promise<void>;
  close(): Promise<void>;
}

/** A shell host, and a host for each remote in `serves` (the ones the test deploys into). */
export async function startStaticHost(
  ports: AppPorts,
  serves: readonly RemoteName[],
): Promise<StaticHost> {
  const site = await startSiteBeside({ ports, serves, prerender: false });
  return {
    root: path.dirname(site.shellDir),
    folder: site.folder,
    url: site.url,
    runtimeConfigUrl: `${site.url}/runtime-config.json`,
    deploy: async (app, distDir = path.join(WORKSPACE_ROOT, appFolder(app), 'dist')) => {
      deployApp(distDir, site.folder(app), { remote: app !== 'shell' });
      await site.settled(app);
    },
    close: () => site.close(),
  };
}

/**
 * `node tools/prerender/src/main.ts …`, as the deploy workflow runs it: its exit code and output,
 * or a rejection naming the prerender if it hangs.
 */
export const runPrerender = (args: string[]) =>
  inFlight(`the prerender ${args.join(' ')}`, () => runPrerenderCommand(WORKSPACE_ROOT, args));

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
