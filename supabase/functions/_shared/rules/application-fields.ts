import { isPlainEmailAddress } from './email-address.ts';
import { hasVisibleText } from './visible-text.ts';

// The general_applications columns a visitor fills in, with the limits of the table's CHECK constraints
// (supabase/schemas/signups.sql). submit-application checks them before anything is
// uploaded; the careers form gives the same limits to its inputs.

interface TextRule {
  kind: 'text';
  max: number;
  required: boolean;
}
interface LinkRule {
  kind: 'link';
  max: number;
}
interface EmailRule {
  kind: 'email';
}
interface ChoiceRule {
  kind: 'choice';
  values: readonly string[];
}
type FieldRule = TextRule | LinkRule | EmailRule | ChoiceRule;

const text = (max: number, required = false): TextRule => ({ kind: 'text', max, required });
const choice = (...values: string[]): ChoiceRule => ({ kind: 'choice', values });

export const APPLICATION_FIELD_RULES = {
  first_name: text(100, true),
  last_name: text(100, true),
  email: { kind: 'email' },
  phone: text(50),
  location: text(200),
  linkedin_url: { kind: 'link', max: 2048 },
  portfolio_url: { kind: 'link', max: 2048 },
  current_role: text(200),
  current_company: text(200),
  experience_years: choice('0-1', '1-3', '3-5', '5-10', '10+'),
  skills: text(2000),
  why_join: text(5000, true),
  availability: choice('immediate', '2-weeks', '1-month', '2-months'),
  work_preference: choice('remote', 'hybrid', 'onsite', 'flexible'),
  salary_expectation: text(200),
  cover_letter: text(10000),
  hear_about_us: choice('website', 'linkedin', 'referral', 'job-board', 'social-media', 'other'),
} as const satisfies Record<string, FieldRule>;

export type ApplicationColumn = keyof typeof APPLICATION_FIELD_RULES;
export type ApplicationRow = Record<ApplicationColumn, string | null>;

const HTTP_LINK = /^https?:\/\/[^\s/?#]+\S*$/i;
/** Characters as PostgreSQL's char_length counts them. */
const codePoints = (value: string) => Array.from(value).length;

function problemWith(rule: FieldRule, value: string | null): string | undefined {
  if (value === null) {
    return rule.kind === 'email' || (rule.kind === 'text' && rule.required)
      ? 'required'
      : undefined;
  }
  switch (rule.kind) {
    case 'email':
      return isPlainEmailAddress(value) ? undefined : 'not a plain email address';
    case 'text':
      return codePoints(value) > rule.max ? `longer than ${rule.max} characters` : undefined;
    case 'link':
      return codePoints(value) <= rule.max && HTTP_LINK.test(value)
        ? undefined
        : 'not an http(s) link';
    case 'choice':
      return rule.values.includes(value) ? undefined : 'not one of the options';
  }
}

export type ApplicationValidation =
  { ok: true; row: ApplicationRow } | { ok: false; problems: Partial<Record<string, string>> };

/**
 * The row to insert from submitted text fields: every value trimmed, with line breaks as the form's
 * textarea gives them (multipart encoding turns them into CRLF), blank ones (nothing visible) as NULL,
 * unknown field names refused.
 */
export function validateApplicationFields(
  fields: ReadonlyMap<string, string>,
): ApplicationValidation {
  const problems: Partial<Record<string, string>> = {};
  for (const name of fields.keys()) {
    if (!Object.hasOwn(APPLICATION_FIELD_RULES, name)) problems[name] = 'unknown field';
  }
  const row = {} as ApplicationRow;
  for (const [column, rule] of Object.entries(APPLICATION_FIELD_RULES) as [
    ApplicationColumn,
    FieldRule,
  ][]) {
    const trimmed = (fields.get(column) ?? '').replace(/\r\n?/g, '\n').trim();
    const value = hasVisibleText(trimmed) ? trimmed : null;
    const problem = problemWith(rule, value);
    if (problem) problems[column] = problem;
    row[column] = value;
  }
  return Object.keys(problems).length === 0 ? { ok: true, row } : { ok: false, problems };
}
