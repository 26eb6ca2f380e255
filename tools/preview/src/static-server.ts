import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { HEADERS_FILE, headersFor, parseHeadersFile, type HeaderRule } from '@agentora/delivery';
import {
  cacheControlFor,
  contentTypeFor,
  IMMUTABLE,
  isCompressible,
  REVALIDATE,
} from './cache-policy.ts';

/** The page static hosts send, with status 404, for an address that has no file. */
const NOT_FOUND_PAGE = '404.html';

export interface StaticSiteOptions {
  /** The folder to serve (an app's dist/). */
  root: string;
  port: number;
  host?: string;
  /**
   * For a path that asks for HTML and has no file: the prerendered error page (404.html) with
   * status 404, or, where nothing was prerendered, index.html (the client renders the route).
   */
  spaFallback?: boolean;
  /** When set, /runtime-config.json answers with this value instead of the file on disk. */
  runtimeConfig?: unknown;
  /**
   * Send `Access-Control-Allow-Origin: *` (default true): a remote's files are fetched by the
   * shell's pages from another origin. The shell's own host does not: nothing else reads its pages.
   */
  cors?: boolean;
  /**
   * Collect the Content-Security-Policy violation reports browsers POST to CSP_REPORT_PATH, and
   * list them at the same path (GET): the tests' proof that nothing the site does is refused.
   */
  collectCspReports?: boolean;
  /**
   * Header rules for a folder that has no `_headers` of its own (a remote served from its build
   * folder, which the preview does not write into).
   */
  defaultHeaderRules?: readonly HeaderRule[];
}

export interface StaticSite {
  url: string;
  port: number;
  /** The CSP reports received so far (with collectCspReports). */
  cspReports(): unknown[];
  close(): Promise<void>;
}

/** Where the preview's pages report what their Content-Security-Policy refused. */
export const CSP_REPORT_PATH = '/__csp-reports';
/** The most reports kept: a page in a loop must not fill the test run's memory. */
const MAX_CSP_REPORTS = 1000;
const MAX_CSP_REPORT_BYTES = 64 * 1024;

/**
 * The host's header rules, from `_headers` in its folder as a static host reads it (the deploy
 * writes it: tools/delivery/src/write-headers.ts). Read again when the file changes, as a redeploy
 * or a new runtime config rewrites it.
 */
function headerRulesOf(
  root: string,
  fallback: readonly HeaderRule[] = [],
): () => Promise<readonly HeaderRule[]> {
  const file = path.join(root, HEADERS_FILE);
  let cached: { mtimeMs: number; rules: HeaderRule[] } | undefined;
  return async () => {
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat) return fallback;
    if (cached?.mtimeMs !== stat.mtimeMs)
      cached = { mtimeMs: stat.mtimeMs, rules: parseHeadersFile(await fs.readFile(file, 'utf8')) };
    return cached.rules;
  };
}

/** The host's own files, never served (a static host reads them, it does not publish them). */
const isHostFile = (urlPath: string) => /^\/_headers(\.json)?$/.test(urlPath);

type Encoding = 'br' | 'gzip' | 'identity';

function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br')
    return zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
  if (encoding === 'gzip') return zlib.gzipSync(body, { level: 9 });
  return body;
}

/** Resolves a URL path inside root, refusing anything that would escape it. */
function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const resolved = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  return resolved === root || resolved.startsWith(root + path.sep) ? resolved : undefined;
}

async function readFileIfPresent(filePath: string): Promise<Buffer | undefined> {
  try {
    const stat = await fs.stat(filePath);
    return stat.isFile() ? await fs.readFile(filePath) : undefined;
  } catch {
    return undefined;
  }
}

/** Serves one built app as a static host with CDN-style headers would. */
export async function startStaticSite(options: StaticSiteOptions): Promise<StaticSite> {
  const root = path.resolve(options.root);
  await fs.access(path.join(root, 'index.html')).catch(() => {
    throw new Error(`${root} has no index.html: build the app first (npm run build).`);
  });
  // Compressed bodies of content-hashed files are computed once per file and encoding.
  const compressed = new Map<string, Buffer>();
  const headerRules = headerRulesOf(root, options.defaultHeaderRules);
  const cors = options.cors ?? true;
  const cspReports: unknown[] = [];

  const server = http.createServer(async (request, response) => {
    const urlPath = new URL(request.url ?? '/', 'http://static.local').pathname;
    const hostHeaders = headersFor(await headerRules(), urlPath);
    const send = (status: number, headers: Record<string, string>, body: Buffer | string) => {
      response.writeHead(status, {
        ...(cors ? { 'Access-Control-Allow-Origin': '*' } : {}),
        Vary: 'Accept-Encoding',
        ...hostHeaders,
        ...headers,
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (options.collectCspReports && urlPath === CSP_REPORT_PATH) {
      if (request.method === 'GET') {
        send(200, { 'Content-Type': 'application/json' }, JSON.stringify(cspReports));
        return;
      }
      if (request.method === 'POST') {
        let size = 0;
        const chunks: Buffer[] = [];
        for await (const chunk of request as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size <= MAX_CSP_REPORT_BYTES) chunks.push(chunk);
        }
        try {
          if (size <= MAX_CSP_REPORT_BYTES && cspReports.length < MAX_CSP_REPORTS)
            cspReports.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch {
          // Not a report: nothing to keep.
        }
        send(204, {}, '');
        return;
      }
    }
    if (request.method === 'OPTIONS') {
      send(
        204,
        {
          'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
          'Access-Control-Allow-Headers': '*',
        },
        '',
      );
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      send(
        405,
        { Allow: 'GET, HEAD, OPTIONS', 'Content-Type': 'text/plain' },
        'Method Not Allowed',
      );
      return;
    }
    if (urlPath === '/runtime-config.json' && options.runtimeConfig !== undefined) {
      send(
        200,
        { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': REVALIDATE },
        JSON.stringify(options.runtimeConfig),
      );
      return;
    }
    let filePath = isHostFile(urlPath)
      ? undefined
      : resolveInside(root, urlPath === '/' ? '/index.html' : urlPath);
    let body = filePath ? await readFileIfPresent(filePath) : undefined;
    let status = 200;
    // A prerendered page: /about (or /about/) → about/index.html.
    if (!body && !path.extname(urlPath)) {
      const pageFile = resolveInside(root, `${urlPath.replace(/\/+$/, '')}/index.html`);
      const page = pageFile ? await readFileIfPresent(pageFile) : undefined;
      if (page) [filePath, body] = [pageFile, page];
    }
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (!body && options.spaFallback && wantsHtml && !path.extname(urlPath)) {
      filePath = path.join(root, NOT_FOUND_PAGE);
      body = await readFileIfPresent(filePath);
      if (body) status = 404;
      else {
        filePath = path.join(root, 'index.html');
        body = await readFileIfPresent(filePath);
      }
    }
    if (!body || !filePath) {
      send(
        404,
        { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': REVALIDATE },
        'Not Found',
      );
      return;
    }
    const contentType = contentTypeFor(filePath);
    const encoding =
      isCompressible(contentType) && body.length > 512
        ? pickEncoding(request.headers['accept-encoding'])
        : 'identity';
    const key = `${filePath}:${encoding}`;
    let payload = compressed.get(key);
    if (!payload) {
      payload = compress(body, encoding);
      // Only a content-hashed file never changes: a redeployed remoteEntry.js, mf-manifest.json or
      // prerendered page must not be answered from the copy compressed before.
      if (encoding !== 'identity' && cacheControlFor(filePath) === IMMUTABLE)
        compressed.set(key, payload);
    }
    send(
      status,
      {
        'Content-Type': contentType,
        'Cache-Control': cacheControlFor(filePath),
        'Content-Length': String(payload.length),
        ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
      },
      payload,
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    port,
    cspReports: () => [...cspReports],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
