import { BRAND } from '@agentora/data';

// Spec §8, waitlist. "Q3 2025" is the spec's own wording for this one message (ARCHITECTURE.md keeps
// the conflict with the 2026 launch on purpose).
export const WAITLIST_MESSAGES = {
  duplicate: 'You have already joined the waitlist with this email address.',
  failed: 'Failed to join waitlist. Please try again or contact support.',
  joinedAndMailed: `Welcome to ${BRAND}'s waitlist! Check your email for confirmation and next steps.`,
  joined: `Welcome to ${BRAND}'s waitlist! We'll notify you as soon as we launch in Q3 2025.`,
} as const;
