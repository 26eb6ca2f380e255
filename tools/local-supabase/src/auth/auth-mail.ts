import { randomUUID } from 'node:crypto';
import { escapeHtml } from '@agentora/backend/mail/html';
import type { Outbox } from '../outbox/outbox.ts';
import { callSendEmailHook, type HookTarget } from './send-email-hook.ts';

/** One code mail: a sign-up confirmation for a new address, a magic link for a known one. */
export interface AuthEmail {
  user: Record<string, unknown> & { email: string };
  otp: string;
  tokenHash: string;
  actionType: 'signup' | 'magiclink';
  /** Where a link in the mail may lead: the request's valid redirect_to, else the site. */
  redirectTo: string;
  /** Auth's own external URL (`<API URL>/auth/v1`), the hook's `site_url` as Supabase Auth sends it. */
  authUrl: string;
  clientAddress: string;
  now: Date;
}

export type AuthMailer = (email: AuthEmail) => Promise<void>;

/** The Send Email Hook's input (Supabase Auth's SendEmailInput): metadata, the user, the email's data. */
export function sendEmailHookPayload(email: AuthEmail): Record<string, unknown> {
  return {
    metadata: {
      uuid: randomUUID(),
      time: email.now.toISOString(),
      name: 'send-email',
      ip_address: email.clientAddress,
    },
    user: email.user,
    email_data: {
      token: email.otp,
      token_hash: email.tokenHash,
      redirect_to: email.redirectTo,
      email_action_type: email.actionType,
      site_url: email.authUrl,
      token_new: '',
      token_hash_new: '',
      old_email: '',
      old_phone: '',
      provider: '',
      factor_type: '',
    },
  };
}

/** With [auth.hook.send_email] enabled, Auth sends nothing itself: the hook does. */
export function hookMailer(target: () => HookTarget): AuthMailer {
  return (email) => callSendEmailHook(target(), sendEmailHookPayload(email));
}

const SUBJECTS = { signup: 'Confirm Your Signup', magiclink: 'Your Magic Link' } as const;

/**
 * Without the hook, hosted Supabase mails from its own templates; here the mail goes to the outbox, with
 * the code in it (the templates' {{ .Token }}), where `npm start` users and the tests read it.
 */
export function outboxMailer(outbox: Outbox, otpExpirySeconds: number): AuthMailer {
  return async (email) => {
    const minutes = Math.max(1, Math.round(otpExpirySeconds / 60));
    const text = `${SUBJECTS[email.actionType]}\n\nEnter this code to sign in: ${email.otp}\n\nIt expires in ${minutes} minutes.\n`;
    await outbox.keep({
      from: 'Supabase Auth <noreply@mail.app.supabase.io>',
      to: email.user.email,
      subject: SUBJECTS[email.actionType],
      text,
      html: `<h2>${escapeHtml(SUBJECTS[email.actionType])}</h2><p>Enter this code to sign in: <strong>${escapeHtml(email.otp)}</strong></p><p>It expires in ${minutes} minutes.</p>`,
      idempotencyKey: `auth/${randomUUID()}`,
    });
  };
}
