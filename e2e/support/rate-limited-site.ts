import { startOwnSite, type OwnSite } from './own-site';

/** The message every form shows when a rate limit refuses it. */
export const RATE_LIMITED = 'Too many attempts. Please wait a minute and try again.';

export type RateLimitedSite = OwnSite;

/**
 * A backend with the production rate limits (public.rate_limit_rules, supabase/schemas/limits.sql) and a
 * site of its own on the port block `base` (the backend on base + 9), since the shared site's backend
 * raises them. The browser is one client address (127.0.0.1); the tests reach others from other loopback
 * addresses.
 */
export function startRateLimitedSite(base: number): Promise<RateLimitedSite> {
  return startOwnSite(base, { rateLimits: 'production' });
}
