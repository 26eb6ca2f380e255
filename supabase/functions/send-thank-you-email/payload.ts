import { THANK_YOU_TYPES, type ThankYouRequest, type ThankYouType } from './types.ts';

// The same shape the tables' CHECK constraints accept, so an address that passes here can have signed up.
const EMAIL_SHAPE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const MAX_EMAIL_LENGTH = 254;
const MAX_FIRST_NAME_LENGTH = 100;

// Only these extra fields reach an email, each bounded like its table column.
const ADDITIONAL_FIELD_LIMITS: Readonly<Record<ThankYouType, Readonly<Record<string, number>>>> = {
  early_access: {},
  newsletter: {},
  waitlist: { company: 200, useCase: 2000 },
  career: { position: 200, company: 200 },
};

export type ParseResult = { ok: true; request: ThankYouRequest } | { ok: false; error: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isThankYouType(value: unknown): value is ThankYouType {
  return typeof value === 'string' && (THANK_YOU_TYPES as readonly string[]).includes(value);
}

export function parseThankYouRequest(body: unknown): ParseResult {
  if (!isRecord(body)) return { ok: false, error: 'The request body must be a JSON object.' };
  const { to, type, firstName, additionalData } = body;

  if (typeof to !== 'string') return { ok: false, error: '"to" must be an email address.' };
  const address = to.trim();
  if (address.length > MAX_EMAIL_LENGTH || !EMAIL_SHAPE.test(address)) {
    return { ok: false, error: '"to" must be an email address.' };
  }
  if (!isThankYouType(type)) {
    return { ok: false, error: `"type" must be one of ${THANK_YOU_TYPES.join(', ')}.` };
  }
  if (typeof firstName !== 'string' || firstName.trim().length > MAX_FIRST_NAME_LENGTH) {
    return {
      ok: false,
      error: `"firstName" must be a string of at most ${MAX_FIRST_NAME_LENGTH} characters.`,
    };
  }

  const extras: Record<string, string> = {};
  if (additionalData !== undefined && additionalData !== null) {
    if (!isRecord(additionalData))
      return { ok: false, error: '"additionalData" must be an object.' };
    for (const [key, limit] of Object.entries(ADDITIONAL_FIELD_LIMITS[type])) {
      const value = additionalData[key];
      if (value === undefined || value === null) continue;
      if (typeof value !== 'string' || value.trim().length > limit) {
        return {
          ok: false,
          error: `"additionalData.${key}" must be a string of at most ${limit} characters.`,
        };
      }
      if (value.trim() !== '') extras[key] = value.trim();
    }
  }

  return {
    ok: true,
    request: { to: address, type, firstName: firstName.trim(), additionalData: extras },
  };
}
