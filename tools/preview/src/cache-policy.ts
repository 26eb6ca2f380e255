import path from 'node:path';

// Files whose name carries a content hash never change: a CDN may keep them for a year. Everything
// else (index.html, remoteEntry.js, mf-manifest.json, runtime-config.json) names "the current
// version" and must be revalidated, or a redeployed remote would not be picked up.
const HASHED_NAME = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|jpe?g|svg|webp|avif)$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export function cacheControlFor(filePath: string): string {
  return HASHED_NAME.test(path.basename(filePath)) ? IMMUTABLE : REVALIDATE;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

export function contentTypeFor(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

export function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(json|xml|javascript))|image\/svg\+xml/.test(contentType);
}
