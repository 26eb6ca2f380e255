import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { APP_NAMES, type AppName } from '@agentora/contracts/apps';
import type { PreviewSite } from '@agentora/preview';
import {
  deploySite,
  liveCanary,
  liveDeployRelease,
  livePromote,
  liveRollback,
  type Upload,
} from '@agentora/delivery';
import { portBlock } from '@agentora/e2e-support/ports';
import { waitForHydrated } from '@agentora/e2e-support/prerendered';
import { expect, test } from '@agentora/e2e-support/remote-releases';
import { sharedSiteUrl } from '@agentora/e2e-support/site';
import { startSiteBeside } from '@agentora/e2e-support/site-beside';
import { fileHashes } from '@agentora/e2e-support/static-host';
import { WORKSPACE_ROOT } from '@agentora/e2e-support/workspace';

// `npm run deploy -- <app>` (tools/delivery/src/deploy-site.ts) against a site served as the host
// serves it: it reads the live folders back, assembles the new ones, and hands them to the upload,
// which is `wrangler deploy` in production (here its --dry-run: everything but the upload).

// Each test starts a site of its own, builds or reads folders back: minutes on a busy machine.
test.describe.configure({ timeout: 360_000 });

const run = promisify(execFile);
/** The commit the builds come from, recorded with a release as the release command does. */
const COMMIT = execFileSync('git', ['rev-parse', 'HEAD'], {
  cwd: WORKSPACE_ROOT,
  encoding: 'utf8',
}).trim();

// Each app's dry run is a test of its own, and they may run on different workers: five in a row on
// one worker were the end of the e2e run, the other workers done and the machine partly idle
// (docs/development.md, "The thirteenth session").
test.describe('npm run deploy, as CI runs it, assembles what the host accepts (wrangler deploy --dry-run)', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const app of APP_NAMES) {
    test(`of ${app}`, async () => {
      const out = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-dry-run-'));
      try {
        const { stdout } = await run(
          'npm',
          [
            'run',
            '--silent',
            'deploy',
            '--',
            app,
            '--prebuilt',
            '--site',
            sharedSiteUrl(),
            '--dry-run',
            out,
          ],
          {
            cwd: WORKSPACE_ROOT,
            env: { ...process.env, CLOUDFLARE_API_TOKEN: '', CLOUDFLARE_ACCOUNT_ID: '' },
          },
        ).catch((error: { stdout?: string; stderr?: string; message: string }) => {
          throw new Error(
            `deploy ${app} failed: ${error.message}\n${error.stdout}\n${error.stderr}`,
          );
        });
        // A remote's deploy also puts the pages that show it live.
        expect(stdout).toContain(
          `deploy: checked (dry run, nothing uploaded): ${app === 'shell' ? 'shell' : `${app}, shell`}`,
        );
        // wrangler read the folder and built the Worker it would upload.
        expect(fs.readdirSync(path.join(out, app))).toContain('README.md');
      } finally {
        fs.rmSync(out, { recursive: true, force: true });
      }
    });
  }
});

/**
 * What `wrangler deploy` does to a Worker's files, done to the local host's folder: its files become
 * the uploaded folder's, none left over (in place: the host watches the folder itself).
 */
function replaceFolder(from: string, to: string): void {
  for (const file of Object.keys(fileHashes(to)))
    if (!fs.existsSync(path.join(from, file))) fs.rmSync(path.join(to, file));
  fs.cpSync(from, to, { recursive: true });
}

/**
 * A shell and hosts of content and careers of the tests' own beside the shared site (the other
 * remotes are the shared site's hosts), with the pages of content, careers and signups's coming-soon
 * rendered: once for the three tests below. Each deploys or releases one remote and reads back what
 * the site serves as it then is: content's deploy leaves careers' pages as they were (which the first
 * checks), the read-back check puts back the file it changes, and the release commands' test, the
 * last, leaves its releases in place.
 */
test.describe('deploys and releases against a site', () => {
  let site: PreviewSite;
  test.beforeAll(async () => {
    site = await startSiteBeside({
      ports: portBlock(4400),
      serves: ['content', 'careers'],
      prerender: { remotes: ['content', 'careers', 'signups'] },
    });
  });
  test.afterAll(async () => {
    await site?.close();
  });

  test("a remote's deploy keeps the previous build's chunks, puts the new release live and re-renders only its pages", async ({
    page,
    contentRelease2: release2,
  }) => {
    const before = {
      shell: fileHashes(site.folder('shell')),
      content: fileHashes(site.folder('content')),
    };
    const uploads: AppName[] = [];
    const result = await deploySite({
      app: 'content',
      workspaceRoot: WORKSPACE_ROOT,
      site: { siteUrl: site.url },
      distDir: release2,
      upload: async (app, folder) => {
        uploads.push(app);
        replaceFolder(folder, site.folder(app));
        await site.settled(app);
      },
    });
    fs.rmSync(result.workDir, { recursive: true, force: true });
    expect(uploads).toEqual(['content', 'shell']);

    const after = {
      shell: fileHashes(site.folder('shell')),
      content: fileHashes(site.folder('content')),
    };
    // content: the new manifest, and every chunk of the build before still there for open pages.
    expect(after.content['mf-manifest.json']).not.toBe(before.content['mf-manifest.json']);
    for (const [file, hash] of Object.entries(before.content))
      if (/\.[0-9a-f]{10}\.js$/.test(file)) expect(after.content[file], file).toBe(hash);
    // The shell: its code and the pages of other remotes as they were; content's pages anew.
    for (const file of [
      'page-template.html',
      'ssr/render-page.cjs',
      'runtime-config.json',
      'careers/index.html',
      'coming-soon/index.html',
    ])
      expect(after.shell[file], file).toBe(before.shell[file]);
    expect(after.shell['index.html']).not.toBe(before.shell['index.html']);
    expect(fs.readFileSync(path.join(site.folder('shell'), 'index.html'), 'utf8')).toContain(
      'Commerce, Release 2',
    );

    // Served by the host: the new page is current, adopted as it is.
    await page.goto(`${site.url}/`);
    await page.getByRole('main').hover();
    await waitForHydrated(page, 'main h1');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
      'The Future of AI Agent Commerce, Release 2',
    );
    // A second deploy finds everything it needs in what the first put live.
    const again = await deploySite({
      app: 'content',
      workspaceRoot: WORKSPACE_ROOT,
      site: { siteUrl: site.url },
      distDir: release2,
      upload: async (app, folder) => {
        replaceFolder(folder, site.folder(app));
        await site.settled(app);
      },
    });
    fs.rmSync(again.workDir, { recursive: true, force: true });
  });

  test('a deploy reads nothing it cannot check: a served file that differs from the live list fails it, and nothing is uploaded', async () => {
    const remoteEntry = path.join(site.folder('careers'), 'remoteEntry.js');
    const deployed = fs.readFileSync(remoteEntry);
    try {
      // A host serving a mix of two versions: a file changed after the list was written.
      fs.appendFileSync(remoteEntry, '\n// another version');
      // Once the host serves the folder as it now is: a request while it reads the folder again can be cut
      // ("terminated"), which is not the refusal this checks.
      await site.settled('careers');
      const uploads: AppName[] = [];
      await expect(
        deploySite({
          app: 'careers',
          workspaceRoot: WORKSPACE_ROOT,
          site: { siteUrl: site.url },
          upload: async (app) => void uploads.push(app),
        }),
      ).rejects.toThrow(/remoteEntry\.js is not the file deployed-files\.json lists/);
      expect(uploads).toEqual([]);
    } finally {
      fs.writeFileSync(remoteEntry, deployed);
      await site.settled('careers');
    }
  });

  test('the release commands against the live site: deploy a release, canary, promote and roll back, each read back from the host and uploaded', async () => {
    // Visitors' side of a canary is shell-canary.spec.ts's; this is the commands' own: what they read
    // back, change and upload. Today's careers build stands in for its next release.
    const next = path.join(WORKSPACE_ROOT, 'apps/careers/dist');
    const uploads: AppName[] = [];
    const upload: Upload = async (app, folder) => {
      uploads.push(app);
      replaceFolder(folder, site.folder(app));
      await site.settled(app);
    };
    const live = {
      site: { siteUrl: site.url },
      remote: 'careers' as const,
      upload,
      checkout: WORKSPACE_ROOT,
    };
    const served = async () =>
      (await (await fetch(`${site.url}/runtime-config.json`)).json()) as {
        remotes: Record<string, string>;
        canaries?: Record<string, { manifest: string; percent: number }>;
        previousRemotes?: Record<string, string>;
      };
    const stable = (await served()).remotes.careers!;

    const id = await test.step('release deploy', () =>
      liveDeployRelease({ ...live, distDir: next, commit: COMMIT }));
    expect(uploads).toEqual(['careers']);
    const releaseManifest = `${new URL(stable).origin}/releases/${id}/mf-manifest.json`;
    const manifest = await fetch(releaseManifest);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    // Nothing is live yet.
    expect((await served()).canaries).toBeUndefined();

    await test.step('canary', () => liveCanary({ ...live, percent: 10 }));
    expect((await served()).canaries?.careers).toEqual({ manifest: releaseManifest, percent: 10 });
    // The shell's policy follows the config it serves, its pages stay as they were.
    expect((await fetch(`${site.url}/careers`)).status).toBe(200);

    await test.step('promote', () => livePromote(live));
    expect(await served()).toMatchObject({
      remotes: { careers: releaseManifest },
      previousRemotes: { careers: stable },
      canaries: {},
    });
    // The preview's careers root records no commit: nothing shows it descends from the release's,
    // and putting it back is a rollback to an older build, said so.
    await test.step('rollback, refused', () =>
      expect(liveRollback(live)).rejects.toThrow(
        /stable build .* its commit is unknown.*rollback careers --older-build/,
      ));
    expect(uploads).toEqual(['careers', 'shell', 'shell']);
    await test.step('rollback --older-build', () => liveRollback({ ...live, olderBuild: true }));
    expect((await served()).remotes.careers).toBe(stable);
    expect(uploads).toEqual(['careers', 'shell', 'shell', 'shell']);
  });
});
