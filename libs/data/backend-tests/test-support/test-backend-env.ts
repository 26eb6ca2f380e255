export const TEST_BACKEND_ENV = {
  url: 'AGENTORA_TEST_SUPABASE_URL',
  publishableKey: 'AGENTORA_TEST_SUPABASE_PUBLISHABLE_KEY',
  serviceKey: 'AGENTORA_TEST_SUPABASE_SERVICE_KEY',
  /** A second server that keeps the production rate limits, for the tests of the limits. */
  limitedUrl: 'AGENTORA_TEST_LIMITED_SUPABASE_URL',
  /** A third server whose functions cannot reach siteverify, for the bot check that cannot answer. */
  unverifiedUrl: 'AGENTORA_TEST_UNVERIFIED_SUPABASE_URL',
} as const;
