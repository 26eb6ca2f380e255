// CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, a field quoted when it
// holds a comma, a double quote, CR or LF, its double quotes doubled. Plus the rule a file for
// spreadsheets needs: what visitors typed must not run as a formula when the team opens the file.

/** Excel and Numbers read a UTF-8 file as UTF-8 only when it starts with this. */
export const CSV_BOM = '\uFEFF';

const LINE_END = '\r\n';
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * A cell a spreadsheet would take for a formula: one starting with = + - @ (or a form some spreadsheets
 * fold into them: full-width, small, the minus sign), also after leading white space, control or
 * invisible format characters (zero-width, bidi marks, soft hyphen: a spreadsheet may drop them first),
 * or starting with a tab or carriage return (OWASP's list, "CSV Injection").
 */
const FORMULA_START =
  /^(?:[\t\r]|[\s\p{Cc}\p{Cf}]*[=+\-@\uff1d\uff0b\uff0d\uff20\ufe66\ufe62\ufe63\ufe6b\u2212])/u;

/**
 * The text, with a leading apostrophe when it would start a formula: spreadsheets then show it as text
 * (the apostrophe is visible in a plain editor, which is the price of the rule).
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * One field. Text is neutralised and quoted as needed; numbers and booleans are written as they are (a
 * negative number is data, not a formula); null and undefined are empty; anything else is written as
 * JSON, as text.
 */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    text = String(value);
  } else {
    text = neutraliseFormula(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its line end. */
export function csvRow(values: readonly unknown[]): string {
  return values.map(csvCell).join(',') + LINE_END;
}
