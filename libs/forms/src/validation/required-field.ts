/** Shown beside each empty required field; the form's banner carries the summary message. */
export const FIELD_REQUIRED_MESSAGE = 'This field is required';

/** Blank or whitespace only counts as empty: the database rejects a name made of spaces. */
export function isBlank(value: string): boolean {
  return value.trim() === '';
}
