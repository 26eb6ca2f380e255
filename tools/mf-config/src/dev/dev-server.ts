// The dev server of one app under `npm start`: addressed by whatever name the person opened the site
// at (localhost, 127.0.0.1 or [::1]), open to the site's own pages, closed to every other site.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Configuration } from '@rspack/core';
import { isLoopbackHostname, localRuntimeConfig } from '@agentora/contracts/apps';

type DevServer = Exclude<NonNullable<Configuration['devServer']>, false>;
type Middleware = {
  name: string;
  path?: string;
  middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
};

/** The hostname of a Host or Origin header value, brackets of an IPv6 literal kept. */
function hostnameOf(value: string): string | undefined {
  try {
    return new URL(value.includes('//') ? value : `http://${value}`).hostname;
  } catch {
    return undefined;
  }
}

/** True for an http origin on this machine's loopback names: the pages of the site itself. */
export function isSiteOrigin(origin: string): boolean {
  if (!origin.startsWith('http://')) return false;
  const hostname = hostnameOf(origin);
  return hostname !== undefined && isLoopbackHostname(hostname);
}

/**
 * Requests that carry another site's Origin are refused outright (a web page the developer visits
 * must not read the sources); the site's own origins get CORS, so the shell can fetch a remote's
 * manifest from another port. Script requests without an Origin are left to the dev server's own
 * check, which refuses cross-site `no-cors` loads.
 */
const siteOnlyCors: Middleware = {
  name: 'agentora-site-only-cors',
  middleware: (req, res, next) => {
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== 'null') {
      if (!isSiteOrigin(origin)) {
        res.statusCode = 403;
        res.end(
          'Cross-origin request refused: this dev server serves only the local Agentora site.',
        );
        return;
      }
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
    }
    next();
  },
};

/**
 * `/runtime-config.json` for the name the page was opened at: the remotes and the backend on the
 * same name, so the page's requests to them stay same-site (see localRuntimeConfig).
 */
const runtimeConfigForHost: Middleware = {
  name: 'agentora-runtime-config',
  path: '/runtime-config.json',
  middleware: (req, res, next) => {
    const hostname = hostnameOf(req.headers.host ?? '');
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (hostname === undefined || !isLoopbackHostname(hostname)) {
      res.statusCode = 403;
      res.end('Invalid Host header');
      return;
    }
    const config = localRuntimeConfig({ hostname });
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.end(req.method === 'HEAD' ? undefined : JSON.stringify(config));
  },
};

/** Puts ours right after the dev server's own Host and cross-origin checks, before any file is served. */
function withSiteMiddlewares(middlewares: Middleware[]): Middleware[] {
  const afterChecks =
    middlewares.findIndex((entry) => entry.name === 'cross-origin-header-check') + 1;
  return [
    ...middlewares.slice(0, afterChecks),
    siteOnlyCors,
    runtimeConfigForHost,
    ...middlewares.slice(afterChecks),
  ];
}

export function devServerConfig(port: number): DevServer {
  return {
    port,
    // Loopback only: `npm start` is for this machine. tools/dev adds [::1] next to it.
    host: '127.0.0.1',
    // 'auto': any IP literal or localhost as Host, so DNS rebinding (another name resolving here) fails.
    allowedHosts: 'auto',
    historyApiFallback: true,
    hot: true,
    liveReload: true,
    client: {
      overlay: { errors: true, warnings: false },
      // A remote's code also runs inside the shell's page: its client must still reach the remote's
      // own server. 0.0.0.0 means "the page's hostname", so the connection stays same-site.
      webSocketURL: { hostname: '0.0.0.0', port, pathname: '/ws' },
    },
    setupMiddlewares: (middlewares) => withSiteMiddlewares(middlewares as Middleware[]),
  };
}

/**
 * How long the watcher gathers file changes before it compiles (rspack's default is 5 ms). One save
 * can reach it as two changes, the file emptied and then written, and on a busy machine more than
 * 5 ms apart: two compiles in a row, the page's hot-update check for the first then answered 404
 * (the server keeps only the last compile's update), and the page reloads, losing what was typed.
 * Seen in `dev-npm-start.spec.ts`'s live edit while `npm test` ran beside it.
 */
export const WATCH_AGGREGATE_MS = 200;

/** How `rspack serve` serves an app: this dev server, every chunk compiled up front. */
export function serving(
  port: number,
): Pick<Configuration, 'devServer' | 'lazyCompilation' | 'watchOptions'> {
  return {
    watchOptions: { aggregateTimeout: WATCH_AGGREGATE_MS },
    // rspack's `serve` turns lazy compilation on by default: a dynamic import is then compiled only
    // when a page asks this server for it. A remote's page is the shell's, on another origin, so the
    // request never reaches the remote's server and the import never resolves (the blog's article
    // view, the near-viewport parts). Every chunk is compiled up front instead.
    lazyCompilation: false,
    devServer: devServerConfig(port),
  };
}
