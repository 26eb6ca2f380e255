// The README's local commands, as a newcomer runs them: `npm start`, then the address its banner
// prints and the same site at the machine's other name; then the preview of the production builds.
// The rest of the suite serves the builds on ports of its own; this file uses the README's ports, so
// its tests run one after another.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '@agentora/chromium';
import { LOCAL_BACKEND, LOCAL_PORTS } from '@agentora/contracts/apps';
import { LOCAL_SERVICE_ROLE_KEY } from '@agentora/local-supabase';
import {
  NPM_START_BANNER,
  PREVIEW_BANNER,
  startLocalSite,
  type LocalSite,
} from '@agentora/e2e-support/npm-start';
import {
  fillWaitlist,
  outboxMailTo,
  signupRows,
  uniqueEmail,
  waitlistForm,
} from '@agentora/e2e-support/signups';
import { WORKSPACE_ROOT } from '@agentora/e2e-support/workspace';
import { isPageViewCount } from '@agentora/e2e-support/growth';
import { cspViolations } from '@agentora/e2e-support/csp';

test.describe.configure({ mode: 'serial' });

const BACKEND = {
  url: `http://127.0.0.1:${LOCAL_BACKEND.port}`,
  serviceKey: LOCAL_SERVICE_ROLE_KEY,
};
const WAITLIST_MAILED =
  "Welcome to Agentora's waitlist! Check your email for confirmation and next steps.";
const UNAVAILABLE = /temporarily unavailable|could not be loaded/i;

let site: LocalSite | undefined;

test.afterAll(async () => {
  await site?.stop();
});

/** `npm start`, once for the tests that need it. */
async function npmStart(): Promise<LocalSite> {
  if (!site) {
    // A cold first compile of four apps on a busy two-core machine takes a while.
    test.setTimeout(240_000);
    site = await startLocalSite(['npm', 'start'], NPM_START_BANNER, 220_000);
    console.info(`npm start: ${site.banner.trim()}`);
  }
  return site;
}

/** Fails the test on any answer the dev servers refuse or miss (the 403s a cross-site setup causes). */
function watchRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico'))
      refused.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    // A page view's count still on its way when the test moves to the next page is cut off from the
    // page (it is sent with keepalive, and its answer tells the page nothing); any answer it gets is
    // still checked above.
    const error = request.failure()?.errorText;
    if (isPageViewCount(request.url()) && error === 'net::ERR_ABORTED') return;
    refused.push(`failed ${request.url()} (${error})`);
  });
  return refused;
}

test('npm start serves every function of supabase/config.toml from its own Deno process, running its index.ts', async () => {
  const started = await npmStart();
  // The backend prints its own lines as it finishes starting, next to the banner.
  await expect.poll(() => /Functions \(Deno\): (.+)/.test(started.output())).toBe(true);
  const listed = /Functions \(Deno\): (.+)/.exec(started.output())?.[1] ?? '';
  const workers = [...listed.matchAll(/([a-z-]+) \(pid (\d+)\)/g)].map(([, name, pid]) => ({
    name: name!,
    pid: Number(pid),
  }));
  const config = fs.readFileSync(path.join(WORKSPACE_ROOT, 'supabase', 'config.toml'), 'utf8');
  const declared = [...config.matchAll(/^\[functions\.([a-z-]+)\]$/gm)].map((match) => match[1]);
  expect(workers.map((worker) => worker.name)).toEqual(declared);
  for (const { name, pid } of workers) {
    // The process list: the Deno CLI, running the function's own entry file.
    const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    expect(path.basename(commandLine[0]!)).toBe('deno');
    expect(commandLine).toContain(
      path.join(WORKSPACE_ROOT, 'supabase', 'functions', name, 'index.ts'),
    );
  }
});

const addresses = [
  { name: 'the address the banner prints', url: (printed: string) => printed },
  {
    name: 'the same machine as 127.0.0.1',
    url: (printed: string) => printed.replace('//localhost:', '//127.0.0.1:'),
  },
];

for (const address of addresses) {
  test(`npm start, at ${address.name}: a page of each remote, a blog article and a waitlist sign-up work`, async ({
    page,
  }) => {
    const base = address.url((await npmStart()).url);
    test.setTimeout(90_000);
    const refused = watchRefusals(page);
    const main = page.getByRole('main');

    await page.goto(`${base}/careers`);
    await expect(
      main.getByRole('heading', { level: 1, name: 'Careers at Agentora' }),
    ).toBeVisible();

    await page.goto(`${base}/blog`);
    await main.getByRole('link', { name: 'Inside the Shared Global Compute Pool' }).click();
    await expect(page).toHaveURL(`${base}/blog/inside-the-shared-global-compute-pool`);
    await expect(
      main.getByRole('heading', { level: 1, name: 'Inside the Shared Global Compute Pool' }),
    ).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: 'How pooling works' })).toBeVisible();

    await page.goto(`${base}/coming-soon`);
    await expect(
      main.getByRole('heading', { level: 1, name: 'Join the AI Revolution' }),
    ).toBeVisible();
    const email = uniqueEmail('ada', 'npm-start');
    const form = waitlistForm(page);
    await fillWaitlist(form, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      company: 'Engines Ltd',
    });
    await form.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(form.getByRole('status')).toHaveText(WAITLIST_MAILED);
    expect(await signupRows('waitlist_signups', email, BACKEND)).toHaveLength(1);
    expect(await outboxMailTo(email, BACKEND)).toHaveLength(1);

    // The footer's newsletter form comes from the signups remote too, loaded as it scrolls into view.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(
      page.getByRole('contentinfo').getByRole('form', { name: 'Footer newsletter sign-up' }),
    ).toBeVisible();
    await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
    expect(refused).toEqual([]);
  });
}

test("npm start: a page of an unrelated site can neither run nor read a remote dev server's code", async () => {
  await npmStart();
  // A browser whose DNS sends unrelated.test here: the page is another site on this machine, the
  // way a web page the developer visits (or DNS rebinding) would reach the dev servers.
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP unrelated.test 127.0.0.1'],
  });
  const remote = `http://localhost:${LOCAL_PORTS.content}`;
  const attacker = http.createServer((_request, response) => {
    response.setHeader('Content-Type', 'text/html');
    response.end('<!doctype html><title>unrelated</title>');
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  try {
    const page = await browser.newPage();
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(remote)) statuses.push(response.status());
    });
    await page.goto(`http://unrelated.test:${(attacker.address() as { port: number }).port}/`);
    const outcome = await page.evaluate(async (remoteOrigin) => {
      const script = await new Promise<string>((resolve) => {
        const element = document.createElement('script');
        element.src = `${remoteOrigin}/remoteEntry.js`;
        element.onload = () => resolve('ran');
        element.onerror = () => resolve('refused');
        document.head.append(element);
      });
      const read = await fetch(`${remoteOrigin}/mf-manifest.json`).then(
        (response) => `read ${response.status}`,
        () => 'refused',
      );
      return { script, read };
    }, remote);
    expect(outcome).toEqual({ script: 'refused', read: 'refused' });
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 403)).toBe(true);
  } finally {
    await browser.close();
    await new Promise((resolve) => attacker.close(resolve));
  }
});

test('npm start: an edit to a remote component shows up in the shell page by itself, keeping what was typed', async ({
  page,
}) => {
  const { url } = await npmStart();
  test.setTimeout(90_000);
  const file = path.join(WORKSPACE_ROOT, 'apps/careers/src/page/CareersPage.tsx');
  const original = fs.readFileSync(file, 'utf8');
  const before = '>Careers at {BRAND}<';
  expect(original).toContain(before);

  // What the dev-server clients said, for the report when the page reloaded instead of refreshing.
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) consoleLines.push(`navigated: ${frame.url()}`);
  });
  await page.goto(`${url}/careers`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Careers at Agentora' })).toBeVisible();
  const firstName = main.getByLabel('First Name');
  await firstName.fill('Grace');
  await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));

  try {
    fs.writeFileSync(file, original.replace(before, '>Careers, edited live, at {BRAND}<'));
    await expect(
      main.getByRole('heading', { level: 1, name: 'Careers, edited live, at Agentora' }),
    ).toBeVisible({ timeout: 30_000 });
  } finally {
    fs.writeFileSync(file, original);
  }
  // React Fast Refresh: the same page, the component re-rendered, the form's state kept.
  const samePage = await page.evaluate(() => (window as { samePage?: boolean }).samePage);
  if (samePage !== true)
    console.info(`The page reloaded; its console:\n${consoleLines.join('\n')}`);
  expect(samePage).toBe(true);
  await expect(firstName).toHaveValue('Grace');
  await expect(main.getByRole('heading', { level: 1, name: 'Careers at Agentora' })).toBeVisible({
    timeout: 30_000,
  });
});

test('the preview serves the production builds with the local backend: its forms work', async ({
  page,
}) => {
  // The preview uses the same ports as npm start.
  await site?.stop();
  site = undefined;
  // Its start prerenders every page: on a machine as busy as `npm test`'s (three Nx tasks beside
  // two e2e workers on two cores) that once took over 60 s.
  test.setTimeout(240_000);
  // What `npm run preview` runs once it has built every app (the suite's builds are already there).
  const preview = await startLocalSite(
    ['node', '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', 'tools/dev/src/preview.ts'],
    PREVIEW_BANNER,
    180_000,
  );
  try {
    expect(preview.output()).toMatch(new RegExp(`backend: +${BACKEND.url} \\(data dir `));
    await page.goto(`${preview.url}/coming-soon`);
    const email = uniqueEmail('grace', 'preview');
    const form = waitlistForm(page);
    await fillWaitlist(form, {
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      company: 'Compilers Inc',
    });
    await form.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(form.getByRole('status')).toHaveText(WAITLIST_MAILED);
    expect(await signupRows('waitlist_signups', email, BACKEND)).toHaveLength(1);
    // Its pages report to its own backend (the run's teardown reads the shared one's): nothing was
    // refused on the way.
    expect(await cspViolations(BACKEND)).toEqual([]);
  } finally {
    await preview.stop();
  }
});
