import { siteOrigins } from '../../functions/_shared/http/site-origin.ts';
import { publicUrls } from '../../functions/_shared/links/public-urls.ts';
import type { RateLimiter } from '../../functions/_shared/rate-limit.ts';

// What the handlers' unit tests (tests/unit) give a link function in place of its environment: the
// production site's addresses, its origins, a rate limiter that lets everything through, a quiet log,
// and the neutral answer as the site reads it, written out here rather than taken from the code under
// test.

export const urls = publicUrls({
  siteUrl: 'https://agentora.ai',
  supabaseUrl: 'https://project.supabase.co',
});
export const origins = siteOrigins(urls);
export const allow: RateLimiter = { take: () => Promise.resolve('allowed') };
export const quiet = (): void => undefined;
export const NEUTRAL = JSON.stringify({ success: false, error: 'link_not_valid' });
