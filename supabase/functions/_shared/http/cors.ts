// The browser calls the function cross-origin through supabase-js, which sends these headers
// (the list mirrors @supabase/supabase-js/cors); a missing one fails the preflight.
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, x-retry-count, x-region, traceparent, tracestate, baggage',
  'Access-Control-Max-Age': '86400',
};
