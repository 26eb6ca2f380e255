// The functions are deployed on their own (Supabase bundles each with what it imports from _shared), so
// they cannot import libs/data; these values must equal libs/data's site constants, which a libs/data test
// asserts.
export const EMAIL_BRAND = {
  name: 'Agentora',
  siteUrl: 'https://agentora.ai',
  supportEmail: 'hello@agentora.ai',
  launchYear: 2026,
} as const;

export const DEFAULT_FROM = `${EMAIL_BRAND.name} <${EMAIL_BRAND.supportEmail}>`;
