import { DEFAULT_FROM } from '../brand.ts';
import { emailLinks, type PublicUrls } from '../links/public-urls.ts';
import { listUnsubscribeHeaders } from '../mail/headers.ts';
import { MailNotSentError, type MailTransport } from '../mail/types.ts';
import { newToken, type IssuedToken } from '../tokens/email-token.ts';
import { renderThankYouEmail } from './content.ts';
import type { MailTokenHashes, ThankYouLedger } from './ledger.ts';
import type { ThankYouType } from './stored-signup.ts';

export interface ThankYouMailer {
  ledger: ThankYouLedger;
  transport: MailTransport;
  /** Where the mail's links point (SITE_URL, SUPABASE_URL). */
  urls: PublicUrls;
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
 * Claims the sign-up with the hashes of its links' tokens, renders the mail from the claimed row alone,
 * and sends it to the stored address. A list's mail asks for confirmation; every mail can be unsubscribed
 * from in one click (List-Unsubscribe). Shared by send-thank-you-email (sign-ups) and submit-application
 * (the careers confirmation).
 */
export async function sendThankYou(
  mailer: ThankYouMailer,
  type: ThankYouType,
  email: string,
): Promise<ThankYouOutcome> {
  const confirm: IssuedToken | null = type === 'career' ? null : await newToken();
  const unsubscribe = await newToken();
  const hashes: MailTokenHashes = { confirm: confirm?.hash ?? null, unsubscribe: unsubscribe.hash };
  let row;
  try {
    row = await mailer.ledger.claim(type, email, hashes);
  } catch (error) {
    mailer.logError('thank-you mail: the sign-up lookup failed', error);
    return { status: 'ledger-failed' };
  }
  if (row === null) return { status: 'not-eligible' };

  try {
    const { urls } = mailer;
    const { id } = await mailer.transport.send({
      from: mailer.from ?? DEFAULT_FROM,
      to: row.email,
      ...renderThankYouEmail(type, {
        siteUrl: urls.siteUrl,
        confirm: confirm ? emailLinks.confirmPage(urls, confirm.token) : undefined,
        unsubscribe: emailLinks.unsubscribePage(urls, unsubscribe.token),
        privacy: emailLinks.privacyPage(urls),
      }),
      headers: listUnsubscribeHeaders(emailLinks.oneClickUnsubscribe(urls, unsubscribe.token)),
      idempotencyKey: thankYouIdempotencyKey(type, row.id),
    });
    return { status: 'sent', emailId: id };
  } catch (error) {
    mailer.logError('thank-you mail: the mail was not confirmed as sent', error);
    if (!(error instanceof MailNotSentError)) return { status: 'outcome-unknown' };
    try {
      await mailer.ledger.release(type, row.id, hashes);
    } catch (releaseError) {
      mailer.logError('thank-you mail: the claim could not be released', releaseError);
    }
    return { status: 'not-sent' };
  }
}
