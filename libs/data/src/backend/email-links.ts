import type {
  ConfirmEmailResponseBody,
  PrivacyFulfilResponseBody,
  SignupPlaceResponseBody,
  UnsubscribeResponseBody,
} from '@agentora/backend-rules/function-answers';
import { isLineList, REFERRAL_CODE_PATTERN } from '@agentora/backend-rules/places';
import {
  callFunction,
  callJsonFunction,
  failureOf,
  FunctionError,
  type FunctionRequest,
} from './client';

// The calls of the pages that email links open (docs/product/consent.md): confirm, unsubscribe, ask for
// an erase or copy link, and use one. Each answers in outcomes and never throws. A link that cannot be
// used, for whatever reason, is one outcome: the functions do not say why, and neither do these.

/** The lists a mail can come from: the three sign-ups, and 'career' for applications. */
export type MailList = Extract<ConfirmEmailResponseBody, { success: true }>['list'];

/** Why a link's action did not happen. */
export type LinkRefusal = 'link_not_valid' | 'rate_limited' | 'failed' | 'unreachable';

export type LinkUse<Result> = ({ ok: true } & Result) | { ok: false; reason: LinkRefusal };

export type PrivacyAction = 'erase' | 'copy';

type Erased = Extract<PrivacyFulfilResponseBody, { action: 'erase' }>;
type Copied = Extract<PrivacyFulfilResponseBody, { action: 'copy' }>;
export type ErasedRecords = Pick<Erased, 'erased' | 'pending' | 'kept'>;
export type CopiedRecords = Copied['records'];

/**
 * Uses a link: calls `name` and reads its answer with `read` (undefined for an answer that is not one).
 * A refusal of the link itself, a rate limit, anything else and no answer at all are the refusals.
 */
async function followLink<Result extends object>(
  name: string,
  request: FunctionRequest,
  read: (body: Record<string, unknown>) => Result | undefined,
): Promise<LinkUse<Result>> {
  try {
    const result = read((await callJsonFunction(name, request)) ?? {});
    return result ? ({ ok: true, ...result } as LinkUse<Result>) : { ok: false, reason: 'failed' };
  } catch (error) {
    const linkNotValid = error instanceof FunctionError && error.refusal === 'link_not_valid';
    return { ok: false, reason: linkNotValid ? 'link_not_valid' : failureOf(error) };
  }
}

const isList = (value: unknown): value is MailList =>
  value === 'early_access' || value === 'newsletter' || value === 'waitlist' || value === 'career';

type PlaceAnswer = Extract<SignupPlaceResponseBody, { success: true }>;

/**
 * A confirmed sign-up's place in the line of its list (1 is the front), and the code of its referral
 * link (docs/growth.md), as signup-place answers it.
 */
export type LinePlace = Omit<PlaceAnswer, 'success'>;

/** A place as an answer states it, or undefined for anything that is not one. */
function placeOf(list: unknown, place: Partial<Omit<PlaceAnswer, 'success'>> | undefined) {
  if (!isLineList(list) || !place) return undefined;
  const { position, referralCode } = place;
  if (typeof position !== 'number' || !Number.isSafeInteger(position) || position < 1)
    return undefined;
  if (typeof referralCode !== 'string' || !REFERRAL_CODE_PATTERN.test(referralCode))
    return undefined;
  return { list, position, referralCode } satisfies LinePlace;
}

/**
 * Uses a confirmation link: the sign-up counts from now on. A sign-up of a list that keeps a line also
 * learns its place and its referral link's code.
 */
export function confirmEmail(
  token: string,
): Promise<LinkUse<{ list: MailList; place?: LinePlace }>> {
  return followLink('confirm-email', { body: { token } }, (body) => {
    const { list, place } = body as Partial<Extract<ConfirmEmailResponseBody, { success: true }>>;
    if (!isList(list)) return undefined;
    const inLine = placeOf(list, place);
    return inLine ? { list, place: inLine } : { list };
  });
}

/**
 * Reads the place a place link (the place mail's) names, as it is now. Reading changes nothing: the link
 * can be opened any number of times while its sign-up is confirmed.
 */
export function placeOfLink(token: string): Promise<LinkUse<LinePlace>> {
  return followLink('signup-place', { body: { token } }, (body) => {
    const place = body as Partial<PlaceAnswer>;
    return placeOf(place.list, place);
  });
}

/**
 * Uses an unsubscribe link the way a mail provider's one-click button does (RFC 8058): a form POST with
 * the token in the URL and no API key, to the same address as the mail's List-Unsubscribe header.
 */
export function unsubscribe(token: string): Promise<LinkUse<{ list: MailList }>> {
  const oneClick = new URLSearchParams({ 'List-Unsubscribe': 'One-Click' });
  return followLink(
    'unsubscribe',
    { query: { token }, body: oneClick, withoutKey: true },
    (body) => {
      const { success, list } = body as Partial<
        Extract<UnsubscribeResponseBody, { success: true }>
      >;
      return success && isList(list) ? { list } : undefined;
    },
  );
}

/**
 * Asks for an erase or copy link for an address. The answer is the same whether or not anything is held
 * for it; the link goes to the address only if something is.
 */
export async function requestPrivacyLink(
  email: string,
  action: PrivacyAction,
): Promise<{ ok: true } | { ok: false; reason: Exclude<LinkRefusal, 'link_not_valid'> }> {
  try {
    await callFunction('privacy-request', { body: { email: email.trim(), action } });
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: failureOf(error) };
  }
}

/** Uses an erase link: every record of its address is deleted; says how many of each kind. */
export function eraseRecords(token: string): Promise<LinkUse<ErasedRecords>> {
  return followLink('privacy-fulfil', { body: { token, action: 'erase' } }, (body) => {
    const { action, erased, pending, kept } = body as Erased;
    return action === 'erase' ? { erased, pending, kept } : undefined;
  });
}

/** Uses a copy link: every record held for its address, each résumé as a short-lived download. */
export function copyRecords(token: string): Promise<LinkUse<{ records: CopiedRecords }>> {
  return followLink('privacy-fulfil', { body: { token, action: 'copy' } }, (body) => {
    const { action, records } = body as Copied;
    return action === 'copy' ? { records } : undefined;
  });
}
