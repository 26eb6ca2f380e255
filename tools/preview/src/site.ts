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
import { startStaticSite, type StaticSite } from './static-server.ts';

export interface PreviewSiteOptions {
  workspaceRoot: string;
  /** Port of each app's static server. */
  ports: AppPorts;
  /** The backend the site talks to (public URL and anon key). */
  supabase: { url: string; anonKey: string };
  /** Override where a remote's manifest is fetched from (e.g. another host or build). */
  remoteUrls?: Partial<Record<RemoteName, string>>;
  /** Serve an app from another folder than apps/<name>/dist. */
  distDirs?: Partial<Record<AppName, string>>;
  host?: string;
}

export interface PreviewSite {
  url: string;
  runtimeConfig: RuntimeConfigJson;
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
    REMOTE_NAMES.map((remote) => [remote, options.remoteUrls?.[remote] ?? manifestUrl(origin(remote))]),
  ) as Record<RemoteName, string>;
  const runtimeConfig: RuntimeConfigJson = { remotes, supabase: options.supabase };
  const servers = new Map<AppName, StaticSite>();
  const start = async (app: AppName) => {
    if (servers.has(app)) return;
    const server = await startStaticSite({
      root: options.distDirs?.[app] ?? path.join(options.workspaceRoot, appFolder(app), 'dist'),
      port: options.ports[app],
      host,
      spaFallback: app === 'shell',
      runtimeConfig,
    });
    servers.set(app, server);
  };
  const stop = async (app: AppName) => {
    const server = servers.get(app);
    servers.delete(app);
    await server?.close();
  };
  try {
    for (const app of APP_NAMES) await start(app);
  } catch (error) {
    await Promise.all(APP_NAMES.map(stop));
    throw error;
  }
  return {
    url: origin('shell'),
    runtimeConfig,
    stop,
    start,
    close: async () => {
      await Promise.all(APP_NAMES.map(stop));
    },
  };
}
