import type { ListMessages } from '../shared/sign-up';
// The early-access texts (docs/product/sign-up-forms.md).
export const EARLY_ACCESS_MESSAGES = {
  duplicate: 'You have already signed up for early access with this email address.',
  failed: 'Failed to sign up. Please try again or contact support.',
  signedUpAndMailed:
    "Thanks! You're on the early access list. Check your email for confirmation and exclusive benefits.",
  signedUp: "Thanks! You're on the early access list. We'll notify you when we launch.",
} as const satisfies ListMessages;
