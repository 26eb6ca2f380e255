import { SITE_PATHS } from '@agentora/data/routes';

export interface BenchOptions {
  /** Lighthouse passes per route; the median one is reported. */
  runs: number;
  routes: string[];
  /** Where the JSON report goes, relative to the workspace root unless absolute. */
  reportPath: string;
  /** First of the four preview ports (shell, content, signups, careers). */
  portBase: number;
  help: boolean;
}

export const USAGE = `usage: npm run bench [-- --runs N] [--routes /,/blog] [--report file.json] [--port-base 4700]

Builds every app (Nx, cached), then measures the production builds as the host serves them:
Lighthouse (mobile, simulated throttling; median of N runs), axe-core, the home page's JS by
package, one copy of React, and lazy supabase-js, side by side with the single-bundle reference.
Exits 1 when a budget is missed.`;

export class UsageError extends Error {}

function positiveInteger(flag: string, value: string | undefined): number {
  const parsed = Number(value);
  if (!value || !Number.isInteger(parsed) || parsed < 1)
    throw new UsageError(`${flag} needs a positive whole number, got ${JSON.stringify(value)}.`);
  return parsed;
}

/** Parses argv (without node and the script). Accepts `--flag value` and `--flag=value`. */
export function parseCliOptions(
  argv: readonly string[],
  env: Record<string, string | undefined> = {},
): BenchOptions {
  const options: BenchOptions = {
    runs: 3,
    routes: [...SITE_PATHS],
    reportPath: 'bench-report.json',
    portBase: env.BENCH_PORT_BASE ? positiveInteger('BENCH_PORT_BASE', env.BENCH_PORT_BASE) : 4700,
    help: false,
  };
  const args = argv.flatMap((arg) =>
    arg.startsWith('--') && arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg],
  );
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    const value = () => {
      const next = args[++i];
      if (next === undefined) throw new UsageError(`${flag} needs a value.`);
      return next;
    };
    switch (flag) {
      case '--runs':
        options.runs = positiveInteger(flag, value());
        break;
      case '--routes': {
        const routes = value()
          .split(',')
          .map((route) => route.trim())
          .filter(Boolean);
        const bad = routes.filter((route) => !route.startsWith('/'));
        if (routes.length === 0 || bad.length > 0)
          throw new UsageError(
            `--routes takes paths starting with "/", comma-separated (got ${JSON.stringify(bad.join(',') || '')}).`,
          );
        options.routes = [...new Set(routes)];
        break;
      }
      case '--report':
        options.reportPath = value();
        break;
      case '--port-base':
        options.portBase = positiveInteger(flag, value());
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new UsageError(`Unknown argument ${JSON.stringify(flag)}.`);
    }
  }
  return options;
}
