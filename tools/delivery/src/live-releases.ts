// The release commands (releases.ts) against the live site: each reads the folders it changes back
// from the host, changes them as it would a local folder, and uploads them (deploy-site.ts). Only
// `deploy` uploads the remote's folder; canary, promote and rollback upload the shell's, whose
// runtime-config.json they change.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RemoteName, RuntimeConfigJson } from '@agentora/contracts/apps';
import {
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
}

interface LiveFolders {
  shell: Assembled;
  remote: Assembled;
}

/**
 * Reads the live folders named back, runs `change` on them, removes them afterwards. A folder is
 * uploaded only if its host is still as it was read (uploadFolder): two operators' commands at once
 * cannot undo each other silently.
 */
async function withLiveFolders<T>(
  { site, remote }: LiveReleaseOptions,
  apps: ReadonlyArray<'shell' | 'remote'>,
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
    for (const which of apps)
      folders[which].readFrom = await pullHostFolder({
        from: folders[which].root,
        into: folders[which].folder,
      });
    return await change(folders);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Deploys a build of the remote as a release on its host, not yet live; returns its id. */
export function liveDeployRelease(options: LiveReleaseOptions & { distDir: string }) {
  return withLiveFolders(options, ['remote'], async ({ remote }) => {
    const id = deployRelease(options.distDir, remote.folder);
    await uploadFolder(remote, options.upload);
    return id;
  });
}

export function liveCanary(
  options: LiveReleaseOptions & { percent: number; release?: string },
): Promise<RuntimeConfigJson> {
  return withLiveFolders(options, ['shell', 'remote'], async ({ shell, remote }) => {
    const next = canary({
      shellDir: shell.folder,
      hostDir: remote.folder,
      remote: options.remote,
      percent: options.percent,
      release: options.release,
    });
    await uploadFolder(shell, options.upload);
    return next;
  });
}

export function livePromote(options: LiveReleaseOptions): Promise<RuntimeConfigJson> {
  return withLiveFolders(options, ['shell'], async ({ shell }) => {
    const next = promote(shell.folder, options.remote);
    await uploadFolder(shell, options.upload);
    return next;
  });
}

export function liveRollback(options: LiveReleaseOptions): Promise<RuntimeConfigJson> {
  return withLiveFolders(options, ['shell'], async ({ shell }) => {
    const next = rollback(shell.folder, options.remote);
    await uploadFolder(shell, options.upload);
    return next;
  });
}
