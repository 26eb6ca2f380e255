// The variables the timed run sets for each phase. Only the timed run sets them; `npm test` runs
// without, and reports exactly as before.

/** Nx's own (nx.dev, "Performance profiling"): the file, relative to the workspace root, for the trace of the tasks. */
export const NX_PROFILE = 'NX_PROFILE';

/**
 * Read by the Jest preset (tools/jest-preset/jest-preset.js): the results processor to hand every
 * Jest run's results to, jest-results-processor.cjs here.
 */
export const JEST_PROCESSOR = 'TEST_TIMINGS_JEST_PROCESSOR';

/** Read by jest-results-processor.cjs: the folder it writes one file per Jest run into. */
export const JEST_DIR = 'TEST_TIMINGS_JEST_DIR';

/**
 * Playwright's own, read by its JSON reporter; e2e/playwright.config.ts adds that reporter to its
 * list reporter only when it is set.
 */
export const PLAYWRIGHT_JSON = 'PLAYWRIGHT_JSON_OUTPUT_FILE';

/** What changes how a run goes, recorded with its times. */
export const CONDITIONS = ['CI', 'NX_SKIP_NX_CACHE', 'NX_DAEMON', 'NX_PARALLEL', 'NX_TUI'];
