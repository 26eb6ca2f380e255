// Every brand name, address and link the site shows comes from here (docs/architecture.md, "Names and
// constants"). Nothing else hard-codes them.
export const BRAND = 'Agentora';
export const SITE_URL = 'https://agentora.ai';
export const SUPPORT_EMAIL = 'hello@agentora.ai';
export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;
export const COMMUNITY_CHAT_URL = 'https://discord.gg/agentora';
export const TAGLINE =
  'The decentralized marketplace for AI agents, powered by a shared global compute pool.';

export const SOCIAL_LINKS = [
  { id: 'x', label: 'X', href: 'https://x.com/agentora' },
  { id: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/agentora' },
  { id: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/agentora' },
  { id: 'mail', label: 'Email', href: SUPPORT_MAILTO },
] as const;

export type SocialLinkId = (typeof SOCIAL_LINKS)[number]['id'];

/** The launch year shown everywhere; "Q3 2025" appears only in one waitlist message (docs/product/sign-up-forms.md). */
export const LAUNCH_YEAR = 2026;
export const COPYRIGHT_YEAR = 2025;
export const POLICY_EFFECTIVE_DATE = 'July 12, 2025';
export const COMING_SOON_LABEL = 'COMING SOON';
