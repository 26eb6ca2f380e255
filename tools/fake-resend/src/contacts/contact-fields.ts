import { failure, type Answer } from '../api/answer.ts';
import type { ContactChanges } from './audience.ts';

// The bodies of POST /contacts, PATCH /contacts/{id} and POST /segments, checked as Resend checks them:
// 422 missing_required_field for a required field left out ("Missing `email` field."), 422
// validation_error for a field it cannot take. What the stand-in does not serve (custom properties,
// topics, a segment's filter, the deprecated audience_id) is refused with 422 and says so, rather than
// taken and ignored.

/**
 * An address the stand-in takes: a plain local part (letters, digits, . _ % + -), a domain of
 * letter-digit-hyphen labels and a top-level domain of letters, at most 254 characters. Resend refuses
 * more than RFC 5322 does (an address with ! in its local part is refused); this is the stand-in's
 * line, not Resend's published one.
 */
const EMAIL = /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
const EMAIL_MAX_LENGTH = 254;

export const isEmail = (value: string): boolean =>
  value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value);

const invalid = (message: string): Answer => failure(422, 'validation_error', message);
const missing = (field: string): Answer =>
  failure(422, 'missing_required_field', `Missing \`${field}\` field.`);
const notServed = (field: string): Answer =>
  invalid(`The \`${field}\` field is not served by this stand-in of Resend (tools/fake-resend).`);

type Fields = Record<string, unknown>;

function object(body: unknown): Fields | Answer {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Fields)
    : invalid('Invalid JSON body.');
}

export const isAnswer = (value: unknown): value is Answer =>
  typeof value === 'object' && value !== null && 'status' in value && 'body' in value;

/** The fields of a contact both bodies may set, or the refusal of the first that is wrong. */
function contactChanges(fields: Fields): ContactChanges | Answer {
  const changes: ContactChanges = {};
  if (fields.email !== undefined) {
    if (typeof fields.email !== 'string' || !isEmail(fields.email)) {
      return invalid(
        'Invalid `email` field. The email address needs to follow the `email@example.com` format.',
      );
    }
    changes.email = fields.email;
  }
  for (const name of ['first_name', 'last_name'] as const) {
    const value = fields[name];
    if (value === undefined) continue;
    if (value !== null && typeof value !== 'string') return invalid(`Invalid \`${name}\` field.`);
    changes[name] = value;
  }
  if (fields.unsubscribed !== undefined) {
    if (typeof fields.unsubscribed !== 'boolean') return invalid('Invalid `unsubscribed` field.');
    changes.unsubscribed = fields.unsubscribed;
  }
  const properties = fields.properties;
  if (properties !== undefined && properties !== null) {
    if (typeof properties !== 'object' || Array.isArray(properties)) {
      return invalid('Invalid `properties` field.');
    }
    if (Object.keys(properties).length > 0) return notServed('properties');
  }
  return changes;
}

/** POST /contacts: the new contact's fields and the segments to put it in (ids, or {id} objects). */
export function parseCreateContact(
  body: unknown,
): { fields: ContactChanges & { email: string }; segmentIds: string[] } | Answer {
  const fields = object(body);
  if (isAnswer(fields)) return fields;
  if (fields.email === undefined || fields.email === null) return missing('email');
  if (fields.audience_id !== undefined) return notServed('audience_id');
  if (Array.isArray(fields.topics) ? fields.topics.length > 0 : fields.topics !== undefined) {
    return notServed('topics');
  }
  const changes = contactChanges(fields);
  if (isAnswer(changes)) return changes;
  const segments = fields.segments ?? [];
  if (!Array.isArray(segments)) return invalid('Invalid `segments` field.');
  const segmentIds: string[] = [];
  for (const segment of segments as unknown[]) {
    const id = typeof segment === 'object' && segment !== null ? (segment as Fields).id : segment;
    if (typeof id !== 'string' || id === '') return invalid('Invalid `segments` field.');
    segmentIds.push(id);
  }
  return { fields: { ...changes, email: changes.email as string }, segmentIds };
}

/** PATCH /contacts/{id}: the changes. */
export function parseUpdateContact(body: unknown): ContactChanges | Answer {
  const fields = object(body);
  return isAnswer(fields) ? fields : contactChanges(fields);
}

/** POST /segments: the segment's name. */
export function parseCreateSegment(body: unknown): { name: string } | Answer {
  const fields = object(body);
  if (isAnswer(fields)) return fields;
  if (fields.name === undefined || fields.name === null) return missing('name');
  if (typeof fields.name !== 'string' || fields.name === '')
    return invalid('Invalid `name` field.');
  for (const field of ['filter', 'audience_id']) {
    if (fields[field] !== undefined) return notServed(field);
  }
  return { name: fields.name };
}
