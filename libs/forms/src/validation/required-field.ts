import { hasVisibleText } from '@agentora/backend-rules/visible-text';

/** Shown beside each empty required field; the form's banner carries the summary message (docs/product/sign-up-forms.md). */
export const FIELD_REQUIRED_MESSAGE = 'This field is required';

/**
 * Empty as the database sees it: nothing that shows. Spaces of any kind, and zero-width or filler
 * characters alone, do not fill a field (the tables' CHECK constraints refuse them too).
 */
export function isBlank(value: string): boolean {
  return !hasVisibleText(value);
}
