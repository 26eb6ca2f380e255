// Child process of the benchmark: the local backend and the site's hosts on workerd (the preview's
// own), and the reference's. They live outside the
// process that drives Lighthouse so that its trace and audit work never delays a response the page
// is waiting for (simulated throttling starts from the observed server timings).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { raiseRateLimits, startLocalSupabase, type LocalSupabase } from '@agentora/local-supabase';
import { writeSecurityHeaders } from '@agentora/delivery';
import { serveFolder, type HostedFolder } from '@agentora/host';
import { startPreviewSite, type PreviewSite } from '@agentora/preview';
import { runPrerender } from '@agentora/prerender';
import { APP_NAMES, portsFrom } from '@agentora/contracts/apps';

export interface ServeRequest {
  workspaceRoot: string;
  portBase: number;
  /** Serve each app from this folder (the benchmark's snapshot) instead of apps/<app>/dist. */
  distDirs?: Record<string, string>;
  /**
   * The single-bundle reference build (tools/reference-build): prerendered like the site, then
   * served on the port after the site's.
   */
  referenceDir?: string;
}

export type ServeMessage =
  | {
      type: 'ready';
      siteUrl: string;
      referenceUrl?: string;
      backendUrl: string;
      publishableKey: string;
      ports: Record<string, number>;
    }
  | { type: 'error'; message: string };

const request = JSON.parse(process.argv[2] ?? '{}') as ServeRequest;
const send = (message: ServeMessage) => process.send?.(message);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-bench-db-'));
let backend: LocalSupabase | undefined;
let site: PreviewSite | undefined;
let reference: HostedFolder | undefined;
let closing = false;

async function shutdown(code: number) {
  if (closing) return;
  closing = true;
  await site?.close().catch(() => undefined);
  await reference?.close().catch(() => undefined);
  await backend?.stop().catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}

process.on('message', (message: unknown) => {
  if ((message as { type?: string } | null)?.type === 'close') void shutdown(0);
});
// The benchmark died without saying goodbye: don't outlive it.
process.on('disconnect', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGINT', () => void shutdown(0));

try {
  backend = await startLocalSupabase({ port: 0, dataDir, inMemory: true });
  // The bench submits the footer form on every route, all from this one address.
  await raiseRateLimits(backend.url, backend.serviceKey);
  const ports = portsFrom(request.portBase);
  site = await startPreviewSite({
    workspaceRoot: request.workspaceRoot,
    ports,
    supabase: { url: backend.url, publishableKey: backend.publishableKey },
    distDirs: request.distDirs,
    host: '127.0.0.1',
  });
  let referenceUrl: string | undefined;
  if (request.referenceDir) {
    await runPrerender({
      workspaceRoot: request.workspaceRoot,
      shellDir: request.referenceDir,
      config: `${site.url}/runtime-config.json`,
    });
    // Served as the shell is, by the same host with the same kind of headers (a policy of its own,
    // over its own pages): the comparison is of the builds, not of the servers or their headers.
    fs.writeFileSync(
      path.join(request.referenceDir, 'runtime-config.json'),
      JSON.stringify(site.runtimeConfig),
    );
    writeSecurityHeaders({ shellDir: request.referenceDir, runtimeConfig: site.runtimeConfig });
    reference = await serveFolder({
      app: 'shell',
      folder: request.referenceDir,
      port: request.portBase + APP_NAMES.length,
      host: '127.0.0.1',
    });
    referenceUrl = reference.url;
  }
  send({
    type: 'ready',
    siteUrl: site.url,
    referenceUrl,
    backendUrl: backend.url,
    publishableKey: backend.publishableKey,
    ports,
  });
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  send({
    type: 'error',
    message: /EADDRINUSE/.test(message)
      ? `${message} (ports ${request.portBase}-${request.portBase + APP_NAMES.length} must be free; pick others with --port-base)`
      : message,
  });
  await shutdown(1);
}
