// What a test waits on outside Playwright's own calls: starting and closing sites, prerenders,
// deploys, builds. Playwright names the call a test was in when it times out only for its own
// calls (page.goto, expect…); a test stuck in a helper fails with "Test timeout … exceeded" and
// nothing else. The helpers that can take long run through inFlight(), and a timed-out test's
// report names what was still under way (test.ts).

interface Operation {
  what: string;
  since: number;
  step?: string;
  stepSince?: number;
}

const underWay = new Set<Operation>();

/**
 * Runs `work`, known as `what` until it settles; `work` may tell the step it is at (the preview
 * site's `progress`), which the report shows too.
 */
export async function inFlight<T>(
  what: string,
  work: (progress: (step: string) => void) => Promise<T>,
): Promise<T> {
  const operation: Operation = { what, since: Date.now() };
  underWay.add(operation);
  try {
    return await work((step) => {
      operation.step = step;
      operation.stepSince = Date.now();
    });
  } finally {
    underWay.delete(operation);
  }
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** What is under way now, oldest first, with how long; and what Node itself is waiting on. */
export function inFlightReport(): string {
  const lines = [...underWay].map(
    (operation) =>
      `${operation.what}: for ${seconds(operation.since)}` +
      (operation.step ? `, at "${operation.step}" for ${seconds(operation.stepSince!)}` : ''),
  );
  const resources = new Map<string, number>();
  for (const resource of process.getActiveResourcesInfo())
    resources.set(resource, (resources.get(resource) ?? 0) + 1);
  return [
    ...(lines.length > 0 ? lines : ['no helper under way (the test waited in its own code)']),
    `Node is waiting on: ${[...resources].map(([name, count]) => `${count} ${name}`).join(', ')}`,
  ].join('\n');
}
