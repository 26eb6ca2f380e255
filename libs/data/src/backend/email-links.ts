import type {
  ConfirmEmailResponseBody,
  PrivacyFulfilResponseBody,
  SignupPlaceResponseBody,
  UnsubscribeResponseBody,
} from '@agentora/backend/responses';
import { isLineList, REFERRAL_CODE_PATTERN } from '@agentora/backend/rules/places';
import { getRuntimeConfig } from '../runtime-config/runtime-config';
import { getSupabaseClient } from './client';

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

interface Answer {
  status: number;
  body: Record<string, unknown> | null;
}

function refusalOf(answer: Answer): LinkRefusal {
  if (answer.body?.error === 'link_not_valid') return 'link_not_valid';
  if (answer.status === 429) return 'rate_limited';
  return 'failed';
}

async function bodyOf(response: Response): Promise<Record<string, unknown> | null> {
  const body: unknown = await response.json().catch(() => null);
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
}

/** A JSON call to a function that takes the publishable key (apikey header), as supabase-js makes it. */
async function invoke(name: string, body: Record<string, unknown>): Promise<Answer | undefined> {
  try {
    const supabase = await getSupabaseClient();
    const { data, error } = await supabase.functions.invoke(name, { body });
    if (!error) {
      return { status: 200, body: typeof data === 'object' && data !== null ? data : null };
    }
    const context = (error as { context?: unknown }).context;
    if (context instanceof Response) return { status: context.status, body: await bodyOf(context) };
    return undefined;
  } catch {
    return undefined;
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
export async function confirmEmail(
  token: string,
): Promise<LinkUse<{ list: MailList; place?: LinePlace }>> {
  const answer = await invoke('confirm-email', { token });
  if (!answer) return { ok: false, reason: 'unreachable' };
  const body = answer.body as Partial<Extract<ConfirmEmailResponseBody, { success: true }>> | null;
  const list = body?.list;
  if (answer.status === 200 && isList(list)) {
    const place = placeOf(list, body?.place);
    return place ? { ok: true, list, place } : { ok: true, list };
  }
  return { ok: false, reason: refusalOf(answer) };
}

/**
 * Reads the place a place link (the place mail's) names, as it is now. Reading changes nothing: the link
 * can be opened any number of times while its sign-up is confirmed.
 */
export async function placeOfLink(token: string): Promise<LinkUse<LinePlace>> {
  const answer = await invoke('signup-place', { token });
  if (!answer) return { ok: false, reason: 'unreachable' };
  const body = answer.body as Partial<PlaceAnswer> | null;
  const place = answer.status === 200 ? placeOf(body?.list, body ?? undefined) : undefined;
  if (place) return { ok: true, ...place };
  return { ok: false, reason: refusalOf(answer) };
}

/**
 * Uses an unsubscribe link the way a mail provider's one-click button does (RFC 8058): a form POST with
 * the token in the URL and no API key, to the same address as the mail's List-Unsubscribe header.
 */
export async function unsubscribe(token: string): Promise<LinkUse<{ list: MailList }>> {
  let answer: Answer;
  try {
    const { url } = getRuntimeConfig().supabase;
    const response = await fetch(
      `${url}/functions/v1/unsubscribe?token=${encodeURIComponent(token)}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    answer = { status: response.status, body: await bodyOf(response) };
  } catch {
    return { ok: false, reason: 'unreachable' };
  }
  const list = (answer.body as UnsubscribeResponseBody | null)?.success ? answer.body?.list : null;
  if (answer.status === 200 && isList(list)) return { ok: true, list };
  return { ok: false, reason: refusalOf(answer) };
}

/**
 * Asks for an erase or copy link for an address. The answer is the same whether or not anything is held
 * for it; the link goes to the address only if something is.
 */
export async function requestPrivacyLink(
  email: string,
  action: PrivacyAction,
): Promise<{ ok: true } | { ok: false; reason: Exclude<LinkRefusal, 'link_not_valid'> }> {
  const answer = await invoke('privacy-request', { email: email.trim(), action });
  if (!answer) return { ok: false, reason: 'unreachable' };
  if (answer.status === 200 || answer.status === 202) return { ok: true };
  return { ok: false, reason: answer.status === 429 ? 'rate_limited' : 'failed' };
}

/** Uses an erase link: every record of its address is deleted; says how many of each kind. */
export async function eraseRecords(token: string): Promise<LinkUse<ErasedRecords>> {
  const answer = await invoke('privacy-fulfil', { token, action: 'erase' });
  if (!answer) return { ok: false, reason: 'unreachable' };
  const body = answer.body as Erased | null;
  if (answer.status === 200 && body?.action === 'erase') {
    return { ok: true, erased: body.erased, pending: body.pending, kept: body.kept };
  }
  return { ok: false, reason: refusalOf(answer) };
}

/** Uses a copy link: every record held for its address, each résumé as a short-lived download. */
export async function copyRecords(token: string): Promise<LinkUse<{ records: CopiedRecords }>> {
  const answer = await invoke('privacy-fulfil', { token, action: 'copy' });
  if (!answer) return { ok: false, reason: 'unreachable' };
  const body = answer.body as Copied | null;
  if (answer.status === 200 && body?.action === 'copy') return { ok: true, records: body.records };
  return { ok: false, reason: refusalOf(answer) };
}
