import { test as base } from '@playwright/test';
import { inFlightReport } from './in-flight';

/**
 * Playwright's `test` for the specs that start sites, backends or builds of their own: a test that
 * times out gets an attachment, "under way", naming what it was still waiting on (in-flight.ts).
 */
export const test = base.extend<{ underWayOnTimeout: void }>({
  underWayOnTimeout: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      await use();
      if (testInfo.status === 'timedOut')
        await testInfo.attach('under way', { body: inFlightReport(), contentType: 'text/plain' });
    },
    { auto: true },
  ],
});
export { expect } from '@playwright/test';
