import type { RedeemedInvitation } from '../_shared/rules/function-answers.ts';
import { describeServiceError, type ServiceClient } from '../_shared/service-client.ts';

/** What public.redeem_invitation answers for a token's hash (supabase/schemas/invitations.sql). */
export type Redemption =
  | { result: 'redeemed'; invitation: RedeemedInvitation }
  | { result: 'redeemed_before'; redeemed_at: string }
  | { result: 'expired'; expires_at: string }
  | { result: 'unknown' };

export interface InvitationStore {
  /** Redeems the invitation whose token has this SHA-256 (hex), once. */
  redeem(tokenHash: string): Promise<Redemption>;
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** Checks what the database answered; anything else is a bug, not an answer to give the product. */
export function toRedemption(value: unknown): Redemption | null {
  if (typeof value !== 'object' || value === null) return null;
  const row = value as Record<string, unknown>;
  switch (row.result) {
    case 'redeemed': {
      const i = row.invitation as Record<string, unknown> | null;
      if (
        i === null ||
        typeof i !== 'object' ||
        !isText(i.email) ||
        (i.list !== 'early_access' && i.list !== 'waitlist') ||
        typeof i.place !== 'number' ||
        typeof i.wave !== 'number' ||
        !isText(i.invited_at) ||
        !isText(i.expires_at) ||
        !isText(i.redeemed_at)
      ) {
        return null;
      }
      return { result: 'redeemed', invitation: i as unknown as RedeemedInvitation };
    }
    case 'redeemed_before':
      return isText(row.redeemed_at)
        ? { result: 'redeemed_before', redeemed_at: row.redeemed_at }
        : null;
    case 'expired':
      return isText(row.expires_at) ? { result: 'expired', expires_at: row.expires_at } : null;
    case 'unknown':
      return { result: 'unknown' };
    default:
      return null;
  }
}

export function createRpcInvitationStore(client: Pick<ServiceClient, 'rpc'>): InvitationStore {
  return {
    async redeem(tokenHash) {
      const { data, error } = await client.rpc('redeem_invitation', { p_token_hash: tokenHash });
      if (error) throw new Error(`redeem_invitation failed: ${describeServiceError(error)}`);
      const redemption = toRedemption(data);
      if (!redemption) throw new Error('redeem_invitation answered in an unexpected shape');
      return redemption;
    },
  };
}
