import { isRecord } from '../_shared/http/body.ts';
import {
  ATTRIBUTION_FIELDS,
  checkAttribution,
  type Attribution,
} from '../_shared/rules/attribution.ts';
import { BOT_CHECK_TOKEN_MAX_LENGTH } from '../_shared/rules/bot-check.ts';
import {
  isSignupList,
  REFERRAL_LISTS,
  validateSignupFields,
  type SignupList,
  type SignupRow,
} from '../_shared/rules/signup-fields.ts';

/** A referral code as the tables hold it (supabase/schemas/signups.sql). */
const REFERRAL_CODE = /^[0-9a-f]{16}$/;

/** The request's list and its bot check's token: all the function needs before the check. */
export type Envelope =
  { ok: true; list: SignupList; token: string | null } | { ok: false; message: string };

/**
 * The list and the token, read first: the list says which action the token must have been made for. A
 * token that is not a string of a token's length is no token (the bot check refuses it).
 */
export function readEnvelope(body: unknown): Envelope {
  if (!isRecord(body)) return { ok: false, message: 'Send a JSON object.' };
  if (!isSignupList(body.list))
    return { ok: false, message: 'list must be early_access, newsletter or waitlist.' };
  const token = body.bot_check;
  const usable =
    typeof token === 'string' && token.length > 0 && token.length <= BOT_CHECK_TOKEN_MAX_LENGTH;
  return { ok: true, list: body.list, token: usable ? token : null };
}

export interface SignUp<List extends SignupList = SignupList> {
  list: List;
  /** The form's columns, checked as the table's constraints would. */
  row: SignupRow<List>;
  /** The visit's source; a field of another shape is left out, never the reason a sign-up is lost. */
  source: Attribution;
  /** The referral code of the link the visitor came by, for a list with a line; otherwise null. */
  referredBy: string | null;
}

export type SignUpReading =
  { ok: true; signUp: SignUp } | { ok: false; message: string; fields?: string[] };

function sourceOf(value: unknown): Attribution {
  if (!isRecord(value)) return {};
  const source: Attribution = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const checked = checkAttribution({ [field]: value[field] });
    if (checked?.[field] !== undefined) source[field] = checked[field];
  }
  return source;
}

/** The sign-up in a request whose envelope was read: its fields checked, its source kept where well-formed. */
export function readSignUp(body: Record<string, unknown>, list: SignupList): SignUpReading {
  const known = new Set(['list', 'fields', 'source', 'referred_by', 'bot_check']);
  const unknown = Object.keys(body).filter((key) => !known.has(key));
  if (unknown.length > 0) return { ok: false, message: `Unknown: ${unknown.join(', ')}.` };
  if (!isRecord(body.fields)) return { ok: false, message: 'fields must be an object of strings.' };
  const fields = new Map<string, string>();
  for (const [name, value] of Object.entries(body.fields)) {
    if (typeof value !== 'string')
      return { ok: false, message: 'Some fields are missing or invalid.', fields: [name] };
    fields.set(name, value);
  }
  const checked = validateSignupFields(list, fields);
  if (!checked.ok)
    return {
      ok: false,
      message: 'Some fields are missing or invalid.',
      fields: Object.keys(checked.problems),
    };
  const code = body.referred_by;
  const referredBy =
    REFERRAL_LISTS.includes(list) && typeof code === 'string' && REFERRAL_CODE.test(code)
      ? code
      : null;
  return {
    ok: true,
    signUp: { list, row: checked.row, source: sourceOf(body.source), referredBy },
  };
}
