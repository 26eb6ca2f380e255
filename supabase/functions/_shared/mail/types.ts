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

/** What one try at handing a batch of messages to the provider in one request came to. */
export type BatchDelivery =
  /**
   * The provider answered for each message, in the order given: taken (its id), or refused for good
   * (that message alone; the others were taken).
   */
  | {
      status: 'answered';
      results: Array<{ status: 'sent'; id: string } | { status: 'refused'; reason: string }>;
    }
  /** As for one message, for the whole batch: nothing was taken, or it is not known what was. */
  | Exclude<Delivery, { status: 'sent' }>
  /**
   * The provider refused the request as a whole (400, 422: nothing was taken): each message is tried in a
   * request of its own, where what is wrong with one of them stays with that one.
   */
  | { status: 'split'; reason: string };

export interface MailTransport {
  /** One try, never throws. */
  deliver(message: MailMessage): Promise<Delivery>;
  /**
   * One try at 2 to 100 messages in one request under one idempotency key (the messages' own keys are not
   * sent), never throws. A transport without it sends one message per request.
   */
  deliverBatch?(messages: readonly MailMessage[], idempotencyKey: string): Promise<BatchDelivery>;
}
