export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra header fields (List-Unsubscribe); names and values printable ASCII, checked by mailHeaders(). */
  headers?: Readonly<Record<string, string>>;
  /**
   * One per email we mean to send (e.g. `thank-you/newsletter/<row id>`): a provider that sees the same
   * key again answers with the first send instead of mailing twice, so an uncertain send may be retried.
   */
  idempotencyKey: string;
}

/** The provider answered and did not take the message: nothing was sent. */
export class MailNotSentError extends Error {
  override name = 'MailNotSentError';
}

/** No clear answer (timeout, network failure, provider error): the message may have gone out. */
export class MailOutcomeUnknownError extends Error {
  override name = 'MailOutcomeUnknownError';
}

export interface MailTransport {
  /**
   * Resolves with the provider's id for the message. Rejects with MailNotSentError when it certainly
   * was not sent, and with MailOutcomeUnknownError (or anything else) when that is not known.
   */
  send(message: MailMessage): Promise<{ id: string }>;
}
