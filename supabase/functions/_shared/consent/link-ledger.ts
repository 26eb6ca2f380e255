import type { PrivacyAction } from '../links/public-urls.ts';
import type {
  ErasedCounts,
  KeptCounts,
  MailboxRecords,
  StoredRecord,
} from '../rules/function-answers.ts';
import { isMailList, type MailList } from '../rules/mail-lists.ts';
import {
  isLineList,
  REFERRAL_CODE_PATTERN,
  type LineList,
  type PlaceInLine,
} from '../rules/places.ts';
import type { ServiceClient } from '../service-client.ts';
import { describeServiceError } from '../service-client.ts';

// The SQL functions that use or issue a link's token (supabase/schemas/consent.sql, place_for_token in
// places.sql, privacy.sql), through PostgREST with the service role. Each takes a token's hash and
// returns null for a token that is unknown, used, expired or of another purpose: the callers cannot tell
// those apart, and neither can anyone they answer.

export interface Confirmation {
  list: MailList;
  /** The early-access list and the waitlist only: the place the confirmed sign-up has now. */
  place: PlaceInLine | null;
}

export interface LinePlace extends PlaceInLine {
  list: LineList;
}

export interface ConsentLedger {
  /**
   * The lowercase domain of the address whose sign-up a live confirm token names, or null (asked before
   * confirming, so the functions can check it against the disposable-domain list they carry).
   */
  confirmDomain(tokenHash: string): Promise<string | null>;
  /**
   * Marks the sign-up confirmed, holding its referral's credit when its domain is disposable, and queues
   * the place mail of a line sign-up confirmed now; its list and place, or null.
   */
  confirm(tokenHash: string, disposableDomain: boolean): Promise<Confirmation | null>;
  /** The place a place mail's token shows (viewing changes nothing), or null. */
  place(tokenHash: string): Promise<LinePlace | null>;
  /** Keeps only the mailbox's fingerprint, list and date; the list, or null. */
  unsubscribe(tokenHash: string): Promise<MailList | null>;
}

export interface Erasure {
  erased: ErasedCounts;
  resumePaths: string[];
  kept: KeptCounts;
}

export interface PrivacyLedger {
  /**
   * Stores an erase or copy token for the address's mailbox and, when the link may be mailed (the mailbox
   * has records, and neither the requester's nor the mailbox's daily cap is reached), queues message
   * `messageId` with it, in one transaction; true when queued (withheld, over the person's budget of
   * unconfirmed mail, counts as queued: supabase/schemas/mail-budget.sql). `clientAddress` is the requester's, as
   * the gateway vouches for it (null when unknown).
   */
  queueLink(
    email: string,
    action: PrivacyAction,
    messageId: string,
    tokenHash: string,
    clientAddress: string | null,
  ): Promise<boolean>;
  erase(tokenHash: string): Promise<Erasure | null>;
  copy(tokenHash: string): Promise<MailboxRecords | null>;
}

async function call(
  client: Pick<ServiceClient, 'rpc'>,
  fn: string,
  args: Record<string, unknown>,
): Promise<unknown> {
  const { data, error } = await client.rpc(fn, args);
  if (error) throw new Error(`${fn} failed: ${describeServiceError(error)}`);
  return data;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0;
const isRecordList = (value: unknown): value is StoredRecord[] =>
  Array.isArray(value) && value.every(isRecord);

function listOf(fn: string, data: unknown): MailList | null {
  if (data === null) return null;
  if (isRecord(data) && isMailList(data.list)) return data.list;
  throw new Error(`${fn} returned an unexpected shape`);
}

const isPosition = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
const isReferralCode = (value: unknown): value is string =>
  typeof value === 'string' && REFERRAL_CODE_PATTERN.test(value);

function placeIn(fn: string, value: unknown): PlaceInLine {
  if (isRecord(value) && isPosition(value.position) && isReferralCode(value.referral_code)) {
    return { position: value.position, referralCode: value.referral_code };
  }
  throw new Error(`${fn} returned a place of an unexpected shape`);
}

function toConfirmation(data: unknown): Confirmation | null {
  const list = listOf('confirm_signup', data);
  if (list === null) return null;
  const place = (data as Record<string, unknown>).place;
  // The confirmation has happened by now (its transaction is committed): a line sign-up without a place
  // still gets its success, only without the place block.
  if (place === null || place === undefined) return { list, place: null };
  if (!isLineList(list))
    throw new Error('confirm_signup returned a place for a list without a line');
  return { list, place: placeIn('confirm_signup', place) };
}

function toLinePlace(data: unknown): LinePlace | null {
  if (data === null) return null;
  if (isRecord(data) && isLineList(data.list)) {
    return { list: data.list, ...placeIn('place_for_token', data) };
  }
  throw new Error('place_for_token returned an unexpected shape');
}

function toErasure(data: unknown): Erasure {
  if (
    isRecord(data) &&
    isRecord(data.erased) &&
    isRecord(data.kept) &&
    Array.isArray(data.resume_paths)
  ) {
    const { erased, kept } = data;
    const counts = ['early_access', 'newsletter', 'waitlist', 'applications', 'resumes'] as const;
    if (
      counts.every((key) => isCount(erased[key])) &&
      isCount(kept.suppressions) &&
      data.resume_paths.every((path) => typeof path === 'string')
    ) {
      return {
        erased: erased as ErasedCounts,
        resumePaths: data.resume_paths as string[],
        kept: { suppressions: kept.suppressions },
      };
    }
  }
  throw new Error('erase_mailbox_records returned an unexpected shape');
}

function toRecords(data: unknown): MailboxRecords {
  if (
    isRecord(data) &&
    isRecordList(data.early_access) &&
    isRecordList(data.newsletter) &&
    isRecordList(data.waitlist) &&
    isRecordList(data.applications) &&
    isRecordList(data.suppressions)
  ) {
    return data as unknown as MailboxRecords;
  }
  throw new Error('copy_mailbox_records returned an unexpected shape');
}

export function createConsentLedger(client: Pick<ServiceClient, 'rpc'>): ConsentLedger {
  return {
    async confirmDomain(tokenHash) {
      const data = await call(client, 'confirm_token_email_domain', { p_token_hash: tokenHash });
      if (data === null || typeof data === 'string') return data;
      throw new Error('confirm_token_email_domain returned no text');
    },
    confirm: async (tokenHash, disposableDomain) =>
      toConfirmation(
        await call(client, 'confirm_signup', {
          p_token_hash: tokenHash,
          p_disposable_domain: disposableDomain,
        }),
      ),
    place: async (tokenHash) =>
      toLinePlace(await call(client, 'place_for_token', { p_token_hash: tokenHash })),
    unsubscribe: async (tokenHash) =>
      listOf(
        'unsubscribe_signup',
        await call(client, 'unsubscribe_signup', { p_token_hash: tokenHash }),
      ),
  };
}

export function createPrivacyLedger(client: Pick<ServiceClient, 'rpc'>): PrivacyLedger {
  return {
    async queueLink(email, action, messageId, tokenHash, clientAddress) {
      const data = await call(client, 'queue_privacy_link', {
        p_email: email,
        p_action: action,
        p_message_id: messageId,
        p_token_hash: tokenHash,
        p_client_address: clientAddress,
      });
      if (typeof data !== 'boolean') throw new Error('queue_privacy_link returned no boolean');
      return data;
    },
    async erase(tokenHash) {
      const data = await call(client, 'erase_mailbox_records', { p_token_hash: tokenHash });
      return data === null ? null : toErasure(data);
    },
    async copy(tokenHash) {
      const data = await call(client, 'copy_mailbox_records', { p_token_hash: tokenHash });
      return data === null ? null : toRecords(data);
    },
  };
}
