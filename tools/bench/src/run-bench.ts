// What `npm run bench` does once main.ts has read its options: builds, serves and measures every route
// (README.md, "What it does").
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '@agentora/chromium';
import { SITE_PATHS } from '@agentora/data/routes';
import { axeRoute, AXE_VIEWPORTS } from './axe-runner.ts';
import { APP_NAMES, appFolder } from '@agentora/contracts/apps';
import { buildAppStats, measureHomeJs, type AppStats } from './bundle-analysis.ts';
import type { BenchOptions } from './cli-options.ts';
import {
  formatAxeDetails,
  formatDiagnosis,
  formatFailures,
  formatHomeBreakdown,
  formatReferenceTable,
  formatRouteTable,
  formatSupabaseCheck,
  kib,
} from './format.ts';
import { lighthouseRoutes } from './lighthouse-runner.ts';
import { buildReference } from '@agentora/reference-build';
import type { RunSummary } from './lhr-summary.ts';
import type { HomeJsBreakdown, RouteResult, SupabaseLazyResult } from './measurements.ts';
import { buildReport, type BenchEnvironment } from './report.ts';
import { startSiteProcess, type RunningSite } from './site-process.ts';
import { snapshotDists } from './site-snapshot.ts';
import { checkSupabaseLazy } from './supabase-check.ts';

const workspaceRoot = path.resolve(import.meta.dirname, '../../..');
const scratchDir = path.join(workspaceRoot, 'tmp', 'bench');

function fail(message: string, code = 1): never {
  console.error(`\nbench: ${message}\n`);
  process.exit(code);
}

function ensureChromium(): string {
  try {
    execFileSync(
      process.execPath,
      [path.join(workspaceRoot, 'tools/chromium/src/ensure-chromium.mjs')],
      { stdio: 'inherit' },
    );
  } catch {
    fail('no Chromium to run the benchmark in (see above).');
  }
  try {
    // Debian's wrapper script prints shell noise on stderr; only the version line matters.
    return execFileSync(chromiumPath(), ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return chromiumPath();
  }
}

/** Every app's production build, as Nx has it (from its cache when nothing changed). */
function ensureBuilt() {
  try {
    execFileSync(
      path.join(workspaceRoot, 'node_modules/.bin/nx'),
      ['run-many', '-t', 'build', '--output-style=static'],
      { cwd: workspaceRoot, stdio: 'inherit' },
    );
  } catch {
    fail('the production build failed (npx nx run-many -t build).');
  }
  const missing = APP_NAMES.filter(
    (app) => !fs.existsSync(path.join(workspaceRoot, appFolder(app), 'dist', 'index.html')),
  );
  if (missing.length > 0) fail(`no production build of ${missing.join(', ')}.`);
}

function describeRun(summary: RunSummary | undefined, error?: string): string {
  if (!summary) return `failed: ${error}`;
  if (summary.runtimeError) return `runtime error ${summary.runtimeError}`;
  const { scores } = summary;
  const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(2)}s`);
  return `perf ${scores.performance} a11y ${scores.accessibility} bp ${scores.bestPractices} seo ${scores.seo}  LCP ${seconds(summary.lcpMs)} TBT ${Math.round(summary.tbtMs ?? 0)}ms CLS ${summary.cls?.toFixed(3)}  JS ${kib(summary.jsTransferBytes)} KiB/${summary.jsRequests} req`;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Runs the benchmark and sets the exit code: 1 when a budget is missed. */
export async function runBench(options: BenchOptions): Promise<void> {
  const unknownRoutes = options.routes.filter(
    (route) => !(SITE_PATHS as readonly string[]).includes(route),
  );
  if (unknownRoutes.length > 0)
    console.warn(
      `bench: not in the site's route table (measured anyway): ${unknownRoutes.join(', ')}`,
    );

  const chromiumVersion = ensureChromium();
  ensureBuilt();
  const startedAt = new Date();
  const loadAverage = os.loadavg().map((load) => Number(load.toFixed(2)));
  console.info(
    `bench: ${options.routes.length} routes × ${options.runs} Lighthouse runs, ${chromiumVersion}, ${os.cpus().length} CPUs, load ${loadAverage.join(' ')}`,
  );

  let distDirs: Record<string, string>;
  try {
    distDirs = await snapshotDists(workspaceRoot, APP_NAMES, path.join(scratchDir, 'site'));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  // Built right after the snapshot, closest in time to the production build it must match.
  console.info('bench: building each app once more for its module → chunk map (tmp/bench/builds)…');
  const appStats: AppStats[] = await buildAppStats(
    workspaceRoot,
    path.join(scratchDir, 'builds'),
    distDirs,
  );
  for (const stats of appStats)
    if (stats.error)
      console.warn(`bench: stats build of ${stats.app} failed: ${stats.error.split('\n')[0]}`);

  // The same pages as one ordinary rspack app, without Module Federation: what the micro-frontends cost.
  const referenceDir = path.join(scratchDir, 'reference');
  console.info(
    'bench: building the single-bundle reference (tools/reference-build → tmp/bench/reference)…',
  );
  try {
    await buildReference(referenceDir);
  } catch (error) {
    fail(
      `the single-bundle reference did not build: ${error instanceof Error ? error.message : String(error)}`,
    );
  }

  let site: RunningSite;
  try {
    site = await startSiteProcess({
      workspaceRoot,
      portBase: options.portBase,
      distDirs,
      referenceDir,
    });
  } catch (error) {
    fail(
      `could not start the preview site and backend: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  console.info(
    `bench: site ${site.siteUrl}, single-bundle reference ${site.referenceUrl} (backend ${site.backendUrl}); both prerendered`,
  );

  const routes: RouteResult[] = [];
  let homeJs: HomeJsBreakdown | undefined;
  let supabaseLazy: SupabaseLazyResult | undefined;
  let browser: Browser | undefined;
  try {
    const reportDir = path.join(scratchDir, 'lighthouse');
    fs.rmSync(reportDir, { recursive: true, force: true });
    for (const route of options.routes) {
      const results = await lighthouseRoutes({
        sites: [
          { name: 'federated', siteUrl: site.siteUrl },
          { name: 'reference', siteUrl: site.referenceUrl! },
        ],
        route,
        runs: options.runs,
        reportDir,
        onRun: (name, run, summary, error) =>
          console.info(
            `[lighthouse] ${route.padEnd(14)} ${name.padEnd(9)} run ${run}/${options.runs}  ${describeRun(summary, error)}`,
          ),
      });
      for (const result of Object.values(results))
        if (result.reportFile) result.reportFile = path.relative(workspaceRoot, result.reportFile);
      routes.push({ route, lighthouse: results.federated!, reference: results.reference! });
    }

    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    for (const result of routes) {
      const { axe, react } = await axeRoute(browser, site.siteUrl, result.route);
      result.axe = axe;
      result.react = react;
      const violations = axe.total
        ? ` (${axe.violations.map((violation) => `${violation.id}:${violation.impact}`).join(', ')})`
        : '';
      const consoleErrors = axe.consoleErrors.length
        ? `; console errors: ${axe.consoleErrors
            .slice(0, 3)
            .map((error) => error.split('\n')[0])
            .join(' | ')}`
        : '';
      console.info(
        `[axe] ${result.route.padEnd(14)} ${axe.error ? `error: ${axe.error}` : `${axe.total} violations${violations}`}; react-dom copies ${react.copies}${consoleErrors}`,
      );
    }

    try {
      homeJs = await measureHomeJs(browser, {
        siteUrl: site.siteUrl,
        appByPort: site.appByPort,
        stats: appStats,
      });
    } catch (error) {
      homeJs = {
        route: '/',
        method: '',
        scripts: [],
        packages: [],
        totalTransferBytes: 0,
        totalGzipBytes: 0,
        reactDomCopies: 0,
        statsMatchServedBuild: false,
        notes: [],
        error: error instanceof Error ? error.message.split('\n')[0] : String(error),
      };
    }
    supabaseLazy = await checkSupabaseLazy(browser, site.siteUrl);
  } finally {
    await browser?.close();
    await site.close();
  }

  const benchmarkIndexes = routes.flatMap((result) =>
    result.lighthouse.runs
      .map((run) => run.benchmarkIndex)
      .filter((value): value is number => typeof value === 'number'),
  );
  const environment: BenchEnvironment = {
    node: process.version,
    chromium: chromiumVersion,
    lighthouse: JSON.parse(
      fs.readFileSync(path.join(workspaceRoot, 'node_modules/lighthouse/package.json'), 'utf8'),
    ).version,
    cpus: os.cpus().length,
    loadAverage,
    loadAverageAtEnd: os.loadavg().map((load) => Number(load.toFixed(2))),
    benchmarkIndex: median(benchmarkIndexes),
  };
  const report = buildReport({
    startedAt,
    finishedAt: new Date(),
    environment,
    settings: {
      runs: options.runs,
      routes: options.routes,
      siteUrl: site.siteUrl,
      servedFrom: `${path.relative(workspaceRoot, path.join(scratchDir, 'site'))} (apps/*/dist copied when the run started), prerendered; reference: ${path.relative(workspaceRoot, referenceDir)} (built from the same sources), prerendered`,
      referenceUrl: site.referenceUrl ?? null,
      lighthouse: {
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
        medianBy: 'performance score',
      },
      axe: {
        viewports: AXE_VIEWPORTS.map((viewport) => viewport.name),
        rules: 'axe-core defaults (WCAG 2.x A/AA + best practices)',
      },
    },
    routes,
    homeJs,
    supabaseLazy,
  });
  const reportPath = path.resolve(workspaceRoot, options.reportPath);
  fs.writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);

  const diagnosis = formatDiagnosis(report.routes, report.checks);
  const axeDetails = formatAxeDetails(report.routes);
  const lighthouseWarnings = [
    ...new Set(routes.flatMap((result) => result.lighthouse.runs.flatMap((run) => run.warnings))),
  ];
  const lighthouseErrors = routes
    .filter((result) => result.lighthouse.error)
    .map((result) => `${result.route}: ${result.lighthouse.error}`);
  console.info(
    [
      '',
      `Lighthouse ${environment.lighthouse} (mobile, simulated throttling), ${options.runs} run${options.runs === 1 ? '' : 's'} per route: LCP, TBT and CLS are medians over the runs, scores and bytes those of the median run by performance score; axe-core at ${report.settings.axe.viewports.join(' and ')}.`,
      `Machine: ${environment.cpus} CPUs, load ${loadAverage.join(' ')} at start and ${environment.loadAverageAtEnd.join(' ')} at the end, Lighthouse benchmarkIndex ${environment.benchmarkIndex ?? '—'}.`,
      '',
      formatRouteTable(report.routes, report.checks),
      '',
      "JS gz = the first load's scripts as gzip; JS br = as transferred to Chromium (brotli, with headers); axe = violations critical/serious/moderate/minor.",
      '',
      'The federated site against the single-bundle reference (tools/reference-build), measured in turn (timings: medians over the runs; scores: the median run):',
      formatReferenceTable(report.routes, report.checks),
      '',
      homeJs ? formatHomeBreakdown(homeJs) : 'Home page JS breakdown: not measured',
      '',
      formatSupabaseCheck(supabaseLazy, report.checks),
      '',
      ...(diagnosis ? [diagnosis, ''] : []),
      ...(axeDetails ? [axeDetails, ''] : []),
      ...(lighthouseWarnings.length > 0
        ? ['Lighthouse warnings:', ...lighthouseWarnings.map((warning) => `  ${warning}`), '']
        : []),
      ...(lighthouseErrors.length > 0
        ? ['Lighthouse errors:', ...lighthouseErrors.map((error) => `  ${error}`), '']
        : []),
      formatFailures(report.checks),
      '',
      `Report: ${path.relative(workspaceRoot, reportPath)}; Lighthouse HTML of each median run: ${path.relative(workspaceRoot, path.join(scratchDir, 'lighthouse'))}/`,
    ].join('\n'),
  );
  process.exitCode = report.passed ? 0 : 1;
}
