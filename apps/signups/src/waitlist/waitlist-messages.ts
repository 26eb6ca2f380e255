import { BRAND } from '@agentora/data';
import type { ListMessages } from '../shared/sign-up';

// The waitlist texts (docs/product/sign-up-forms.md). "Q3 2025" in the last one disagrees with the
// 2026 launch stated everywhere else; the product asks for both, so the conflict is kept on purpose.
export const WAITLIST_MESSAGES = {
  duplicate: 'You have already joined the waitlist with this email address.',
  failed: 'Failed to join waitlist. Please try again or contact support.',
  signedUpAndMailed: `Welcome to ${BRAND}'s waitlist! Check your email for confirmation and next steps.`,
  signedUp: `Welcome to ${BRAND}'s waitlist! We'll notify you as soon as we launch in Q3 2025.`,
} as const satisfies ListMessages;
