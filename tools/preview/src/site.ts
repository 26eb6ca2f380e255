import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  APP_NAMES,
  REMOTE_NAMES,
  appFolder,
  httpOrigin,
  manifestUrl,
  type AppName,
  type AppPorts,
  type RemoteName,
  type RuntimeConfigJson,
} from '@agentora/contracts/apps';
import { deployApp, remoteHeaderRules, writeSecurityHeaders } from '@agentora/delivery';
import { runPrerender } from '@agentora/prerender';
import { CSP_REPORT_PATH, startStaticSite, type StaticSite } from './static-server.ts';

export interface PreviewSiteOptions {
  workspaceRoot: string;
  /** Port of each app's static server. */
  ports: AppPorts;
  /** The backend the site talks to (public URL and anon key). */
  supabase: { url: string; publishableKey: string };
  /** Origins a remote override link may load a build from (runtime config `remoteOverrides`). */
  overrideOrigins?: string[];
  /** Override where a remote's manifest is fetched from (e.g. another host or build). */
  remoteUrls?: Partial<Record<RemoteName, string>>;
  /**
   * The apps to serve (default all four): an owner's e2e suite serves the apps its pages load. The
   * runtime config still names every remote (one not served is down, as in production when it
   * fails), and only the pages of the served remotes are prerendered.
   */
  apps?: readonly AppName[];
  /** Serve an app from another folder than apps/<name>/dist. */
  distDirs?: Partial<Record<AppName, string>>;
  host?: string;
  /**
   * Prerender the pages once the servers run, as a deployment does (default true): the shell's
   * build is deployed into a folder of this site's own, and tools/prerender renders every page
   * there from this site's remotes. Without it, the client renders every page.
   */
  prerender?: boolean;
}

export interface PreviewSite {
  url: string;
  runtimeConfig: RuntimeConfigJson;
  /**
   * The shell's folder as the host serves it. Prerendered sites serve its runtime-config.json, as
   * production does, so the release commands (tools/delivery/src/releases.ts) can change it.
   */
  shellDir: string;
  /**
   * What the pages' Content-Security-Policy refused, as browsers reported it (prerendered sites:
   * their headers are written as a deploy writes them, with this preview as the report address).
   */
  cspReports(): unknown[];
  /** Stops one app's server (a remote going down). */
  stop(app: AppName): Promise<void>;
  /** Starts it again on the same port. */
  start(app: AppName): Promise<void>;
  close(): Promise<void>;
}

/** Serves the four production builds on their ports, with a runtime config pointing them at each other. */
export async function startPreviewSite(options: PreviewSiteOptions): Promise<PreviewSite> {
  const host = options.host ?? '127.0.0.1';
  const origin = (app: AppName) => httpOrigin(host, options.ports[app]);
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((remote) => [
      remote,
      options.remoteUrls?.[remote] ?? manifestUrl(origin(remote)),
    ]),
  ) as Record<RemoteName, string>;
  const runtimeConfig: RuntimeConfigJson = {
    remotes,
    supabase: options.supabase,
    ...(options.overrideOrigins
      ? { remoteOverrides: { allowedOrigins: options.overrideOrigins } }
      : {}),
  };
  const buildDir = (app: AppName) =>
    options.distDirs?.[app] ?? path.join(options.workspaceRoot, appFolder(app), 'dist');
  const prerendering = options.prerender ?? true;
  const served = options.apps ?? APP_NAMES;
  if (!served.includes('shell')) throw new Error('A preview serves the shell: add it to apps.');
  // The shell's "static host" folder: its build deployed, then the pages written into it.
  const shellDir = prerendering
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-preview-shell-'))
    : buildDir('shell');
  if (prerendering) {
    deployApp(buildDir('shell'), shellDir);
    fs.writeFileSync(
      path.join(shellDir, 'runtime-config.json'),
      `${JSON.stringify(runtimeConfig, null, 2)}\n`,
    );
  }
  const servers = new Map<AppName, StaticSite>();
  const start = async (app: AppName) => {
    if (servers.has(app)) return;
    const server = await startStaticSite({
      root: app === 'shell' ? shellDir : buildDir(app),
      port: options.ports[app],
      host,
      spaFallback: app === 'shell',
      // A prerendered shell serves the file in its folder (above); anything else this value.
      runtimeConfig: prerendering && app === 'shell' ? undefined : runtimeConfig,
      cors: app !== 'shell',
      collectCspReports: app === 'shell',
      defaultHeaderRules: app === 'shell' ? [] : remoteHeaderRules(),
    });
    servers.set(app, server);
  };
  const stop = async (app: AppName) => {
    const server = servers.get(app);
    servers.delete(app);
    await server?.close();
  };
  const close = async () => {
    await Promise.all(APP_NAMES.map(stop));
    if (prerendering) fs.rmSync(shellDir, { recursive: true, force: true });
  };
  try {
    for (const app of served) await start(app);
    if (prerendering) {
      await runPrerender({
        workspaceRoot: options.workspaceRoot,
        shellDir,
        config: `${origin('shell')}/runtime-config.json`,
        remotes: served.length === APP_NAMES.length ? [] : served.filter((app) => app !== 'shell'),
      }).catch((error: Error) => {
        throw new Error(`The preview could not prerender its pages: ${error.message}`);
      });
      // As a deploy does after its prerender: the policy follows the pages and the runtime config.
      writeSecurityHeaders({ shellDir, runtimeConfig, reportUri: CSP_REPORT_PATH });
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    url: origin('shell'),
    runtimeConfig,
    shellDir,
    cspReports: () => servers.get('shell')?.cspReports() ?? [],
    stop,
    start,
    close,
  };
}
