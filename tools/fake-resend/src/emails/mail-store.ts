// Where the mail the API takes goes: the store a server gives the API (the local server's outbox) or
// the one in memory here, and what a repeat of an idempotency key is answered from.

/** A mail the API took. */
export interface AcceptedMail {
  id: string;
  /** '' when the request had none. */
  idempotencyKey: string;
  from: string;
  to: string[];
  subject: string;
  /** '' when the request gave only the other part. */
  html: string;
  text: string;
  headers: Record<string, string>;
  /** ms since the epoch, by the API's clock. */
  acceptedAt: number;
  /** Taken in a POST /emails/batch request: its place in the request (idempotencyKey is the batch's). */
  batchIndex?: number;
}

/** What a send under an idempotency key left: what a repeat of the key is answered from. */
export interface KeyedSend {
  id: string;
  /** SHA-256 of the request body, hex: a repeat with another body is refused. */
  bodyHash: string;
  /** When it was taken, ms since the epoch: a key is honoured for 24 hours. */
  at: number;
  /** A batch's answer, repeated for its key ('' is then the id). */
  batch?: BatchAnswer;
}

/** What POST /emails/batch answers: the ids of the mails taken, in order, and the refused ones. */
export interface BatchAnswer {
  data: Array<{ id: string }>;
  errors?: Array<{ index: number; message: string }>;
}

/** Where the mail the API takes goes, and where its idempotency keys are remembered. */
export interface MailStore {
  /** The send kept under a key, if any, however old (the API decides what it still honours). */
  find(idempotencyKey: string): Promise<KeyedSend | undefined>;
  /** Keeps a mail the API took; one with a key is what `find` answers for that key from now on. */
  keep(mail: AcceptedMail, bodyHash: string): Promise<void>;
  /**
   * Keeps the mails of one batch request and, when it had a key, `send` (what a repeat of the key is
   * answered from); the mails themselves answer for no key of their own.
   */
  keepBatch(mails: AcceptedMail[], key: string, send: KeyedSend): Promise<void>;
}

/** A store in memory, with the record of what it took (each mail once, in order). */
export function memoryStore(): MailStore & { accepted(): AcceptedMail[] } {
  const accepted: AcceptedMail[] = [];
  const keys = new Map<string, KeyedSend>();
  return {
    accepted: () => [...accepted],
    find: (key) => Promise.resolve(keys.get(key)),
    keep(mail, bodyHash) {
      accepted.push(mail);
      if (mail.idempotencyKey !== '') {
        keys.set(mail.idempotencyKey, { id: mail.id, bodyHash, at: mail.acceptedAt });
      }
      return Promise.resolve();
    },
    keepBatch(mails, key, send) {
      accepted.push(...mails);
      if (key !== '') keys.set(key, send);
      return Promise.resolve();
    },
  };
}
