// Each app is a Cloudflare Worker that serves one folder as static assets, at an origin of its own
// (docs/deploying-the-site.md). Its wrangler config is made here, from the app registry and the
// site's address, for both places that run it: `wrangler deploy` (production) and `wrangler dev`
// (the local preview, on workerd, the same runtime), so the two cannot drift apart.
import { APP_NAMES, type AppName } from '@agentora/contracts/apps';
import { SITE_URL } from '@agentora/data/constants';

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

/** The files of a host folder that the host reads or the deploy keeps, but never serves. */
export const UNSERVED_FILES = ['_headers.json'] as const;

/** The subset of wrangler's configuration this site uses (wrangler.json). */
export interface WorkerConfig {
  name: string;
  compatibility_date: string;
  assets: {
    directory: string;
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
    compatibility_date: COMPATIBILITY_DATE,
    assets: {
      directory: assetsDir,
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
