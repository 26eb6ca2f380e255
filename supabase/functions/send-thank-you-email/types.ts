export const THANK_YOU_TYPES = ['early_access', 'newsletter', 'waitlist', 'career'] as const;
export type ThankYouType = (typeof THANK_YOU_TYPES)[number];

/** A validated request: everything the email needs, already trimmed and bounded. */
export interface ThankYouRequest {
  to: string;
  type: ThankYouType;
  firstName: string;
  additionalData: Readonly<Record<string, string>>;
}

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface MailTransport {
  /** Resolves with the provider's id for the message; rejects when it was not accepted. */
  send(message: MailMessage): Promise<{ id: string }>;
}

/**
 * Who may be mailed. claim() atomically marks the matching recent, unmailed sign-up as mailed and returns
 * its id, or null when there is none; release() undoes a claim whose mail could not be sent.
 */
export interface ThankYouLedger {
  claim(type: ThankYouType, email: string): Promise<string | null>;
  release(type: ThankYouType, claimId: string): Promise<void>;
}

export type ThankYouResponseBody =
  { success: true; emailId: string; type: ThankYouType } | { success: false; error: string };
