// Each app is a Cloudflare Worker that serves one folder as static assets, at an origin of its own
// (docs/deploying-the-site.md). Its wrangler config is made here, from the app registry and the
// site's address, for both places that run it: `wrangler deploy` (production) and `wrangler dev`
// (the local preview, on workerd, the same runtime), so the two cannot drift apart.
import { APP_NAMES, type AppName } from '@agentora/contracts/apps';
import { SITE_URL } from '@agentora/data/constants';
import { workerScript } from './worker-script.ts';

/**
 * The Workers runtime's behaviour date. Raising it is a change like any other: the preview, the
 * e2e suites and every app's dry-run deploy run on the new date before production does.
 */
export const COMPATIBILITY_DATE = '2026-11-01';

/** The Worker's name in the Cloudflare account: one per app. */
export function workerName(app: AppName): string {
  return `agentora-${app}`;
}

/** The host name an app answers at in production: the site's own for the shell, a subdomain for a remote. */
export function productionHostname(app: AppName): string {
  const site = new URL(SITE_URL).hostname;
  return app === 'shell' ? site : `${app}.${site}`;
}

export function productionOrigin(app: AppName): string {
  return `https://${productionHostname(app)}`;
}

/**
 * How a page's address maps to its file. Pages are written as `<path>/index.html` and named without
 * a trailing slash everywhere (canonical links, og:url, the sitemap, the feed, internal links), so
 * `/about` must answer 200 from `about/index.html`, and `/about/` and `/about/index.html` redirect to
 * it once. The host's default (`auto-trailing-slash`) does the opposite: it redirects `/about` to
 * `/about/`.
 */
export const HTML_HANDLING = 'drop-trailing-slash';

/**
 * What an unknown address gets. The shell: its prerendered error page (`404.html`) with status 404.
 * A remote serves scripts and manifests only: a plain 404.
 */
export function notFoundHandling(app: AppName): '404-page' | 'none' {
  return app === 'shell' ? '404-page' : 'none';
}

/** The name the script reaches the Worker's own static assets by (`env.ASSETS`). */
export const ASSETS_BINDING = 'ASSETS';

/**
 * The script runs after the assets, never before: a file (a page, a script, a manifest) or one of
 * the addresses' redirects is answered by the host alone, as with no script, and costs no Worker
 * invocation. Only a miss reaches the script.
 */
export const RUN_WORKER_FIRST = false;

/**
 * Since the 2025-04-01 date, a miss of a browser's navigation (`Sec-Fetch-Mode: navigate`) on a host
 * with an error page is answered by the assets without the script, so the shell's 404 page would go
 * out under the header rules' caching (the immutable year, for an address shaped like a hashed
 * script). This flag sends those misses to the script too: every miss, however it is asked for.
 */
export const COMPATIBILITY_FLAGS = ['assets_navigation_has_no_effect'] as const;

/** The files of a host folder that the host reads or the deploy keeps, but never serves. */
export const UNSERVED_FILES = ['_headers.json'] as const;

/** The subset of wrangler's configuration this site uses (wrangler.json). */
export interface WorkerConfig {
  name: string;
  /**
   * The Worker script, absolute: miss-worker.ts, which the host runs only for a request no file
   * answers, already bundled (worker-script.ts), so wrangler takes it as it is.
   */
  main: string;
  no_bundle: true;
  compatibility_date: string;
  compatibility_flags: string[];
  assets: {
    directory: string;
    binding: typeof ASSETS_BINDING;
    run_worker_first: typeof RUN_WORKER_FIRST;
    html_handling: typeof HTML_HANDLING;
    not_found_handling: '404-page' | 'none' | 'single-page-application';
  };
  /** Production only: the app's host name, as a Workers Custom Domain. */
  routes?: Array<{ pattern: string; custom_domain: true }>;
  /** No `*.workers.dev` address and no per-version preview address: the custom domain is the only one. */
  workers_dev: boolean;
  preview_urls: boolean;
}

export interface WorkerConfigOptions {
  app: AppName;
  /** The host folder to serve (absolute). */
  assetsDir: string;
  /** `production` adds the app's custom domain; `local` (wrangler dev) serves on the port it is given. */
  target: 'production' | 'local';
}

export function workerConfig({ app, assetsDir, target }: WorkerConfigOptions): WorkerConfig {
  if (!(APP_NAMES as readonly string[]).includes(app)) throw new Error(`${app} is not an app.`);
  return {
    name: workerName(app),
    main: workerScript(),
    no_bundle: true,
    compatibility_date: COMPATIBILITY_DATE,
    compatibility_flags: [...COMPATIBILITY_FLAGS],
    assets: {
      directory: assetsDir,
      binding: ASSETS_BINDING,
      run_worker_first: RUN_WORKER_FIRST,
      html_handling: HTML_HANDLING,
      not_found_handling: notFoundHandling(app),
    },
    ...(target === 'production'
      ? { routes: [{ pattern: productionHostname(app), custom_domain: true as const }] }
      : {}),
    workers_dev: false,
    preview_urls: false,
  };
}
