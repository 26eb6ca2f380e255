import { isPlainEmailAddress } from '../_shared/rules/email-address.ts';
import { MAIL_LISTS, isMailList, type MailList } from '../_shared/rules/mail-lists.ts';

/** Which sign-up to thank: nothing else of the request is read, so nothing else can reach the mail. */
export interface ThankYouRequest {
  type: MailList;
  email: string;
  /**
   * The form's sign-up was refused as a duplicate: if the address's sign-up is still unconfirmed, send a
   * fresh confirmation. Lists only.
   */
  again: boolean;
}

export type ParseResult = { ok: true; request: ThankYouRequest } | { ok: false; error: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `{ type, email, again? }`. A remote released before this function was changed sends `{ to, type, firstName,
 * additionalData }`: `to` is read as the address and every other field is ignored, so such a release
 * keeps working during a rollout and its extra text goes nowhere.
 */
export function parseThankYouRequest(body: unknown): ParseResult {
  if (!isRecord(body)) return { ok: false, error: 'The request body must be a JSON object.' };
  const address = body.email ?? body.to;
  if (typeof address !== 'string' || !isPlainEmailAddress(address.trim())) {
    return { ok: false, error: '"email" must be a plain email address.' };
  }
  if (!isMailList(body.type)) {
    return { ok: false, error: `"type" must be one of ${MAIL_LISTS.join(', ')}.` };
  }
  if (body.again !== undefined && typeof body.again !== 'boolean') {
    return { ok: false, error: '"again" must be true or false.' };
  }
  const again = body.again === true;
  if (again && body.type === 'career') {
    return { ok: false, error: '"again" is for the lists, not applications.' };
  }
  return { ok: true, request: { type: body.type, email: address.trim(), again } };
}
