import type { Page } from '@playwright/test';

/** In the text of the scripts the CSP spec injects on purpose: the run's check ignores their reports. */
export const CSP_PROBE_MARKER = 'csp-probe';

/**
 * Records in the page every `securitypolicyviolation` event from its first script on, so a test can
 * read them synchronously (a report to the preview arrives later, and the run's teardown reads those).
 */
export async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective}: ${event.blockedURI} ${event.sample}`.trim()),
    );
  });
  return () =>
    page.evaluate(() => [
      ...((window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []),
    ]);
}
