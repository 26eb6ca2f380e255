/**
 * Raises every rule of public.rate_limit_rules (supabase/schemas/limits.sql) for test suites and
 * benchmarks, which send all their requests from one address. Works against any Supabase project whose
 * service key is given, so never point it at production.
 */
export async function raiseRateLimits(
  apiUrl: string,
  serviceKey: string,
  maxRequests = 1_000_000,
): Promise<void> {
  // A filter, because hosted PostgREST refuses an UPDATE without one.
  const response = await fetch(`${apiUrl}/rest/v1/rate_limit_rules?max_requests=gt.0`, {
    method: 'PATCH',
    headers: {
      apikey: serviceKey,
      Authorization: `Bearer ${serviceKey}`,
      'Content-Type': 'application/json',
      Prefer: 'return=minimal',
    },
    body: JSON.stringify({ max_requests: maxRequests }),
  });
  if (!response.ok) {
    throw new Error(
      `Raising the rate limits failed: HTTP ${response.status} ${await response.text()}`,
    );
  }
}
