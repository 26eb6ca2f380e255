// The release commands (releases.ts) against the live site: each reads the folders it changes back
// from the host, changes them as it would a local folder, and uploads them (deploy-site.ts). Only
// `deploy` uploads the remote's folder; canary, promote and rollback upload the shell's, whose
// runtime-config.json they change, after reading the remote's build records for the ancestry check.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RemoteName, RuntimeConfigJson } from '@agentora/contracts/apps';
import { isBuildRecordFile } from './ancestry.ts';
import {
  checkUnchanged,
  liveRootOf,
  liveRuntimeConfig,
  uploadFolder,
  type Assembled,
  type LiveSite,
  type Upload,
} from './deploy-site.ts';
import { pullHostFolder } from './deployed-files.ts';
import { canary, deployRelease, promote, rollback } from './releases.ts';

export interface LiveReleaseOptions {
  site: LiveSite;
  remote: RemoteName;
  upload: Upload;
  /** The git checkout whose history says which commit descends from which. */
  checkout: string;
}

interface LiveFolders {
  shell: Assembled;
  remote: Assembled;
}

/** What a command reads of each folder: all of it, or (the remote's) only its build records. */
type Reads = { shell?: 'all'; remote: 'all' | 'build records' };

/**
 * Reads the live folders named back, runs `change` on them, removes them afterwards. A folder is
 * uploaded only if its host is still as it was read (uploadFolder): two operators' commands at once
 * cannot undo each other silently.
 */
async function withLiveFolders<T>(
  { site, remote }: LiveReleaseOptions,
  reads: Reads,
  change: (folders: LiveFolders) => Promise<T>,
): Promise<T> {
  const config = await liveRuntimeConfig(site);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-release-'));
  const folder = (app: 'shell' | RemoteName): Assembled => ({
    app,
    folder: path.join(work, app),
    root: liveRootOf(app, site, config),
    readFrom: undefined,
  });
  const folders: LiveFolders = { shell: folder('shell'), remote: folder(remote) };
  try {
    for (const which of ['shell', 'remote'] as const) {
      if (!reads[which]) continue;
      folders[which].readFrom = await pullHostFolder({
        from: folders[which].root,
        into: folders[which].folder,
        skip: reads[which] === 'build records' ? (file) => !isBuildRecordFile(file) : undefined,
      });
    }
    return await change(folders);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Uploads the shell's folder with its new config, unless the remote's host changed since its build
 * records were read (a deploy in between may have put a newer build live than the one checked).
 */
async function uploadConfig({ shell, remote }: LiveFolders, upload: Upload): Promise<void> {
  await checkUnchanged(remote);
  await uploadFolder(shell, upload);
}

/**
 * Deploys a build of the remote as a release on its host, with its commit, not yet live; returns its
 * id.
 */
export function liveDeployRelease(
  options: LiveReleaseOptions & { distDir: string; commit: string },
) {
  return withLiveFolders(options, { remote: 'all' }, async ({ remote }) => {
    const id = deployRelease(options.distDir, remote.folder, options.commit);
    await uploadFolder(remote, options.upload);
    return id;
  });
}

export function liveCanary(
  options: LiveReleaseOptions & { percent: number; release?: string },
): Promise<RuntimeConfigJson> {
  return withLiveFolders(options, { shell: 'all', remote: 'all' }, async (folders) => {
    const next = canary({
      shellDir: folders.shell.folder,
      hostDir: folders.remote.folder,
      checkout: options.checkout,
      remote: options.remote,
      percent: options.percent,
      release: options.release,
    });
    await uploadConfig(folders, options.upload);
    return next;
  });
}

export function livePromote(options: LiveReleaseOptions): Promise<RuntimeConfigJson> {
  return withLiveFolders(options, { shell: 'all', remote: 'build records' }, async (folders) => {
    const next = promote({
      shellDir: folders.shell.folder,
      hostDir: folders.remote.folder,
      checkout: options.checkout,
      remote: options.remote,
    });
    await uploadConfig(folders, options.upload);
    return next;
  });
}

export function liveRollback(
  options: LiveReleaseOptions & { olderBuild?: boolean },
): Promise<RuntimeConfigJson> {
  return withLiveFolders(options, { shell: 'all', remote: 'build records' }, async (folders) => {
    const next = rollback({
      shellDir: folders.shell.folder,
      hostDir: folders.remote.folder,
      checkout: options.checkout,
      remote: options.remote,
      olderBuild: options.olderBuild,
    });
    await uploadConfig(folders, options.upload);
    return next;
  });
}
