import type { ErasedRecords } from '@agentora/data';

/** The request form's texts (docs/product/consent.md). */
export const PRIVACY_REQUEST_MESSAGES = {
  sent: "Thanks. If we hold anything for this address, we've sent it a link. Open it within 1 hour to continue.",
  chooseAction: 'Please choose whether to delete your data or get a copy.',
  failed: 'Sending the link failed. Please try again or contact support.',
} as const;

/** What one erase link does, before and after. */
export const ERASE_DONE_MESSAGE = 'Done. We deleted every record we held for this address.';
export const COPY_DONE_MESSAGE = 'Here is every record we hold for this address.';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The counts of an erasure, as a list of what went; empty when nothing was held. */
export function erasedItems({ erased }: ErasedRecords): string[] {
  return [
    erased.early_access &&
      plural(erased.early_access, 'early access sign-up', 'early access sign-ups'),
    erased.newsletter &&
      plural(erased.newsletter, 'newsletter subscription', 'newsletter subscriptions'),
    erased.waitlist && plural(erased.waitlist, 'waitlist sign-up', 'waitlist sign-ups'),
    erased.applications && plural(erased.applications, 'job application', 'job applications'),
    erased.resumes && plural(erased.resumes, 'résumé', 'résumés'),
  ].filter((item): item is string => Boolean(item));
}
