import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { BOT_CHECK_FORM_FIELD, TURNSTILE_DUMMY_TOKEN } from '@agentora/backend-rules/bot-check';
import { setRuntimeConfig } from '@agentora/data';
import { TEST_BACKEND_ENV } from './test-backend-env';

export interface TestBackend {
  url: string;
  publishableKey: string;
  /** The secret key, for the checks: the browser code under test never has it. */
  secretKey: string;
  /** For checking what landed: the browser code under test never has this key. */
  service: SupabaseClient;
}

function env(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: the jest globalSetup of libs/data/backend-tests starts the local backend.`,
    );
  return value;
}

const services: Record<string, SupabaseClient> = {};

/**
 * Points the runtime config (and so every backend call) at the local server from global-setup.ts, at
 * the one that keeps the production rate limits, or at the one whose functions cannot reach siteverify.
 */
export function connectTestBackend(
  options: { rateLimits?: 'raised' | 'production'; siteverify?: 'up' | 'down' } = {},
): TestBackend {
  const url = env(
    options.siteverify === 'down'
      ? TEST_BACKEND_ENV.unverifiedUrl
      : options.rateLimits === 'production'
        ? TEST_BACKEND_ENV.limitedUrl
        : TEST_BACKEND_ENV.url,
  );
  const publishableKey = env(TEST_BACKEND_ENV.publishableKey);
  setRuntimeConfig({
    remotes: {
      content: `${url}/content.json`,
      signups: `${url}/signups.json`,
      careers: `${url}/careers.json`,
      backoffice: `${url}/backoffice.json`,
    },
    supabase: { url, publishableKey },
  });
  return {
    url,
    publishableKey,
    secretKey: env(TEST_BACKEND_ENV.serviceKey),
    // One per test file, with its own storage key, so it shares no auth state with the library's client.
    service: (services[url] ??= createClient(url, env(TEST_BACKEND_ENV.serviceKey), {
      auth: { persistSession: false, autoRefreshToken: false, storageKey: 'agentora-test-service' },
    })),
  };
}

/**
 * Points the runtime config at an address where nothing listens (port 9, discard), as a visitor meets a
 * backend that is down; `connectTestBackend()` points it back.
 */
export function pointAtUnreachableBackend(backend: TestBackend): void {
  const url = 'http://localhost:9';
  setRuntimeConfig({
    remotes: {
      content: `${url}/c`,
      signups: `${url}/s`,
      careers: `${url}/k`,
      backoffice: `${url}/l`,
    },
    supabase: { url, publishableKey: backend.publishableKey },
  });
}

/**
 * The bot check's token a page gets from Cloudflare's testing sitekeys, which the local server's stand-in
 * for siteverify passes with the default testing secret: what the forms send in these tests.
 */
export const BOT_CHECK_TOKEN = TURNSTILE_DUMMY_TOKEN;
/** The multipart field an application carries the token in. */
export { BOT_CHECK_FORM_FIELD };

let counter = 0;
export function uniqueEmail(localPart = 'visitor'): string {
  counter += 1;
  return `${localPart}.${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 8)}@example.com`;
}
