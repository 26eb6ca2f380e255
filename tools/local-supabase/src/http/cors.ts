import type { IncomingHttpHeaders } from 'node:http';
import { LOOPBACK_HOSTNAMES } from './loopback.ts';

// Everything supabase-js (auth, postgrest, storage, functions) may send. Like Supabase's API gateway, the
// server also allows whatever a preflight asks for, so a new SDK header does not break local runs.
const ALLOWED_HEADERS = [
  'apikey',
  'authorization',
  'x-client-info',
  'x-supabase-api-version',
  'content-type',
  'prefer',
  'x-upsert',
  'cache-control',
  'accept',
  'accept-profile',
  'content-profile',
  'range',
  'x-retry-count',
  'x-region',
  'x-metadata',
  'content-encoding',
  'traceparent',
  'tracestate',
  'baggage',
];

const HEADER_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export interface OriginPolicy {
  /** Whether a page served from `origin` (the Origin header as sent) may call this server. */
  allows(origin: string): boolean;
}

function webOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The site's own origins: any port on this machine's loopback names (the dev servers, the e2e and
 * benchmark sites), plus `extraOrigins` (e.g. a LAN address the developer serves the site on). An
 * Origin must be exactly what a browser sends for such a page: `http://localhost.:4200`,
 * `http://0x7f.1` or `null` are other origins.
 */
export function createOriginPolicy(extraOrigins: readonly string[] = []): OriginPolicy {
  const extra = new Set(
    extraOrigins.map((value) => {
      const origin = webOrigin(value.trim());
      if (origin === undefined) throw new Error(`"${value}" is not an http(s) origin`);
      return origin;
    }),
  );
  return {
    allows(origin) {
      if (extra.has(origin)) return true;
      const url = webOrigin(origin);
      return url === origin && LOOPBACK_HOSTNAMES.has(new URL(origin).hostname);
    },
  };
}

/** The answer to an allowed origin, echoed rather than `*`, so no other page can read the response. */
export function corsHeaders(
  origin: string,
  requestHeaders: IncomingHttpHeaders,
): Record<string, string> {
  const requested = (requestHeaders['access-control-request-headers'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => HEADER_TOKEN.test(name));
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': [...new Set([...ALLOWED_HEADERS, ...requested])].join(', '),
    // X-Supabase-Api-Version: supabase-js reads an Auth error's code only when the answer names it.
    'Access-Control-Expose-Headers':
      'Content-Range, Content-Location, Location, Preference-Applied, ETag, Content-Length, Content-Type, X-Supabase-Api-Version',
    'Access-Control-Max-Age': '86400',
  };
}
