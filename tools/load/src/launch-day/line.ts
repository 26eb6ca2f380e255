import { createHash } from 'node:crypto';
import { allRows, service, type Backend } from './api.ts';

// The early-access line the check invites, stored with the secret key as the sign-up function stores
// rows (confirmed at the moment given, as their links would confirm them): members one a minute, some
// of them referrals of earlier members (each from a client address of its own, as friends sign up from
// their own networks, so none is held by the per-address cap), and a few who never confirmed, unsubscribed, bounced or complained, just past the first 200 places.

export interface Member {
  id: string;
  email: string;
  code: string;
}

export interface Line {
  /** Every confirmed member stored by the check. */
  confirmed: Member[];
  /** Stored by the check and, each for its reason, not to be invited. */
  unconfirmed: string[];
  unsubscribed: string[];
  bounced: string[];
  complained: string[];
}

/** 127.0.2.1, 127.0.2.2, …: a client address of its own for each referred friend. */
const friendAddress = (n: number) => `127.0.${2 + Math.floor(n / 250)}.${(n % 250) + 1}`;

async function store(
  backend: Backend,
  rows: Array<Record<string, unknown>>,
  address?: string,
): Promise<void> {
  for (let from = 0; from < rows.length; from += 500) {
    await service(backend, 'early_access_signups', {
      method: 'POST',
      body: rows.slice(from, from + 500),
      prefer: 'return=minimal',
      address,
    });
  }
}

/**
 * `members` confirmed members, the last `referrals` of them friends of earlier members (two friends a
 * referrer at most), starting at `start`, one a minute; plus 4 unconfirmed sign-ups among them, and 3
 * unsubscribed, 2 bounced and 1 complained members just past the first 200 places.
 */
export async function storeLine(
  backend: Backend,
  tag: string,
  options: { members: number; referrals: number; start: Date },
): Promise<Line> {
  const at = (minute: number) => new Date(options.start.getTime() + minute * 60_000).toISOString();
  const email = (kind: string, n: number) => `${kind}${n}.${tag}@example.com`;
  const plain = options.members - options.referrals;
  await store(
    backend,
    Array.from({ length: plain }, (_, n) => ({
      email: email('member', n),
      created_at: at(n),
      confirmed_at: at(n + 0.5),
    })),
  );
  const unconfirmedAt = [212, 219, 228, 236];
  const unconfirmed = unconfirmedAt.map((n) => email('unconfirmed', n));
  await store(
    backend,
    unconfirmed.map((address, k) => ({ email: address, created_at: at(unconfirmedAt[k] + 0.2) })),
  );
  const stored = await allRows<{ id: string; email: string; referral_code: string }>(
    backend,
    `early_access_signups?select=id,email,referral_code&email=like.*.${tag}@example.com&order=created_at`,
  );
  const byEmail = new Map(stored.map((row) => [row.email, row]));
  // Friends of members spread along the line, made and confirmed after everyone above.
  for (let k = 0; k < options.referrals; k += 1) {
    const referrer = byEmail.get(email('member', 10 + ((k * 7) % (plain - 10))));
    await store(
      backend,
      [
        {
          email: email('friend', k),
          created_at: at(plain + k),
          confirmed_at: at(plain + k + 0.5),
          referred_by: referrer?.referral_code,
        },
      ],
      friendAddress(k),
    );
  }
  const all = await allRows<{
    id: string;
    email: string;
    referral_code: string;
    confirmed_at: string | null;
  }>(
    backend,
    `early_access_signups?select=id,email,referral_code,confirmed_at&email=like.*.${tag}@example.com&order=created_at`,
  );
  const confirmed = all
    .filter((row) => row.confirmed_at !== null)
    .map((row) => ({ id: row.id, email: row.email, code: row.referral_code }));
  // An unsubscribe of the list, a bounce and a complaint, by the mailbox's fingerprint (SHA-256 of the
  // address in lower case, without a +tag: these have none), as the unsubscribe link and Resend's
  // webhook store them; a bounce also by its address's (the same here: no +tag), which is what it
  // suppresses.
  const fingerprint = (address: string) =>
    createHash('sha256').update(address.toLowerCase()).digest('hex');
  // Just past the first 200 places, and none of them a referrer (who would move).
  const unsubscribed = [215, 218, 222].map((n) => email('member', n));
  const bounced = [225, 229].map((n) => email('member', n));
  const complained = [232].map((n) => email('member', n));
  await service(backend, 'email_suppressions', {
    method: 'POST',
    body: unsubscribed.map((address) => ({
      mailbox_sha256: fingerprint(address),
      list: 'early_access',
    })),
    prefer: 'return=minimal',
  });
  await service(backend, 'mail_suppressions', {
    method: 'POST',
    body: [
      ...bounced.map((address) => ({
        mailbox_sha256: fingerprint(address),
        address_sha256: fingerprint(address),
        reason: 'bounced',
      })),
      ...complained.map((address) => ({
        mailbox_sha256: fingerprint(address),
        address_sha256: null,
        reason: 'complained',
      })),
    ],
    prefer: 'return=minimal',
  });
  return { confirmed, unconfirmed, unsubscribed, bounced, complained };
}
