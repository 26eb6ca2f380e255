// The release commands (releases.ts) against the live site: each reads the folders it changes back
// from the host, changes them as it would a local folder, and uploads them (deploy-site.ts). Only
// `deploy` uploads the remote's folder; canary, promote and rollback upload the shell's, whose
// runtime-config.json they change.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RemoteName, RuntimeConfigJson } from '@agentora/contracts/apps';
import { liveRootOf, liveRuntimeConfig, type LiveSite, type Upload } from './deploy-site.ts';
import { pullHostFolder } from './deployed-files.ts';
import { canary, deployRelease, promote, rollback } from './releases.ts';

export interface LiveReleaseOptions {
  site: LiveSite;
  remote: RemoteName;
  upload: Upload;
}

/** Reads the live folders named back, runs `change` on them, removes them afterwards. */
async function withLiveFolders<T>(
  { site, remote }: LiveReleaseOptions,
  apps: ReadonlyArray<'shell' | 'remote'>,
  change: (folders: { shell: string; remote: string }) => Promise<T>,
): Promise<T> {
  const config = await liveRuntimeConfig(site);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-release-'));
  const folders = { shell: path.join(work, 'shell'), remote: path.join(work, remote) };
  try {
    for (const which of apps)
      await pullHostFolder({
        from: liveRootOf(which === 'shell' ? 'shell' : remote, site, config),
        into: folders[which],
      });
    return await change(folders);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Deploys a build of the remote as a release on its host, not yet live; returns its id. */
export function liveDeployRelease(options: LiveReleaseOptions & { distDir: string }) {
  return withLiveFolders(options, ['remote'], async ({ remote }) => {
    const id = deployRelease(options.distDir, remote);
    await options.upload(options.remote, remote);
    return id;
  });
}

export function liveCanary(
  options: LiveReleaseOptions & { percent: number; release?: string },
): Promise<RuntimeConfigJson> {
  return withLiveFolders(options, ['shell', 'remote'], async ({ shell, remote }) => {
    const next = canary({
      shellDir: shell,
      hostDir: remote,
      remote: options.remote,
      percent: options.percent,
      release: options.release,
    });
    await options.upload('shell', shell);
    return next;
  });
}

export function livePromote(options: LiveReleaseOptions): Promise<RuntimeConfigJson> {
  return withLiveFolders(options, ['shell'], async ({ shell }) => {
    const next = promote(shell, options.remote);
    await options.upload('shell', shell);
    return next;
  });
}

export function liveRollback(options: LiveReleaseOptions): Promise<RuntimeConfigJson> {
  return withLiveFolders(options, ['shell'], async ({ shell }) => {
    const next = rollback(shell, options.remote);
    await options.upload('shell', shell);
    return next;
  });
}
