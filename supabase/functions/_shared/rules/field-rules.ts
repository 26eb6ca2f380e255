import { isPlainEmailAddress } from './email-address.ts';
import { hasVisibleText } from './visible-text.ts';

// How a form's fields are checked where they are stored: each column's rule, as the table's CHECK
// constraints hold it (supabase/schemas/signups.sql). The functions check a request with these before
// anything is stored; the forms give the same limits and options to their inputs.

export interface TextRule {
  kind: 'text';
  max: number;
  required: boolean;
}
export interface LinkRule {
  kind: 'link';
  max: number;
}
export interface EmailRule {
  kind: 'email';
}
export interface ChoiceRule {
  kind: 'choice';
  values: readonly string[];
}
export type FieldRule = TextRule | LinkRule | EmailRule | ChoiceRule;

export const text = (max: number, required = false): TextRule => ({ kind: 'text', max, required });
export const choice = (...values: string[]): ChoiceRule => ({ kind: 'choice', values });
export const link = (max: number): LinkRule => ({ kind: 'link', max });
export const EMAIL: EmailRule = { kind: 'email' };

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

export type FieldValidation<Column extends string> =
  | { ok: true; row: Record<Column, string | null> }
  | { ok: false; problems: Partial<Record<string, string>> };

/**
 * The row to insert from submitted text fields: every value trimmed, with line breaks as a textarea gives
 * them (multipart encoding turns them into CRLF), blank ones (nothing visible) as NULL, unknown field
 * names refused.
 */
export function validateFields<Column extends string>(
  rules: Readonly<Record<Column, FieldRule>>,
  fields: ReadonlyMap<string, string>,
): FieldValidation<Column> {
  const problems: Partial<Record<string, string>> = {};
  for (const name of fields.keys()) {
    if (!Object.hasOwn(rules, name)) problems[name] = 'unknown field';
  }
  const row = {} as Record<Column, string | null>;
  for (const [column, rule] of Object.entries(rules) as [Column, FieldRule][]) {
    const trimmed = (fields.get(column) ?? '').replace(/\r\n?/g, '\n').trim();
    const value = hasVisibleText(trimmed) ? trimmed : null;
    const problem = problemWith(rule, value);
    if (problem) problems[column] = problem;
    row[column] = value;
  }
  return Object.keys(problems).length === 0 ? { ok: true, row } : { ok: false, problems };
}
