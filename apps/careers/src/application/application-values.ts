import type { ApplicationFields } from '@agentora/data';

/** The form's state: one string per field, named as the backend call names them. */
export type ApplicationValues = ApplicationFields;
export type ApplicationFieldName = keyof ApplicationValues;

/** The form as it starts: every field ''. */
export { EMPTY_APPLICATION } from '@agentora/data';

/** The longest value each text field takes: what submit-application and the table accept. */
export { APPLICATION_MAX_LENGTH } from '@agentora/data';

/**
 * What is sent: every value trimmed. The database stores a blank optional field as NULL and refuses
 * whitespace-only text, so stray spaces must not reach it.
 */
export function trimmedApplication(values: ApplicationValues): ApplicationValues {
  const entries = Object.entries(values).map(([name, value]) => [name, value.trim()]);
  return Object.fromEntries(entries) as ApplicationValues;
}
