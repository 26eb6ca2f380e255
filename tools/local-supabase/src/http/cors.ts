import type { IncomingHttpHeaders } from 'node:http';

// Everything supabase-js (postgrest, storage, functions) may send. Like Supabase's API gateway, the
// server also allows whatever a preflight asks for, so a new SDK header does not break local runs.
const ALLOWED_HEADERS = [
  'apikey',
  'authorization',
  'x-client-info',
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

export function corsHeaders(requestHeaders: IncomingHttpHeaders): Record<string, string> {
  const requested = (requestHeaders['access-control-request-headers'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => HEADER_TOKEN.test(name));
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': [...new Set([...ALLOWED_HEADERS, ...requested])].join(', '),
    'Access-Control-Expose-Headers':
      'Content-Range, Content-Location, Location, Preference-Applied, ETag, Content-Length, Content-Type',
    'Access-Control-Max-Age': '86400',
  };
}
