/** @jest-environment node */
import { APPLICATION_FIELD_RULES } from '@agentora/backend-rules/application-fields';
import {
  AVAILABILITY_OPTIONS,
  EXPERIENCE_OPTIONS,
  HEAR_ABOUT_US_OPTIONS,
  WORK_PREFERENCE_OPTIONS,
} from './options';

// The select lists offer exactly the values submit-application and the table take.
it.each([
  ['experience_years', EXPERIENCE_OPTIONS],
  ['availability', AVAILABILITY_OPTIONS],
  ['work_preference', WORK_PREFERENCE_OPTIONS],
  ['hear_about_us', HEAR_ABOUT_US_OPTIONS],
] as const)('%s', (column, options) => {
  expect(options.map((option) => option.value)).toEqual(APPLICATION_FIELD_RULES[column].values);
});
