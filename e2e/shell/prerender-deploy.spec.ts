import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { PreviewSite } from '@agentora/preview';
import { deployApp } from '@agentora/delivery';
import { startSiteBeside } from '@agentora/e2e-support/site-beside';
import { portBlock } from '@agentora/e2e-support/ports';
import { expect, test, type RemoteReleases } from '@agentora/e2e-support/remote-releases';
import {
  differencesFromServer,
  droppedServerElementsIn,
  rememberServerElements,
  waitForHydrated,
} from '@agentora/e2e-support/prerendered';
import {
  fileHashes,
  runPrerender,
  startStaticHost,
  type StaticHost,
} from '@agentora/e2e-support/static-host';

// A remote deployed after the pages were rendered: the page still comes up right (its part is
// rendered anew on the client), and the remote's deploy job refreshes its pages without touching
// the shell. docs/prerendering.md.

test.describe.configure({ timeout: 120_000 });

function watchConsole(page: Page) {
  const messages: Array<{ type: string; text: string }> = [];
  page.on('console', (message) => messages.push({ type: message.type(), text: message.text() }));
  page.on('pageerror', (error) => messages.push({ type: 'pageerror', text: error.message }));
  return messages;
}

async function expectPartRenderedAnew(page: Page, messages: Array<{ type: string; text: string }>) {
  // The part's code loads once the visitor uses the page.
  await page.getByRole('main').hover();
  await waitForHydrated(page, 'main h1');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('[data-remote-failure]')).toHaveCount(0);
  // Header and footer were adopted, not re-created.
  expect(await droppedServerElementsIn(page, '#root > header')).toBe(0);
  expect(await droppedServerElementsIn(page, '#root > footer')).toBe(0);
  await expect
    .poll(
      () =>
        messages.filter(
          (message) =>
            message.type === 'info' &&
            message.text.includes('rendering a part anew: content/HomePage'),
        ).length,
    )
    .toBe(1);
  expect(
    messages.filter((message) => ['error', 'warning', 'pageerror'].includes(message.type)),
  ).toEqual([]);
}

test.describe('stale prerendered HTML', () => {
  // Content's pages rendered from the current content, on a shell and content host of the tests' own
  // beside the shared site, once for both: each test then deploys its release of content into that
  // host's folder, as content's deploy job puts a release live, over the content the pages were
  // rendered from (the pages stay as rendered).
  let site: PreviewSite;
  test.beforeAll(async () => {
    site = await startSiteBeside({
      ports: portBlock(4360),
      serves: ['content'],
      prerender: { remotes: ['content'] },
    });
  });
  test.afterAll(async () => {
    await site?.close();
  });

  for (const [name, release, check] of [
    [
      'its text changed',
      'contentRelease2',
      async (page: Page) =>
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
          'The Future of AI Agent Commerce, Release 2',
        ),
    ],
    [
      'only its styles changed',
      'contentStyleRelease',
      async (page: Page) => {
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
          'The Future of AI Agent Commerce',
        );
        await expect(
          page.getByRole('main').getByRole('heading', { level: 1 }).locator('span'),
        ).toHaveCSS('color', 'rgb(1, 2, 3)');
      },
    ],
  ] as const satisfies ReadonlyArray<
    readonly [string, keyof RemoteReleases, (page: Page) => Promise<void>]
  >) {
    test(`a remote deployed after the render (${name}) shows its new release; the rest of the page is kept`, async ({
      page,
      contentRelease2,
      contentStyleRelease,
    }) => {
      const dist = { contentRelease2, contentStyleRelease }[release];
      deployApp(dist, site.folder('content'), { remote: true });
      await site.settled('content');
      const messages = watchConsole(page);
      await rememberServerElements(page);
      await page.goto(`${site.url}/`);
      await expectPartRenderedAnew(page, messages);
      await check(page);
      // A page of content whose module did not change hydrates as it is.
      messages.length = 0;
      await page.goto(`${site.url}/about`);
      await page.getByRole('main').hover();
      await waitForHydrated(page, 'main h1');
      expect(await differencesFromServer(page)).toEqual({ dropped: [], made: [] });
      expect(messages.filter((message) => message.text.includes('rendering a part anew'))).toEqual(
        [],
      );
    });
  }
});

test.describe('deploying one remote', () => {
  // A shell whose pages are not yet rendered and a content host, of the tests' own beside the shared
  // site, once for both: each test runs the prerender into the shell's folder first, as a deploy
  // job does.
  let host: StaticHost;
  test.beforeAll(async () => {
    host = await startStaticHost(portBlock(4370), ['content']);
  });
  test.afterAll(async () => {
    await host?.close();
  });

  test("re-renders the pages that show it, from its new release, and leaves the shell's files as they were", async ({
    page,
    contentRelease2: release2,
  }) => {
    const shellDir = host.folder('shell');
    const first = await runPrerender(['--config', host.runtimeConfigUrl, '--shell-dir', shellDir]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const pages = JSON.parse(
      fs.readFileSync(path.join(shellDir, 'prerendered-pages.json'), 'utf8'),
    ) as Record<string, { file: string; parts: Record<string, string> }>;
    const pageFiles = new Set([
      'prerendered-pages.json',
      ...Object.values(pages).map((entry) => entry.file),
    ]);
    const shellFiles = (hashes: Record<string, string>) =>
      Object.fromEntries(Object.entries(hashes).filter(([file]) => !pageFiles.has(file)));
    const before = fileHashes(shellDir);
    expect(fs.readFileSync(path.join(shellDir, 'index.html'), 'utf8')).not.toContain('Release 2');

    // content's deploy job: its files, then its pages.
    await host.deploy('content', release2);
    const second = await runPrerender([
      '--config',
      host.runtimeConfigUrl,
      '--shell-dir',
      shellDir,
      '--remote',
      'content',
    ]);
    expect(second.code).toBe(0);
    const after = fileHashes(shellDir);

    expect(shellFiles(after)).toEqual(shellFiles(before));
    expect(fs.readFileSync(path.join(shellDir, 'index.html'), 'utf8')).toContain(
      'Commerce, Release 2',
    );
    const rendered = second.stdout
      .split('\n')
      .filter((line) => line.startsWith('prerendered '))
      .map((line) => line.split(/\s+/)[1]);
    const contentPages = Object.entries(pages)
      .filter(([, entry]) => Object.keys(entry.parts).some((id) => id.startsWith('content/')))
      .map(([pagePath]) => pagePath);
    expect(rendered.sort()).toEqual(contentPages.sort());
    // Pages of other remotes, and the error page, were not touched.
    for (const file of ['careers/index.html', 'coming-soon/index.html', '404.html'])
      expect(after[file], file).toBe(before[file]);
    const updated = JSON.parse(
      fs.readFileSync(path.join(shellDir, 'prerendered-pages.json'), 'utf8'),
    ) as typeof pages;
    expect(updated['/']!.parts['content/HomePage']).not.toBe(pages['/']!.parts['content/HomePage']);
    expect(updated['/about']!.parts).toEqual(pages['/about']!.parts);

    // The refreshed page is current: adopted as it is, nothing rendered anew.
    const messages = watchConsole(page);
    await rememberServerElements(page);
    await page.goto(`${host.url}/`);
    await page.getByRole('main').hover();
    await waitForHydrated(page, 'main h1');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
      'The Future of AI Agent Commerce, Release 2',
    );
    expect(await differencesFromServer(page)).toEqual({ dropped: [], made: [] });
    expect(
      messages.filter(
        (message) => message.text.includes('rendering a part anew') || message.type === 'error',
      ),
    ).toEqual([]);
  });

  test('a remote that is down fails the prerender loudly, naming it, and no page changes', async () => {
    // content's address is changed for one that is down (nothing serves port 4379).
    const shellDir = host.folder('shell');
    expect(
      (await runPrerender(['--config', host.runtimeConfigUrl, '--shell-dir', shellDir])).code,
    ).toBe(0);
    const before = fileHashes(shellDir);
    const config = JSON.parse(await (await fetch(host.runtimeConfigUrl)).text()) as {
      remotes: Record<string, string>;
    };
    const down = {
      ...config,
      remotes: { ...config.remotes, content: 'http://127.0.0.1:4379/mf-manifest.json' },
    };
    const configFile = path.join(host.root, 'runtime-config.down.json');
    fs.writeFileSync(configFile, JSON.stringify(down));

    const result = await runPrerender(['--config', configFile, '--shell-dir', shellDir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('prerender: Could not prerender /, nothing was written.');
    expect(result.stderr).toContain(
      'the "content" remote (http://127.0.0.1:4379/mf-manifest.json) could not be loaded',
    );
    expect(fileHashes(shellDir)).toEqual(before);
  });
});
