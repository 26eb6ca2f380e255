import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  APP_NAMES,
  REMOTE_NAMES,
  appFolder,
  httpOrigin,
  localBotCheck,
  manifestUrl,
  type AppName,
  type AppPorts,
  type RemoteName,
  type RuntimeConfigJson,
} from '@agentora/contracts/apps';
import { deployApp, writeRules, writeSecurityHeaders } from '@agentora/delivery';
import { remoteHeaderRules, serveFolder, type HostedFolder } from '@agentora/host';
import { runPrerender } from '@agentora/prerender';

export interface PreviewSiteOptions {
  workspaceRoot: string;
  /** Port of each app's host. */
  ports: AppPorts;
  /** The backend the site talks to (public URL and publishable key). */
  supabase: { url: string; publishableKey: string };
  /** Origins a remote override link may load a build from (runtime config `remoteOverrides`). */
  overrideOrigins?: string[];
  /** Override where a remote's manifest is fetched from (e.g. another host or build). */
  remoteUrls?: Partial<Record<RemoteName, string>>;
  /**
   * The apps to serve (default all five): an owner's e2e suite serves the apps its pages load. The
   * runtime config still names every remote: one not served is down (as in production when it
   * fails) unless `remoteUrls` points it at another host, such as another site's.
   */
  apps?: readonly AppName[];
  /** Deploy an app from another build than apps/<name>/dist. */
  distDirs?: Partial<Record<AppName, string>>;
  /**
   * Serve an app from a host folder of the caller's, as it is (the caller deploys releases into it;
   * the preview only writes its header rules).
   */
  hostDirs?: Partial<Record<AppName, string>>;
  host?: string;
  /**
   * Prerender the pages once the hosts run, as a deployment does (default true): tools/prerender
   * renders every page into the shell's folder from this site's remotes. Without it, the client
   * renders every page (the shell's host answers every unknown path with its index.html).
   */
  prerender?: boolean;
  /**
   * Prerender only the pages that show these remotes, and the error page (default: those of the
   * served remotes, or every page when all five are served). A site that loads some remotes from
   * elsewhere (`remoteUrls`) names the pages its test opens, and renders them from those hosts.
   */
  prerenderRemotes?: readonly RemoteName[];
  /**
   * The backend whose `csp-report` function gets the pages' Content-Security-Policy reports (default:
   * `supabase.url`). The e2e suites send every site's reports to one backend, to check them all.
   */
  cspReportTo?: string;
  /**
   * False when nothing changes the hosts' folders once the site has started (the e2e suites' shared
   * site): the hosts then log no line for each request (tools/host's `folderChanges`), and
   * settled() refuses.
   */
  folderChanges?: boolean;
  /**
   * Told each step of the start and of close() as it begins (`starting the hosts of content,
   * careers; content: waiting for wrangler to answer (3 looks)`, `prerendering its pages`…): what a
   * caller reports if it waits too long.
   */
  progress?: (step: string) => void;
}

export interface PreviewSite {
  url: string;
  runtimeConfig: RuntimeConfigJson;
  /**
   * The shell's host folder. It holds runtime-config.json as production's does, so the release
   * commands (tools/delivery/src/releases.ts) can change it; the host serves a change at once.
   */
  shellDir: string;
  /** An app's host folder (what its Worker serves). */
  folder(app: AppName): string;
  /**
   * Resolves once an app's host (default the shell's) serves what its folder holds now and has
   * finished reloading for it: after a change that adds or removes files (a deploy, a release),
   * before the next request.
   */
  settled(app?: AppName): Promise<void>;
  /** Stops one app's host (a remote going down). */
  stop(app: AppName): Promise<void>;
  /** Starts it again on the same port. */
  start(app: AppName): Promise<void>;
  close(): Promise<void>;
}

/**
 * The remotes whose pages a preview prerenders, as the prerender's `--remote`s (none: every page):
 * the ones asked for, else the served ones, else (all five served) every page.
 */
export function prerenderedRemotes(
  served: readonly AppName[],
  asked?: readonly RemoteName[],
): readonly RemoteName[] {
  const remotes = asked ?? REMOTE_NAMES.filter((remote) => served.includes(remote));
  if (asked === undefined && served.length === APP_NAMES.length) return [];
  // An empty list would render every page: say which, or prerender nothing.
  if (remotes.length === 0)
    throw new Error(
      'Name the remotes whose pages to prerender (prerenderRemotes), or set prerender: false.',
    );
  return remotes;
}

/**
 * The production site on this machine: each app's build deployed into a host folder of its own, as
 * `npm run deploy` assembles it, and served by Cloudflare's runtime (workerd, through `wrangler dev`)
 * with each app's production Worker config and header rules, on its port; the runtime config points
 * them at each other and at the given backend.
 */
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
    // The local backend is the only one a preview talks to: its stand-in for Turnstile's widget.
    botCheck: localBotCheck(new URL(options.supabase.url).origin),
    ...(options.overrideOrigins
      ? { remoteOverrides: { allowedOrigins: options.overrideOrigins } }
      : {}),
  };
  // The step the site is at, and the step of each host starting meanwhile: one line for `progress`.
  const hostSteps = new Map<AppName, string>();
  let phase = '';
  const report = () =>
    options.progress?.(
      [phase, ...[...hostSteps].map(([app, step]) => `${app}: ${step}`)].join('; '),
    );
  const progress = (step: string) => {
    phase = step;
    report();
  };
  const prerendering = options.prerender ?? true;
  const served = options.apps ?? APP_NAMES;
  if (!served.includes('shell')) throw new Error('A preview serves the shell: add it to apps.');
  const hostRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-preview-'));
  const folder = (app: AppName) => options.hostDirs?.[app] ?? path.join(hostRoot, app);
  for (const app of served) {
    if (options.hostDirs?.[app]) continue;
    const build =
      options.distDirs?.[app] ?? path.join(options.workspaceRoot, appFolder(app), 'dist');
    deployApp(build, folder(app), { remote: app !== 'shell' });
  }
  const shellDir = folder('shell');
  fs.writeFileSync(
    path.join(shellDir, 'runtime-config.json'),
    `${JSON.stringify(runtimeConfig, null, 2)}\n`,
  );
  for (const app of served) if (app !== 'shell') writeRules(folder(app), remoteHeaderRules());
  const writeShellHeaders = () =>
    writeSecurityHeaders({ shellDir, runtimeConfig, reportTo: options.cspReportTo });
  writeShellHeaders();

  const hosts = new Map<AppName, HostedFolder>();
  const start = async (app: AppName) => {
    if (hosts.has(app)) return;
    hosts.set(
      app,
      await serveFolder({
        app,
        folder: folder(app),
        port: options.ports[app],
        host,
        clientRendered: app === 'shell' && !prerendering,
        folderChanges: options.folderChanges,
        progress: (step) => {
          hostSteps.set(app, step);
          report();
        },
      }).finally(() => hostSteps.delete(app)),
    );
  };
  const stop = async (app: AppName) => {
    const hosted = hosts.get(app);
    hosts.delete(app);
    await hosted?.close();
  };
  const close = async () => {
    progress('closing its hosts');
    await Promise.all(APP_NAMES.map(stop));
    fs.rmSync(hostRoot, { recursive: true, force: true });
  };
  try {
    // The remotes first: the prerender loads their code from them. The shell's folder is complete
    // before its host starts, so its first answers are the finished site.
    const remotesServed = served.filter((app) => app !== 'shell');
    if (remotesServed.length > 0) progress(`starting the hosts of ${remotesServed.join(', ')}`);
    const started = await Promise.allSettled(remotesServed.map(start));
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    if (prerendering) {
      progress('prerendering its pages');
      await runPrerender({
        workspaceRoot: options.workspaceRoot,
        shellDir,
        config: path.join(shellDir, 'runtime-config.json'),
        remotes: prerenderedRemotes(served, options.prerenderRemotes),
      }).catch((error: Error) => {
        throw new Error(`The preview could not prerender its pages: ${error.message}`);
      });
      // As a deploy does after its prerender: the policy follows the pages and the runtime config.
      writeShellHeaders();
    }
    progress("starting the shell's host");
    await start('shell');
    progress('ready');
  } catch (error) {
    await close();
    throw error;
  }
  /** Resolves once an app's host serves what its folder holds now (tools/host/src/wrangler.ts). */
  const settled = async (app: AppName = 'shell') => {
    progress(`waiting for ${app}'s host to settle`);
    await hosts.get(app)?.settled();
  };
  return {
    url: origin('shell'),
    runtimeConfig,
    shellDir,
    folder,
    settled,
    stop,
    start,
    close,
  };
}
