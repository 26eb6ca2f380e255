import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '@agentora/chromium';
import { totalGzipSize } from './gzip-size.ts';
import { CATEGORY_IDS, summarizeLhr, type RunSummary } from './lhr-summary.ts';
import type { LighthouseRouteResult } from './measurements.ts';
import { pickMedianRun } from './median.ts';

export interface LighthouseRouteOptions {
  siteUrl: string;
  route: string;
  runs: number;
  /** The median run's HTML report goes here (one file per route). */
  reportDir: string;
  onRun?: (run: number, summary: RunSummary | undefined, error?: string) => void;
}

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
    const result = await lighthouse(url, { port: chrome.port, output: 'html', logLevel: 'error', onlyCategories: [...CATEGORY_IDS] });
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

/** Lighthouse `runs` times on one route; keeps every run's summary and the median run by performance. */
export async function lighthouseRoute(options: LighthouseRouteOptions): Promise<LighthouseRouteResult> {
  const url = new URL(options.route, options.siteUrl).href;
  const outcomes: Array<RunOutcome | undefined> = [];
  const errors: string[] = [];
  for (let run = 1; run <= options.runs; run++) {
    try {
      const outcome = await runOnce(url);
      outcomes.push(outcome);
      options.onRun?.(run, outcome.summary);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      errors.push(message);
      outcomes.push(undefined);
      options.onRun?.(run, undefined, message);
    }
  }
  const summaries = outcomes.filter((outcome): outcome is RunOutcome => outcome !== undefined);
  const median = pickMedianRun(summaries, (outcome) => (outcome.summary.runtimeError ? null : outcome.summary.scores.performance));
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
  fs.mkdirSync(options.reportDir, { recursive: true });
  const reportFile = path.join(options.reportDir, `${routeSlug(options.route)}.html`);
  fs.writeFileSync(reportFile, median.run.html);
  const scriptUrls = median.run.summary.scripts.map((script) => script.url).filter((scriptUrl) => scriptUrl.startsWith('http'));
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
