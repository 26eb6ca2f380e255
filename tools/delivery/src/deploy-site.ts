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
//
// The steps are separable (assembleApp, assemblePages, uploadFolder) so that CI runs what executes
// code read from the live hosts (the prerender runs the shell's and the remotes' server builds) in a
// job that holds no credentials, and uploads from another job that runs nothing else.
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
import { checkConfigMoves, checkDescends, configMoves, liveCommits } from './ancestry.ts';
import { deployApp, readBuildRecord } from './deploy.ts';
import {
  liveDeployedFiles,
  NotDeployedError,
  pullHostFolder,
  sameFiles,
  type DeployedFiles,
} from './deployed-files.ts';
import { readPagesRecord } from '@agentora/prerender';
import { hostRootOf, RELEASE_MANIFEST_PATH } from './release-urls.ts';
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

/** An assembled host folder, and what it was made from: the live list read (none on a first deploy). */
export interface Assembled {
  app: AppName;
  folder: string;
  /** The live host it was read from and will be uploaded to. */
  root: string;
  readFrom: DeployedFiles | undefined;
}

/** Next to an assembled folder: what it was read from, for the upload step of another job. */
export function writeAssembled(assembled: Assembled): void {
  fs.writeFileSync(
    `${assembled.folder}.read.json`,
    `${JSON.stringify({ app: assembled.app, root: assembled.root, readFrom: assembled.readFrom ?? null }, null, 2)}\n`,
  );
}

export function readAssembled(folder: string): Assembled {
  const record = JSON.parse(fs.readFileSync(`${folder}.read.json`, 'utf8')) as {
    app: AppName;
    root: string;
    readFrom: DeployedFiles | null;
  };
  return { app: record.app, folder, root: record.root, readFrom: record.readFrom ?? undefined };
}

export interface AssembleOptions {
  workspaceRoot: string;
  site: LiveSite;
  /** Where the folders are made (each app's in a folder of its name). */
  into: string;
  /**
   * Where each app must live (a real upload: its production origin). A live config naming another
   * host is refused: what is read back is what is uploaded, to the production domains.
   */
  requireRoots?: (app: AppName) => string;
  log?: (line: string) => void;
}

/** Reads an app's live folder back into `folder`, or starts it empty on a first deploy. */
async function liveFolder(
  app: AppName,
  root: string,
  folder: string,
  first: boolean,
): Promise<DeployedFiles | undefined> {
  fs.mkdirSync(folder, { recursive: true });
  if (first) {
    if (await liveDeployedFiles(root))
      throw new Error(`${app} is already deployed at ${root}: leave out --first-deploy.`);
    return undefined;
  }
  try {
    return await pullHostFolder({ from: root, into: folder });
  } catch (error) {
    if (error instanceof NotDeployedError)
      throw new NotDeployedError(
        `${error.message} If this is ${app}'s first deploy, say so with --first-deploy.`,
      );
    throw error;
  }
}

function checkRoot(app: AppName, root: string, options: AssembleOptions): void {
  const required = options.requireRoots?.(app);
  if (required && new URL(root).origin !== new URL(required).origin)
    throw new Error(
      `${app} is read from ${root}, but lives at ${required}: a deploy uploads to the production domains only what it read from them.`,
    );
}

/**
 * A shell deploy that replaces the live runtime config is held to the rule of the release commands:
 * each build the new config puts live descends from the stable build of the live config (read back
 * into `shellDir`), as the hosts' build records say.
 */
async function checkNewConfig(
  shellDir: string,
  config: RuntimeConfigJson,
  options: AssembleOptions,
): Promise<void> {
  const live = JSON.parse(
    fs.readFileSync(path.join(shellDir, RUNTIME_CONFIG), 'utf8'),
  ) as RuntimeConfigJson;
  const moves = configMoves(live, config);
  if (moves.length === 0) return;
  const records = fs.mkdtempSync(path.join(options.into, 'build-records-'));
  try {
    checkConfigMoves(moves, await liveCommits(moves, records), options.workspaceRoot);
  } finally {
    fs.rmSync(records, { recursive: true, force: true });
  }
}

/**
 * An app's folder as its next version: the live one read back, the build over it, its header rules
 * (a remote's); the shell's pages rendered again (a shell's deploy).
 */
export async function assembleApp(
  options: AssembleOptions & {
    app: AppName;
    distDir?: string;
    /** Nothing of this app is live yet. */
    firstDeploy?: boolean;
    /** The shell's runtime config to serve (its first deploy, or a change by hand). */
    runtimeConfig?: RuntimeConfigJson;
    commit?: string;
  },
): Promise<Assembled> {
  const { app, workspaceRoot, site } = options;
  const log = options.log ?? (() => undefined);
  const distDir = options.distDir ?? path.join(workspaceRoot, appFolder(app), 'dist');
  const folder = path.join(options.into, app);
  const config =
    app === 'shell' && options.runtimeConfig
      ? options.runtimeConfig
      : await liveRuntimeConfig(site).catch((error: Error) => {
          throw new Error(
            `The live runtime config could not be read (${error.message}). ${app === 'shell' ? "The shell's first deploy takes one: --first-deploy --runtime-config <file>." : 'Deploy the remotes, then the shell, the first time.'}`,
          );
        });
  // A remote the live config does not name yet (a new app) lives where the registry says.
  const named = app === 'shell' || config.remotes[app as RemoteName] !== undefined;
  if (!named && !(options.firstDeploy && options.requireRoots))
    throw new Error(
      `The live runtime config names no ${app}: deploy it with --first-deploy to production, then add its manifest to the config.`,
    );
  const root = named ? liveRootOf(app, site, config) : `${options.requireRoots!(app)}/`;
  checkRoot(app, root, options);
  if (
    app !== 'shell' &&
    new RegExp(`${RELEASE_MANIFEST_PATH}$`).test(config.remotes[app as RemoteName])
  )
    throw new Error(
      `${app}'s stable release is a promoted release (${config.remotes[app as RemoteName]}): a deploy to its root would not reach visitors. Roll it back first (npm run release -- rollback ${app} --older-build), or release this build the same way (npm run release -- deploy ${app}).`,
    );
  const readFrom = await liveFolder(app, root, folder, options.firstDeploy === true);
  log(readFrom ? `read the live ${app} back from ${root}` : `first deploy of ${app}`);
  checkDescends({
    what: app,
    live: readBuildRecord(folder)?.commit,
    next: options.commit,
    checkout: workspaceRoot,
  });
  if (readFrom && options.runtimeConfig)
    await checkNewConfig(folder, options.runtimeConfig, options);
  deployApp(distDir, folder, {
    remote: app !== 'shell',
    commit: options.commit,
  });
  if (app !== 'shell') {
    writeRules(folder, remoteHeaderRules());
    return { app, folder, root, readFrom };
  }
  // The live config stays (the release commands change it), unless one is given.
  if (!readFrom || options.runtimeConfig)
    fs.writeFileSync(path.join(folder, RUNTIME_CONFIG), `${JSON.stringify(config, null, 2)}\n`);
  log('rendering every page…');
  await refreshPages(workspaceRoot, folder, config);
  removeUnrenderedPages(folder);
  writeSecurityHeaders({ shellDir: folder, runtimeConfig: config });
  return { app, folder, root, readFrom };
}

/**
 * The live shell read back, with the pages that show `remote` rendered again from the release now
 * live; undefined when no shell is live yet (its first deploy renders every page).
 */
export async function assemblePages(
  options: AssembleOptions & { remote: RemoteName },
): Promise<Assembled | undefined> {
  const log = options.log ?? (() => undefined);
  const folder = path.join(options.into, 'shell');
  const config = await liveRuntimeConfig(options.site);
  const root = liveRootOf('shell', options.site, config);
  checkRoot('shell', root, options);
  fs.mkdirSync(folder, { recursive: true });
  let readFrom: DeployedFiles;
  try {
    readFrom = await pullHostFolder({ from: root, into: folder });
  } catch (error) {
    if (!(error instanceof NotDeployedError)) throw error;
    log('no shell is live yet: its first deploy renders every page');
    return undefined;
  }
  // Its code is the live shell's: a remote's deploy never changes it.
  log(`rendering the pages that show ${options.remote}…`);
  await refreshPages(options.workspaceRoot, folder, config, options.remote);
  writeSecurityHeaders({ shellDir: folder, runtimeConfig: config });
  return { app: 'shell', folder, root, readFrom };
}

/**
 * Refuses a folder whose live host changed since it was read (another deploy or a release command in
 * between): what was decided from it may no longer hold.
 */
export async function checkUnchanged(assembled: Assembled): Promise<void> {
  const now = await liveDeployedFiles(assembled.root);
  if (!sameFiles(now, assembled.readFrom))
    throw new Error(
      `${assembled.app} at ${assembled.root} changed since this deploy read it (another deploy or release command): nothing uploaded; run it again.`,
    );
}

/** Puts an assembled folder live, unless the live host changed since it was read (checkUnchanged). */
export async function uploadFolder(assembled: Assembled, upload: Upload): Promise<void> {
  await checkUnchanged(assembled);
  await upload(assembled.app, assembled.folder);
}

/** Renders the pages (all, or those that show `remote`) into the shell's folder. */
async function refreshPages(
  workspaceRoot: string,
  shellDir: string,
  config: RuntimeConfigJson,
  remote?: RemoteName,
): Promise<void> {
  fs.writeFileSync(path.join(shellDir, RUNTIME_CONFIG), `${JSON.stringify(config, null, 2)}\n`);
  await runPrerender({
    workspaceRoot,
    shellDir,
    config: path.join(shellDir, RUNTIME_CONFIG),
    remotes: remote ? [remote] : [],
  });
}

/** After every page was rendered: a page of a route that is gone leaves the host with its hash. */
function removeUnrenderedPages(shellDir: string): void {
  const rendered = new Set(Object.values(readPagesRecord(shellDir)).map((page) => page.file));
  const pages = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'ssr' ? [] : pages(full);
      return entry.name.endsWith('.html')
        ? [path.relative(shellDir, full).split(path.sep).join('/')]
        : [];
    });
  for (const page of pages(shellDir))
    if (!rendered.has(page) && page !== 'page-template.html' && page !== '404.html')
      fs.rmSync(path.join(shellDir, page));
}

export interface DeploySiteOptions {
  app: AppName;
  workspaceRoot: string;
  site: LiveSite;
  upload: Upload;
  /** The build to deploy (default apps/<app>/dist). */
  distDir?: string;
  /** Nothing of this app is live yet: start from an empty folder. */
  firstDeploy?: boolean;
  /** The shell's runtime config to serve (its first deploy, or a change by hand). */
  runtimeConfig?: RuntimeConfigJson;
  commit?: string;
  requireRoots?: (app: AppName) => string;
  log?: (line: string) => void;
}

export interface DeploySiteResult {
  /** The folders uploaded, in order. */
  uploaded: Array<{ app: AppName; folder: string }>;
  workDir: string;
}

/**
 * Deploys one app to the live site in one process: see the top of this file (CI runs the same steps
 * in separate jobs).
 */
export async function deploySite(options: DeploySiteOptions): Promise<DeploySiteResult> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `agentora-deploy-${options.app}-`));
  const uploaded: DeploySiteResult['uploaded'] = [];
  const log = options.log ?? (() => undefined);
  const put = async (assembled: Assembled) => {
    log(`uploading ${assembled.app}…`);
    await uploadFolder(assembled, options.upload);
    uploaded.push({ app: assembled.app, folder: assembled.folder });
  };
  const common = { ...options, into: workDir };
  await put(await assembleApp(common));
  if (options.app !== 'shell') {
    const pages = await assemblePages({ ...common, remote: options.app as RemoteName });
    if (pages) await put(pages);
  }
  return { uploaded, workDir };
}
