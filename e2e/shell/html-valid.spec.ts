// Every prerendered page as the static host serves it, the error page included, through the W3C Nu HTML
// Checker (the vnu-jar package, run by Debian's Java): no errors.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SITE_ROUTES } from '@agentora/data/routes';
import { javaBinary } from '@agentora/e2e-support/java';
import { sharedSiteUrl } from '@agentora/e2e-support/site';

// vnu-jar's main module is the path of its jar.
const VNU_JAR = createRequire(import.meta.url)('vnu-jar') as string;

/**
 * Properties the checker's CSS data (vnu 25.11.25) does not know yet, though CSS defines them and every
 * browser we support applies them: its "doesn't exist" for these is the checker's gap, not our error.
 */
const CSS_THE_CHECKER_LACKS = ['contain-intrinsic-size'];
const isCheckerGap = (message: VnuMessage) =>
  CSS_THE_CHECKER_LACKS.some((property) =>
    message.message.startsWith(`CSS: “${property}”: Property “${property}” doesn't exist`),
  );

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test('every prerendered page and the error page are valid HTML (Nu HTML Checker: 0 errors)', async () => {
  test.setTimeout(300_000);
  const java = javaBinary();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agentora-vnu-'));
  try {
    const pages = [
      ...SITE_ROUTES.map((route) => ({ path: route.path, status: 200 })),
      { path: '/no-such-page', status: 404 },
    ];
    const files: string[] = [];
    for (const [index, page] of pages.entries()) {
      // As a browser asks: the static host answers an unknown page with the error page for HTML only.
      const response = await fetch(`${sharedSiteUrl()}${page.path}`, {
        headers: { Accept: 'text/html' },
      });
      expect(response.status, page.path).toBe(page.status);
      const file = path.join(dir, `${String(index).padStart(2, '0')}.html`);
      writeFileSync(file, await response.text());
      files.push(file);
    }
    const run = spawnSync(
      java,
      [
        // One short run over some 30 pages: the JVM's first compiler tier and one GC thread do it
        // on about half the CPU of its defaults (C2 compiling and parallel GC threads on two cores).
        '-XX:TieredStopAtLevel=1',
        '-XX:+UseSerialGC',
        '-jar',
        VNU_JAR,
        '--format',
        'json',
        '--exit-zero-always',
        ...files,
      ],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    if (run.error) throw run.error;
    // vnu writes its JSON report to stderr.
    const report = JSON.parse(run.stderr) as { messages: VnuMessage[] };
    const pageOf = (url = '') => pages[Number(path.basename(url, '.html'))]?.path ?? url;
    const errors = report.messages
      .filter((message) => message.type !== 'info' && !isCheckerGap(message))
      .map((message) => `${pageOf(message.url)}:${message.lastLine ?? '?'} ${message.message}`);
    expect(errors).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
