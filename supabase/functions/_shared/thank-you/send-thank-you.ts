import { DEFAULT_FROM } from '../brand.ts';
import { MailNotSentError, type MailTransport } from '../mail/types.ts';
import { renderThankYouEmail } from './content.ts';
import type { ThankYouLedger } from './ledger.ts';
import type { ThankYouType } from './stored-signup.ts';

export interface ThankYouMailer {
  ledger: ThankYouLedger;
  transport: MailTransport;
  /** The From header; defaults to the brand's support address. */
  from?: string;
  /** Where failures are reported; callers never see internal details. */
  logError: (message: string, error: unknown) => void;
}

export type ThankYouOutcome =
  | { status: 'sent'; emailId: string }
  /** No recent, unmailed sign-up of this type for the address. */
  | { status: 'not-eligible' }
  /** The provider refused it; the claim is handed back, so a retry can still send. */
  | { status: 'not-sent' }
  /**
   * It may have gone out (the provider's answer was lost). The claim is kept: a second request cannot
   * mail again, and the transport already retried with the same idempotency key.
   */
  | { status: 'outcome-unknown' }
  | { status: 'ledger-failed' };

/** The key the provider deduplicates on: one per sign-up row and type. */
export function thankYouIdempotencyKey(type: ThankYouType, signupId: string): string {
  return `thank-you/${type}/${signupId}`;
}

/**
 * Claims the sign-up, renders the mail from the claimed row alone, and sends it to the stored address.
 * Shared by send-thank-you-email (sign-ups) and submit-application (the careers confirmation).
 */
export async function sendThankYou(
  mailer: ThankYouMailer,
  type: ThankYouType,
  email: string,
): Promise<ThankYouOutcome> {
  let row;
  try {
    row = await mailer.ledger.claim(type, email);
  } catch (error) {
    mailer.logError('thank-you mail: the sign-up lookup failed', error);
    return { status: 'ledger-failed' };
  }
  if (row === null) return { status: 'not-eligible' };

  try {
    const { id } = await mailer.transport.send({
      from: mailer.from ?? DEFAULT_FROM,
      to: row.email,
      ...renderThankYouEmail(type, row),
      idempotencyKey: thankYouIdempotencyKey(type, row.id),
    });
    return { status: 'sent', emailId: id };
  } catch (error) {
    mailer.logError('thank-you mail: the mail was not confirmed as sent', error);
    if (!(error instanceof MailNotSentError)) return { status: 'outcome-unknown' };
    try {
      await mailer.ledger.release(type, row.id);
    } catch (releaseError) {
      mailer.logError('thank-you mail: the claim could not be released', releaseError);
    }
    return { status: 'not-sent' };
  }
}
