import { httpOrigin } from '@agentora/contracts/apps';
import { startPreviewSite } from '@agentora/preview';
import { portBlock, SHARED_SITE_BASE_PORT } from './ports';
import { WORKSPACE_ROOT } from './workspace';
import { testBackend } from './backend';
import { failOnRefusedCsp } from './csp';
import { servedApps } from './owners';
import { removeVariantBuilds } from './scratch-build';

/** One production site shared by the tests that do not need their own (they start one themselves). */
export default async function globalSetup() {
  // Remote variants are built once per run (scratch-build.ts), from the sources as they are now.
  removeVariantBuilds();
  const ports = portBlock(SHARED_SITE_BASE_PORT);
  // The mail links of the outbox open this site (startPreviewSite serves it on 127.0.0.1).
  const backend = await testBackend(undefined, { siteUrl: httpOrigin('127.0.0.1', ports.shell) });
  const site = await startPreviewSite({
    workspaceRoot: WORKSPACE_ROOT,
    ports,
    supabase: backend.publicConfig,
    apps: servedApps(),
    // The specs only ask it for pages: nothing of theirs changes its folders (those of a spec's own
    // site do change, site-beside.ts), so its hosts need not log each request.
    folderChanges: false,
  });
  process.env.E2E_BASE_URL = site.url;
  process.env.E2E_SUPABASE_URL = backend.publicConfig.url;
  process.env.E2E_SUPABASE_PUBLISHABLE_KEY = backend.publicConfig.publishableKey;
  process.env.E2E_SUPABASE_SERVICE_KEY = backend.serviceKey;
  return async () => {
    // Every spec ran against this site, or one of its own, under the Content-Security-Policy a
    // deploy writes, reporting to this backend's csp-report function: whatever a page, a form,
    // supabase-js or a remote did that a policy refused was counted there. Only the spec that
    // injects a script on purpose may appear.
    await site.close();
    try {
      await failOnRefusedCsp({ url: backend.url, serviceKey: backend.serviceKey });
    } finally {
      await backend.close();
    }
  };
}
