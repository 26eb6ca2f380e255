// `npm run bench` (after the production build): Lighthouse, axe-core and bundle budgets on every route
// of the site (libs/data/src/site/routes.ts), in Debian's Chromium, against the four dist/ folders
// served as the CDN would.
import { parseCliOptions, USAGE, UsageError, type BenchOptions } from './cli-options.ts';

function readOptions(): BenchOptions {
  try {
    return parseCliOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`bench: ${error.message} (npm run bench -- --help)`);
      process.exit(2);
    }
    throw error;
  }
}

const options = readOptions();
if (options.help) {
  console.info(USAGE);
  process.exit(0);
}
// The benchmark (Playwright, Lighthouse, rspack…) is loaded once the options are read: --help and a
// wrong argument answer at once.
const { runBench } = await import('./run-bench.ts');
await runBench(options);
