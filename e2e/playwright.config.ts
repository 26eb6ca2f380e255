import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, headlessShellPath } from '@agentora/chromium';
import { e2eOwner } from '@agentora/e2e-support/owners';

// Each owner's specs are a folder (support/owners.ts). An owner's Nx target (`nx run
// @agentora/e2e-careers:e2e`, or `nx affected -t e2e`) sets E2E_OWNER and runs that folder alone, as a
// project of the owner's name, against a site of only the apps its pages load. `npm test` runs every
// folder as ONE project against one site: Playwright starts a new worker (a Node process and a browser)
// whenever a worker moves to another project's files, which was 14 starts a run with a project per
// owner, and 2 with one.
const owner = e2eOwner();
export default defineConfig({
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Three for the whole suite: its last minutes run alone at the end of `npm test`, where two
  // workers left a quarter of the machine idle while they waited on hosts and pages; an owner's run
  // keeps two (docs/development.md, "The twelfth session").
  workers: owner ? 2 : 3,
  retries: 0,
  forbidOnly: true,
  // The timed run (`npm run test:timings`, tools/test-timings) names a file for Playwright's JSON
  // report, and gets each test's duration there too; `npm test` names none.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  globalSetup: './support/global-setup.ts',
  outputDir: './test-results',
  projects: [owner ? { name: owner, testDir: `./${owner}` } : { name: 'all', testDir: '.' }],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: headlessShellPath(), args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
