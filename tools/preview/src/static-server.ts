import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
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
}

export interface StaticSite {
  url: string;
  port: number;
  close(): Promise<void>;
}

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

  const server = http.createServer(async (request, response) => {
    const send = (status: number, headers: Record<string, string>, body: Buffer | string) => {
      response.writeHead(status, {
        'Access-Control-Allow-Origin': '*',
        Vary: 'Accept-Encoding',
        ...headers,
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
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
    const urlPath = new URL(request.url ?? '/', 'http://static.local').pathname;
    if (urlPath === '/runtime-config.json' && options.runtimeConfig !== undefined) {
      send(
        200,
        { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': REVALIDATE },
        JSON.stringify(options.runtimeConfig),
      );
      return;
    }
    let filePath = resolveInside(root, urlPath === '/' ? '/index.html' : urlPath);
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
