import { parseBoundedJson } from '../http/json.ts';
import { authErrors } from './errors.ts';

type FieldType = 'string' | 'boolean' | 'object';

const GO_TYPES: Readonly<Record<FieldType, string>> = {
  string: 'string',
  boolean: 'bool',
  object: 'map[string]interface {}',
};

type Decoded<F extends Record<string, FieldType>> = {
  [K in keyof F]?: F[K] extends 'string'
    ? string
    : F[K] extends 'boolean'
      ? boolean
      : Record<string, unknown>;
};

function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'object') return 'object';
  return typeof value;
}

function matches(type: FieldType, value: unknown): boolean {
  if (type === 'object') return jsonKind(value) === 'object';
  return typeof value === type;
}

/**
 * A request body read as Supabase Auth reads it (Go's encoding/json into a params struct): fields by
 * name with their types, others ignored, null as absent. A body that is not JSON, not an object, or has
 * a field of the wrong type is 400 bad_json with Go's wording.
 */
export function decodeParams<F extends Record<string, FieldType>>(
  body: Buffer,
  struct: string,
  fields: F,
): Decoded<F> {
  if (body.toString('utf8').trim() === '') throw authErrors.badJson('unexpected end of JSON input');
  const parsed = parseBoundedJson(body);
  if (!parsed.ok) {
    throw authErrors.badJson(
      parsed.problem === 'too-deep' ? 'exceeded max depth' : 'invalid character in JSON input',
    );
  }
  const value = parsed.value;
  if (value === null) return {};
  if (jsonKind(value) !== 'object') {
    throw authErrors.badJson(
      `json: cannot unmarshal ${jsonKind(value)} into Go value of type api.${struct}`,
    );
  }
  const decoded: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(fields)) {
    if (!Object.hasOwn(value as object, name)) continue;
    const field = (value as Record<string, unknown>)[name];
    if (field === null) continue;
    if (!matches(type, field)) {
      throw authErrors.badJson(
        `json: cannot unmarshal ${jsonKind(field)} into Go struct field ${struct}.${name} of type ${GO_TYPES[type]}`,
      );
    }
    decoded[name] = field;
  }
  return decoded as Decoded<F>;
}

// What checkmail.ValidateFormat accepts, which Supabase Auth uses: a local part of the characters RFC
// 5322 allows unquoted, and a domain of dot-separated labels.
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Supabase Auth's validateEmail: required, at most 255 characters, a plain address; lower-cased. */
export function validateEmail(email: string | undefined): string {
  if (!email) throw authErrors.validation('An email address is required');
  if (email.length > 255) throw authErrors.validation('An email address is too long');
  if (!EMAIL_FORMAT.test(email)) {
    throw authErrors.validation('Unable to validate email address: invalid format');
  }
  return email.toLowerCase();
}
