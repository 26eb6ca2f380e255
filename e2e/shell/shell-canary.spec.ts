import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { deployApp, deployRelease, RELEASES_DIR } from '@agentora/delivery';
import { portBlock } from '@agentora/e2e-support/ports';
import { waitForHydrated } from '@agentora/e2e-support/prerendered';
import { CAREERS_RELEASE_2_MARKER, expect, test } from '@agentora/e2e-support/remote-releases';
import { startSiteBeside } from '@agentora/e2e-support/site-beside';
import { WORKSPACE_ROOT } from '@agentora/e2e-support/workspace';

// Canary, promote and rollback on the production preview (tools/delivery/src/releases.ts): the
// commands change only the live runtime-config.json; visitors in the canary's buckets get the next
// release on their next page load. A shell and a careers host of this file's own (4385, 4388; the
// other remotes are the shared site's): careers' host is a folder with the current build at its
// root and the next one deployed as a release, its pages prerendered from the current build as a
// deploy leaves them. After each command,
// the test waits for the host to serve the folder as it now is (PreviewSite.settled).
const MARKER = CAREERS_RELEASE_2_MARKER;
/** The commit the builds come from, recorded with each as a deploy and a release deploy do. */
const COMMIT = execFileSync('git', ['rev-parse', 'HEAD'], {
  cwd: WORKSPACE_ROOT,
  encoding: 'utf8',
}).trim();
const release = (...args: string[]) =>
  execFileSync(
    path.join(WORKSPACE_ROOT, 'node_modules/.bin/node'),
    [
      '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON',
      path.join(WORKSPACE_ROOT, 'tools/delivery/src/release-main.ts'),
      ...args,
    ],
    {
      cwd: WORKSPACE_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      // status reads the counters the shared backend keeps (the site reports to it).
      env: {
        ...process.env,
        SUPABASE_URL: process.env.E2E_SUPABASE_URL,
        SUPABASE_SERVICE_KEY: process.env.E2E_SUPABASE_SERVICE_KEY,
      },
    },
  );

/** A visitor whose browser drew `bucket` (release-bucket.ts keeps it in localStorage). */
async function visitor(browser: Browser, bucket: number) {
  const context = await browser.newContext();
  await context.addInitScript((value) => {
    if (window.localStorage.getItem('agentora.release-bucket') === null)
      window.localStorage.setItem('agentora.release-bucket', value);
  }, String(bucket));
  const page = await context.newPage();
  return {
    page,
    /** Whether the careers page this visitor loads is the next release. */
    async seesNext(url: string): Promise<boolean> {
      await page.goto(`${url}/careers`);
      await page.getByRole('main').hover();
      // Once the page's part runs its code (hydrated, or rendered anew from another release), the
      // marker is there or it never will be.
      await waitForHydrated(page, 'main h1');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Careers at Agentora' }),
      ).toBeVisible();
      return (await page.getByTestId('release-marker').count()) > 0;
    },
    close: () => context.close(),
  };
}

test('canary 10 reaches the first tenth of visitors, promote reaches everyone, rollback goes back at once; an unsafe release is refused', async ({
  browser,
  careersRelease2: next,
}) => {
  test.setTimeout(180_000);
  const host = fs.mkdtempSync(path.join(os.tmpdir(), 'careers-host-'));
  deployApp(path.join(WORKSPACE_ROOT, 'apps/careers/dist'), host, { remote: true, commit: COMMIT });
  const nextId = deployRelease(next, host, COMMIT);
  const site = await startSiteBeside({
    ports: portBlock(4385),
    serves: ['careers'],
    hostDirs: { careers: host },
    prerender: { remotes: ['careers'] },
  });
  const early = await visitor(browser, 4);
  const late = await visitor(browser, 50);
  const liveConfig = () => fs.readFileSync(path.join(site.shellDir, 'runtime-config.json'), 'utf8');
  try {
    expect(await early.seesNext(site.url)).toBe(false);

    release('canary', 'careers', '10', '--shell-dir', site.shellDir, '--host', host);
    await site.settled();
    expect(await early.seesNext(site.url)).toBe(true);
    await expect(early.page.getByTestId('release-marker')).toHaveText(MARKER);
    expect(await late.seesNext(site.url)).toBe(false);
    // Each browser reported its page load when it left the page; status compares the two releases.
    await early.page.goto('about:blank');
    await late.page.goto('about:blank');
    await expect
      .poll(() => release('status', 'careers', '--shell-dir', site.shellDir))
      .toMatch(
        /^stable .*: [1-9]\d* loads, 0 failed to load.*\ncanary 10 % .*releases\/[0-9a-f]+\/mf-manifest\.json: [1-9]\d* loads, 0 failed to load, 0 failed while rendering, error rate 0\.0 %\n$/,
      );

    release('promote', 'careers', '--shell-dir', site.shellDir, '--host', host);
    await site.settled();
    expect(await late.seesNext(site.url)).toBe(true);
    expect(JSON.parse(liveConfig()).remotes.careers).toContain(`/${RELEASES_DIR}/${nextId}/`);

    release('rollback', 'careers', '--shell-dir', site.shellDir, '--host', host, '--older-build');
    await site.settled();
    expect(await late.seesNext(site.url)).toBe(false);
    expect(await early.seesNext(site.url)).toBe(false);

    // A release that breaks the contract is refused, and nothing changes for anyone.
    const brokenBuild = fs.mkdtempSync(path.join(os.tmpdir(), 'careers-broken-'));
    fs.cpSync(next, brokenBuild, { recursive: true });
    const manifest = JSON.parse(
      fs.readFileSync(path.join(brokenBuild, 'mf-manifest.json'), 'utf8'),
    );
    manifest.exposes.push({ ...manifest.exposes[0], path: './Extra' });
    fs.writeFileSync(path.join(brokenBuild, 'mf-manifest.json'), JSON.stringify(manifest));
    const brokenId = deployRelease(brokenBuild, host, COMMIT);
    const before = liveConfig();
    expect(() =>
      release(
        'canary',
        'careers',
        '10',
        '--shell-dir',
        site.shellDir,
        '--host',
        host,
        '--release',
        brokenId,
      ),
    ).toThrow(/breaks its contract/);
    expect(liveConfig()).toBe(before);
    fs.rmSync(brokenBuild, { recursive: true });

    // A release whose files are incomplete passes the manifest's checks but fails to load: its
    // visitors get careers' "temporarily unavailable" box, and status counts the failure.
    const missingEntry = fs.mkdtempSync(path.join(os.tmpdir(), 'careers-missing-'));
    fs.cpSync(next, missingEntry, { recursive: true });
    fs.writeFileSync(
      path.join(missingEntry, 'mf-manifest.json'),
      fs
        .readFileSync(path.join(next, 'mf-manifest.json'), 'utf8')
        .replace('"careers"', '"careers" '),
    );
    fs.rmSync(path.join(missingEntry, 'remoteEntry.js'));
    const missingId = deployRelease(missingEntry, host, COMMIT);
    await site.settled('careers');
    release(
      'canary',
      'careers',
      '100',
      '--shell-dir',
      site.shellDir,
      '--host',
      host,
      '--release',
      missingId,
    );
    await site.settled();
    await early.page.goto(`${site.url}/careers`);
    await early.page.getByRole('main').hover();
    await expect(early.page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await early.page.goto('about:blank');
    await expect
      .poll(() => release('status', 'careers', '--shell-dir', site.shellDir))
      .toMatch(
        /\ncanary 100 % .*: 0 loads, 1 failed to load, 0 failed while rendering, error rate 100\.0 %\n$/,
      );
    fs.rmSync(missingEntry, { recursive: true });
  } finally {
    await early.close();
    await late.close();
    await site.close();
    fs.rmSync(host, { recursive: true, force: true });
  }
});
