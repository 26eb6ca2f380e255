import fs from 'node:fs';
import path from 'node:path';
import { rspack, type Stats } from '@rspack/core';
import { createAppConfig, STANDALONE_RUNTIME_FILE } from '@agentora/mf-config';
import { APP_NAMES, appFolder, type AppName } from '@agentora/contracts/apps';
import type { Browser } from 'playwright-core';
import {
  apportion,
  chunkCompositions,
  findChunk,
  mergeShares,
  type ChunkComposition,
  type StatsJson,
} from './attribution.ts';
import { gzipSizeOf } from './gzip-size.ts';
import type { HomeJsBreakdown, ScriptAttribution } from './measurements.ts';
import {
  loadRoute,
  MOBILE_VIEWPORT,
  REACT_DOM_CLIENT_MARKER,
  trackScripts,
} from './page-scripts.ts';

export interface AppStats {
  app: AppName;
  compositions: ChunkComposition[];
  /** The stats build wrote exactly the JS file names of the build being served. */
  sameAsServed: boolean;
  error?: string;
}

function jsFiles(dir: string): string[] {
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((file) => file.endsWith('.js'))
        .sort()
    : [];
}

function runBuild(config: ReturnType<typeof createAppConfig>): Promise<Stats> {
  return new Promise((resolve, reject) => {
    rspack(config).run((error, stats) => {
      if (error) return reject(error);
      if (!stats) return reject(new Error('rspack returned no stats'));
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve(stats);
    });
  });
}

/**
 * The production builds do not keep rspack's module graph, so each app is built once more with the
 * same config (createAppConfig) into a scratch folder, keeping its stats: which modules went into
 * which output file. Same sources give the same content-hashed names, which is checked.
 */
export async function buildAppStats(
  workspaceRoot: string,
  scratchDir: string,
  servedDirs: Record<string, string>,
): Promise<AppStats[]> {
  const results: AppStats[] = [];
  for (const app of APP_NAMES) {
    const appDir = path.join(workspaceRoot, appFolder(app));
    const outputDir = path.join(scratchDir, app);
    try {
      const config = createAppConfig(
        { name: app, appDir, port: 0, outputDir },
        { mode: 'production' },
      );
      // The production build already showed its warnings; this second one only feeds the breakdown.
      const stats = await runBuild({ ...config, infrastructureLogging: { level: 'error' } });
      const json = stats.toJson({
        preset: 'none',
        ids: true,
        chunks: true,
        chunkModules: true,
        nestedModules: true,
        dependentModules: true,
        orphanModules: true,
        runtimeModules: true,
        chunkModulesSpace: 100_000,
        nestedModulesSpace: 100_000,
      }) as StatsJson;
      // A remote's dist also holds the runtime its standalone page loads, from the build's other compilation.
      const served = jsFiles(servedDirs[app] ?? path.join(appDir, 'dist')).filter(
        (file) => file !== STANDALONE_RUNTIME_FILE,
      );
      const built = jsFiles(outputDir);
      results.push({
        app,
        compositions: chunkCompositions(json, appFolder(app)),
        sameAsServed: served.length > 0 && served.join() === built.join(),
      });
    } catch (error) {
      results.push({
        app,
        compositions: [],
        sameAsServed: false,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return results;
}

export const BREAKDOWN_METHOD =
  "Loaded the route in Chromium (Playwright, Lighthouse's mobile viewport) until the network was idle and recorded every script response: " +
  'its encoded body size as served (brotli, the "br" column) and the same file fetched again as a gzip-only client (the "gzip" column). ' +
  'Each file was looked up in rspack stats from a second production build of its app (createAppConfig from @agentora/mf-config into tmp/bench/builds; ' +
  'same sources give the same content-hashed file names) and its bytes were split between packages in proportion to the pre-minification ' +
  "sizes of the modules rspack put in that chunk (runtime code by the chunk's runtime size). Per-file bytes are measured; the split inside a file is an estimate.";

export interface HomeJsOptions {
  siteUrl: string;
  route?: string;
  appByPort: Map<number, string>;
  stats: readonly AppStats[];
}

export async function measureHomeJs(
  browser: Browser,
  options: HomeJsOptions,
): Promise<HomeJsBreakdown> {
  const route = options.route ?? '/';
  const { name: _name, ...contextOptions } = MOBILE_VIEWPORT;
  const context = await browser.newContext(contextOptions);
  try {
    const page = await context.newPage();
    const tracker = trackScripts(page);
    await loadRoute(page, new URL(route, options.siteUrl).href);
    const loaded = await tracker.scripts();
    const scripts: ScriptAttribution[] = [];
    for (const script of loaded) {
      const url = new URL(script.url);
      const app = options.appByPort.get(Number(url.port)) ?? null;
      const compositions = options.stats.find((stats) => stats.app === app)?.compositions ?? [];
      const fileName = url.pathname.split('/').pop() ?? '';
      const match = findChunk(fileName, compositions);
      const gzipBytes = await gzipSizeOf(script.url);
      scripts.push({
        url: script.url,
        app,
        transferBytes: script.transferBytes,
        gzipBytes,
        matchedBy: match.matchedBy,
        ...(match.composition ? { chunkId: match.composition.id } : {}),
        packages: apportion(script.transferBytes, gzipBytes, match.composition),
        hasReactDomClient: script.body.includes(REACT_DOM_CLIENT_MARKER),
      });
    }
    scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
    const notes: string[] = [];
    const loadedApps = new Set(scripts.map((script) => script.app));
    for (const stats of options.stats.filter((candidate) => loadedApps.has(candidate.app))) {
      if (stats.error)
        notes.push(
          `stats build of ${stats.app} failed, its files are unattributed: ${stats.error.split('\n')[0]}`,
        );
      else if (!stats.sameAsServed)
        notes.push(
          `the stats build of ${stats.app} produced other file names than the served build (its sources changed after that build): its files were matched by chunk id`,
        );
    }
    const unmatched = scripts.filter((script) => script.matchedBy === 'none');
    if (unmatched.length > 0)
      notes.push(
        `not found in any stats build: ${unmatched.map((script) => script.url).join(', ')}`,
      );
    return {
      route,
      method: BREAKDOWN_METHOD,
      scripts,
      packages: mergeShares(scripts.flatMap((script) => script.packages)),
      totalTransferBytes: scripts.reduce((sum, script) => sum + script.transferBytes, 0),
      totalGzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
      reactDomCopies: scripts.filter((script) => script.hasReactDomClient).length,
      statsMatchServedBuild:
        scripts.length > 0 && scripts.every((script) => script.matchedBy === 'file'),
      notes,
    };
  } finally {
    await context.close();
  }
}
