import { expect, test } from '@playwright/test';
import path from 'node:path';
import { startPreviewSite, startStaticSite } from '@agentora/preview';
import { portBlock } from '../support/ports';
import { WORKSPACE_ROOT } from '../support/workspace';
import { sharedBackendConfig } from '../support/site';

test('changing only the runtime config re-points a remote, with no rebuild', async ({ page }) => {
  // The same careers build deployed on a second host.
  const otherHost = await startStaticSite({ root: path.join(WORKSPACE_ROOT, 'apps/careers/dist'), port: 4339 });
  const site = await startPreviewSite({
    workspaceRoot: WORKSPACE_ROOT,
    ports: portBlock(4330),
    supabase: sharedBackendConfig(),
    remoteUrls: { careers: `http://127.0.0.1:4339/mf-manifest.json` },
  });
  try {
    const careersHosts = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/mf-manifest\.json|remoteEntry\.js|__federation_expose_CareersPage/.test(url.pathname) && ['4333', '4339'].includes(url.port)) careersHosts.add(url.port);
    });
    await page.goto(`${site.url}/careers`);
    await expect(page.getByRole('main').getByRole('heading', { name: /Careers/ }).first()).toBeVisible();
    expect([...careersHosts]).toEqual(['4339']);
  } finally {
    await site.close();
    await otherHost.close();
  }
});
