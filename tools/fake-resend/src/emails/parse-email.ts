import type { AcceptedMail } from './mail-store.ts';

// The checks Resend makes of one email's fields (POST /emails, each item of POST /emails/batch).

export type EmailFields = Omit<AcceptedMail, 'id' | 'idempotencyKey' | 'acceptedAt'>;

const PRINTABLE = /^[\x20-\x7e]*$/;

/** The fields of a send, or why Resend refuses it (422 validation_error). */
export function parseEmail(body: unknown): EmailFields | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'Invalid JSON body.';
  const fields = body as Record<string, unknown>;
  const to = Array.isArray(fields.to) ? fields.to : [fields.to];
  if (to.length === 0 || to.length > 50 || !to.every((item) => typeof item === 'string')) {
    return 'The `to` field must be an address or a list of 1 to 50 addresses.';
  }
  for (const name of ['from', 'subject'] as const) {
    if (typeof fields[name] !== 'string' || fields[name] === '')
      return `The \`${name}\` field is required.`;
  }
  if (typeof fields.html !== 'string' && typeof fields.text !== 'string') {
    return 'Either `html` or `text` must be provided.';
  }
  const headers: Record<string, string> = {};
  if (fields.headers !== undefined) {
    if (typeof fields.headers !== 'object' || fields.headers === null)
      return 'The `headers` field must be an object.';
    // Stricter than Resend says it is: nothing that could end a header line reaches a stored message.
    for (const [name, value] of Object.entries(fields.headers)) {
      if (typeof value !== 'string' || !PRINTABLE.test(name) || !PRINTABLE.test(value)) {
        return 'Header names and values must be printable ASCII strings.';
      }
      headers[name] = value;
    }
  }
  return {
    from: fields.from as string,
    to: to as string[],
    subject: fields.subject as string,
    html: typeof fields.html === 'string' ? fields.html : '',
    text: typeof fields.text === 'string' ? fields.text : '',
    headers,
  };
}
