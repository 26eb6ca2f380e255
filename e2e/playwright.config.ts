import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, headlessShellPath } from '@agentora/chromium';
import { E2E_OWNERS } from '@agentora/e2e-support/owners';

// One Playwright project per owner, each a folder of specs (support/owners.ts). `npm test` runs them
// all against one site; an owner's Nx target (`nx run @agentora/e2e-careers:e2e`, or `nx affected -t
// e2e`) runs its project alone, against a site of only the apps its pages load.
export default defineConfig({
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // The timed run (`npm run test:timings`, tools/test-timings) names a file for Playwright's JSON
  // report, and gets each test's duration there too; `npm test` names none.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  globalSetup: './support/global-setup.ts',
  outputDir: './test-results',
  projects: Object.keys(E2E_OWNERS).map((owner) => ({ name: owner, testDir: `./${owner}` })),
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: headlessShellPath(), args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
