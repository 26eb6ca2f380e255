import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RemoteName } from '@agentora/contracts/apps';
import { deployApp, writeRules } from '@agentora/delivery';
import { remoteHeaderRules, serveFolder, type HostedFolder } from '@agentora/host';

export interface RemoteHostOptions {
  remote: RemoteName;
  /** The build to deploy (a remote's dist/, or a scratch build of it). */
  build: string;
  port: number;
  host?: string;
  /** Told each step of the host's start (tools/host's serveFolder). */
  progress?: (step: string) => void;
}

export interface RemoteHost extends HostedFolder {
  /** The host folder it serves. */
  folder: string;
}

/**
 * One more host of a remote, as its own Worker would serve it (another release, a previews host):
 * the build deployed into a folder of its own with a remote's header rules, served on workerd.
 */
export async function startRemoteHost(options: RemoteHostOptions): Promise<RemoteHost> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `agentora-${options.remote}-host-`));
  deployApp(options.build, folder, { remote: true });
  writeRules(folder, remoteHeaderRules());
  try {
    const hosted = await serveFolder({
      app: options.remote,
      folder,
      port: options.port,
      host: options.host,
      progress: options.progress,
    });
    return {
      ...hosted,
      folder,
      close: async () => {
        await hosted.close();
        fs.rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}
