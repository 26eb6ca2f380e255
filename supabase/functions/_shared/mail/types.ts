export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra header fields (List-Unsubscribe); names and values printable ASCII, checked by mailHeaders(). */
  headers?: Readonly<Record<string, string>>;
  /**
   * One per queued mail (`mail/<message id>`): a provider that sees the same key again answers with the
   * first send instead of mailing twice, so an uncertain send may be tried again.
   */
  idempotencyKey: string;
}

/** What one try at handing a message to the provider came to. */
export type Delivery =
  /** The provider took it (or had taken it under this key before): its id. */
  | { status: 'sent'; id: string }
  /**
   * Nothing was sent, and no message would be now: over the provider's rate or quota (429), or refused
   * for the key or the domain (401, 403). Every worker waits this long; the try does not count.
   */
  | { status: 'throttled'; retryAfterMs: number; reason: string }
  /** No clear answer (timeout, network, 5xx, a send with this key still running): try again later. */
  | { status: 'failed'; reason: string }
  /** Refused for good (400, 422, a 409 for another body under the key): trying again cannot help. */
  | { status: 'refused'; reason: string };

export interface MailTransport {
  /** One try, never throws. */
  deliver(message: MailMessage): Promise<Delivery>;
}
