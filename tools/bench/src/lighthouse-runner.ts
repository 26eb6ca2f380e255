import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '@agentora/chromium';
import { totalGzipSize } from './gzip-size.ts';
import { CATEGORY_IDS, summarizeLhr, type RunSummary } from './lhr-summary.ts';
import type { LighthouseRouteResult } from './measurements.ts';
import { pickMedianRun } from './median.ts';

interface RunOutcome {
  summary: RunSummary;
  html: string;
}

/**
 * One Lighthouse pass in a fresh Chromium: the default config, i.e. mobile emulation with simulated
 * (Lantern) throttling. A new browser per pass keeps one pass's memory and caches out of the next.
 */
async function runOnce(url: string): Promise<RunOutcome> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: [...CATEGORY_IDS],
    });
    if (!result) throw new Error('Lighthouse returned no result.');
    const html = Array.isArray(result.report) ? result.report.join('') : result.report;
    return { summary: summarizeLhr(result.lhr), html };
  } finally {
    chrome.kill();
  }
}

export function routeSlug(route: string): string {
  return route === '/' ? 'home' : route.replace(/^\/+|\/+$/g, '').replace(/[^a-z0-9]+/gi, '-');
}

export interface LighthouseSite {
  /** A name for the logs and the report folder ('federated', 'reference'). */
  name: string;
  siteUrl: string;
}

export interface LighthouseRoutesOptions {
  sites: readonly LighthouseSite[];
  route: string;
  runs: number;
  /** The median run's HTML report of each site goes to <reportDir>/<site>/<route>.html. */
  reportDir: string;
  onRun?: (site: string, run: number, summary: RunSummary | undefined, error?: string) => void;
}

/**
 * Lighthouse `runs` times on one route of each site, the sites taking turns (run 1 of each, then
 * run 2…), so that what else the machine is doing weighs on them alike. Per site: every run's
 * summary, and the median run by performance.
 */
export async function lighthouseRoutes(
  options: LighthouseRoutesOptions,
): Promise<Record<string, LighthouseRouteResult>> {
  const outcomes = new Map<string, Array<RunOutcome | undefined>>(
    options.sites.map((site) => [site.name, []]),
  );
  const errors = new Map<string, string[]>(options.sites.map((site) => [site.name, []]));
  for (let run = 1; run <= options.runs; run++) {
    for (const site of options.sites) {
      try {
        const outcome = await runOnce(new URL(options.route, site.siteUrl).href);
        outcomes.get(site.name)!.push(outcome);
        options.onRun?.(site.name, run, outcome.summary);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        errors.get(site.name)!.push(message);
        outcomes.get(site.name)!.push(undefined);
        options.onRun?.(site.name, run, undefined, message);
      }
    }
  }
  const results: Record<string, LighthouseRouteResult> = {};
  for (const site of options.sites) {
    results[site.name] = await medianResult(
      outcomes.get(site.name)!,
      errors.get(site.name)!,
      path.join(options.reportDir, site.name),
      options.route,
    );
  }
  return results;
}

async function medianResult(
  outcomes: Array<RunOutcome | undefined>,
  errors: string[],
  reportDir: string,
  route: string,
): Promise<LighthouseRouteResult> {
  const summaries = outcomes.filter((outcome): outcome is RunOutcome => outcome !== undefined);
  const median = pickMedianRun(summaries, (outcome) =>
    outcome.summary.runtimeError ? null : outcome.summary.scores.performance,
  );
  if (!median) {
    const runtimeErrors = summaries.map((outcome) => outcome.summary.runtimeError).filter(Boolean);
    return {
      runs: summaries.map((outcome) => outcome.summary),
      medianIndex: null,
      median: null,
      jsGzipBytes: null,
      error: [...errors, ...runtimeErrors].join('; ') || 'no run produced a performance score',
    };
  }
  fs.mkdirSync(reportDir, { recursive: true });
  const reportFile = path.join(reportDir, `${routeSlug(route)}.html`);
  fs.writeFileSync(reportFile, median.run.html);
  const scriptUrls = median.run.summary.scripts
    .map((script) => script.url)
    .filter((scriptUrl) => scriptUrl.startsWith('http'));
  let jsGzipBytes: number | null = null;
  try {
    jsGzipBytes = await totalGzipSize(scriptUrls);
  } catch (error) {
    errors.push(`gzip sizes: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    runs: summaries.map((outcome) => outcome.summary),
    medianIndex: median.index,
    median: median.run.summary,
    jsGzipBytes,
    reportFile,
    ...(errors.length > 0 ? { error: errors.join('; ') } : {}),
  };
}
