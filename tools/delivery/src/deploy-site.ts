// Puts one app live on its host (docs/deploying-the-site.md). Each app is a Cloudflare Worker serving
// one folder; a deploy uploads a whole new version of that folder, atomically. So a deploy assembles
// the folder first, from what is live and the app's new build:
//
//   a remote: its live files (the previous build's chunks, its releases) + the new build + its
//             header rules → upload; then the shell's live files with the pages that show the remote
//             rendered again from the new release + the shell's header rules → upload the shell;
//   the shell: its live files (pages, runtime-config.json, the previous build's chunks) + the new
//             build, every page rendered again + header rules → upload.
//
// Neither rebuilds another app. The release commands (release-main.ts) change a live folder the same
// way: read it back, change it, upload it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  appFolder,
  type AppName,
  type RemoteName,
  type RuntimeConfigJson,
} from '@agentora/contracts/apps';
import { deployFolder, remoteHeaderRules } from '@agentora/host';
import { runPrerender } from '@agentora/prerender';
import { deployApp } from './deploy.ts';
import { NotDeployedError, pullHostFolder } from './deployed-files.ts';
import { hostRootOf } from './releases.ts';
import { writeRules, writeSecurityHeaders } from './write-headers.ts';

const RUNTIME_CONFIG = 'runtime-config.json';

/** Puts a host folder live for an app (production: `wrangler deploy`). */
export type Upload = (app: AppName, folder: string) => Promise<void>;

/** `wrangler deploy` of the folder, or with `dryRunOutDir`, everything but the upload. */
export function wranglerUpload(options: { dryRunOutDir?: string; message?: string } = {}): Upload {
  return async (app, folder) => {
    const result = await deployFolder({
      app,
      folder,
      dryRunOutDir: options.dryRunOutDir && path.join(options.dryRunOutDir, app),
      message: options.message,
    });
    if (result.code !== 0)
      throw new Error(
        `wrangler deploy of ${app} failed (${result.code}):\n${result.output.trim()}`,
      );
  };
}

export interface LiveSite {
  /** The live site's address: the shell's origin, which serves runtime-config.json. */
  siteUrl: string;
}

/** The live runtime config, as visitors get it. */
export async function liveRuntimeConfig(site: LiveSite): Promise<RuntimeConfigJson> {
  const url = new URL(
    'runtime-config.json',
    site.siteUrl.endsWith('/') ? site.siteUrl : `${site.siteUrl}/`,
  );
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new NotDeployedError(`${url} answered ${response.status}.`);
  return (await response.json()) as RuntimeConfigJson;
}

/** Where an app's live folder is read from: the site's origin, or the root of a remote's host. */
export function liveRootOf(app: AppName, site: LiveSite, config: RuntimeConfigJson): string {
  return app === 'shell' ? site.siteUrl : hostRootOf(config.remotes[app as RemoteName]);
}

export interface DeploySiteOptions {
  app: AppName;
  workspaceRoot: string;
  site: LiveSite;
  upload: Upload;
  /** The build to deploy (default apps/<app>/dist). */
  distDir?: string;
  /**
   * Nothing of this app is live yet: start from an empty folder. The shell's first deploy also
   * needs the runtime config it will serve (afterwards the live one is kept, as the release commands
   * change it).
   */
  firstDeploy?: { runtimeConfig?: RuntimeConfigJson };
  log?: (line: string) => void;
}

/** Reads an app's live folder back into `folder`, or starts it empty on a first deploy. */
async function liveFolder(
  app: AppName,
  root: string,
  folder: string,
  first: boolean,
): Promise<boolean> {
  fs.mkdirSync(folder, { recursive: true });
  try {
    await pullHostFolder({ from: root, into: folder });
    return true;
  } catch (error) {
    if (error instanceof NotDeployedError && first) return false;
    if (error instanceof NotDeployedError)
      throw new NotDeployedError(
        `${error.message} If this is ${app}'s first deploy, say so with --first-deploy.`,
      );
    throw error;
  }
}

/** Renders the pages (all, or those that show `remote`) into the shell's folder and writes its rules. */
async function refreshPages(
  workspaceRoot: string,
  shellDir: string,
  config: RuntimeConfigJson,
  remote?: RemoteName,
): Promise<void> {
  await runPrerender({
    workspaceRoot,
    shellDir,
    config: path.join(shellDir, RUNTIME_CONFIG),
    remotes: remote ? [remote] : [],
  });
  writeSecurityHeaders({ shellDir, runtimeConfig: config });
}

export interface DeploySiteResult {
  /** The folders uploaded, in order. */
  uploaded: Array<{ app: AppName; folder: string }>;
  workDir: string;
}

/** Deploys one app to the live site: see the top of this file. */
export async function deploySite(options: DeploySiteOptions): Promise<DeploySiteResult> {
  const { app, workspaceRoot, site, upload } = options;
  const log = options.log ?? (() => undefined);
  const distDir = options.distDir ?? path.join(workspaceRoot, appFolder(app), 'dist');
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `agentora-deploy-${app}-`));
  const uploaded: DeploySiteResult['uploaded'] = [];
  const put = async (which: AppName, folder: string) => {
    log(`uploading ${which}…`);
    await upload(which, folder);
    uploaded.push({ app: which, folder });
  };
  const first = options.firstDeploy !== undefined;
  const config =
    app === 'shell' && options.firstDeploy?.runtimeConfig
      ? options.firstDeploy.runtimeConfig
      : await liveRuntimeConfig(site).catch((error: Error) => {
          throw new Error(
            `The live runtime config could not be read (${error.message}). ${app === 'shell' ? "The shell's first deploy takes one: --first-deploy --runtime-config <file>." : 'Deploy the remotes, then the shell, the first time.'}`,
          );
        });
  const shellDir = path.join(workDir, 'shell');

  if (app === 'shell') {
    const live = await liveFolder('shell', site.siteUrl, shellDir, first);
    log(live ? `read the live shell back from ${site.siteUrl}` : 'first deploy of the shell');
    deployApp(distDir, shellDir);
    // The live config stays (the release commands change it); a first deploy brings its own.
    if (!live || options.firstDeploy?.runtimeConfig)
      fs.writeFileSync(path.join(shellDir, RUNTIME_CONFIG), `${JSON.stringify(config, null, 2)}\n`);
    log('rendering every page…');
    await refreshPages(workspaceRoot, shellDir, config);
    await put('shell', shellDir);
    return { uploaded, workDir };
  }

  const remote = app as RemoteName;
  const remoteDir = path.join(workDir, remote);
  const root = liveRootOf(remote, site, config);
  const live = await liveFolder(remote, root, remoteDir, first);
  log(live ? `read the live ${remote} back from ${root}` : `first deploy of ${remote}`);
  deployApp(distDir, remoteDir);
  writeRules(remoteDir, remoteHeaderRules());
  await put(remote, remoteDir);

  // Its pages, rendered from the release now live. The shell's code is the live shell's: a remote's
  // deploy never changes it.
  const shellLive = await liveFolder('shell', site.siteUrl, shellDir, true);
  if (!shellLive) {
    log('no shell is live yet: its first deploy renders every page');
    return { uploaded, workDir };
  }
  log(`rendering the pages that show ${remote}…`);
  await refreshPages(workspaceRoot, shellDir, config, remote);
  await put('shell', shellDir);
  return { uploaded, workDir };
}
