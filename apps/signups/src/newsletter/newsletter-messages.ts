import type { ListMessages } from '../shared/sign-up';
// The newsletter texts (docs/product/sign-up-forms.md). The footer has no duplicate text of its own; it uses the home component's,
// because "please try again" would send a subscriber round in circles.
export const NEWSLETTER_MESSAGES = {
  duplicate: 'You are already subscribed to our newsletter.',
  failed: 'Failed to subscribe. Please try again.',
  signedUpAndMailed: 'Thanks for subscribing! Check your email for confirmation.',
  signedUp: "Thanks for subscribing! You'll receive our latest updates.",
} as const satisfies ListMessages;
