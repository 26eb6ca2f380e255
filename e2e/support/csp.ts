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

/** A row of the backend's CSP report counts (public.csp_violations, supabase/schemas/reports.sql). */
export interface CspViolationCount {
  day: string;
  release: string;
  directive: string;
  blocked: string;
  page: string;
  sample: string;
  count: number;
}

/**
 * The Content-Security-Policy reports counted by a backend's `csp-report` function, where every
 * site of the run reports (the shared backend): read with its service key.
 */
export async function cspViolations(backend: {
  url: string;
  serviceKey: string;
}): Promise<CspViolationCount[]> {
  const response = await fetch(`${backend.url}/rest/v1/csp_violations?select=*`, {
    headers: { apikey: backend.serviceKey, Authorization: `Bearer ${backend.serviceKey}` },
  });
  if (!response.ok)
    throw new Error(`Reading the CSP reports failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as CspViolationCount[];
}

/** What a policy refused during the run, less what the CSP spec's scripts did on purpose. */
export async function refusedByCsp(backend: {
  url: string;
  serviceKey: string;
}): Promise<CspViolationCount[]> {
  return (await cspViolations(backend)).filter((row) => !row.sample.includes(CSP_PROBE_MARKER));
}

/** The run's teardown check: throws, naming what was refused, if anything was. */
export async function failOnRefusedCsp(backend: {
  url: string;
  serviceKey: string;
}): Promise<void> {
  const refused = await refusedByCsp(backend);
  if (refused.length > 0)
    throw new Error(
      `The Content-Security-Policy refused ${refused.length} thing(s) during the run:\n${JSON.stringify(refused.slice(0, 5), null, 2)}`,
    );
}
