import { randomUUID } from 'node:crypto';
import type { TestDatabase } from '@agentora/local-supabase/testing';

// Delivery fixtures below the HTTP layer (supabase/schemas/mail-delivery.sql): Resend's events recorded
// as resend-webhook records them, sign-ups with one queued message each, and what became of a message.

/** One of Resend's events, as public.record_mail_delivery_event takes it. */
export interface DeliveryEventArgs {
  /** The webhook message id (svix-id); a new one when left out. */
  id?: string;
  event: string;
  /** Resend's email id; a new one when left out. */
  emailId?: string;
  to: string[];
  bounceType?: string | null;
  /** When it happened; now when left out. */
  at?: Date;
}

export type DeliveryList = 'early_access' | 'newsletter';

const TABLES: Record<DeliveryList, string> = {
  early_access: 'early_access_signups',
  newsletter: 'newsletter_subscriptions',
};

/** The fixtures, bound to one test database. */
export function deliveryFixtures(db: () => TestDatabase) {
  /** record_mail_delivery_event as resend-webhook calls it, with the service role. */
  async function record(args: DeliveryEventArgs): Promise<string> {
    const { rows } = await db().as(
      'service_role',
      'select public.record_mail_delivery_event($1, $2, $3, $4::jsonb, $5, coalesce($6, now())) as outcome',
      [
        args.id ?? `msg_${randomUUID()}`,
        args.event,
        args.emailId ?? randomUUID(),
        JSON.stringify(args.to),
        args.bounceType ?? null,
        args.at?.toISOString() ?? null,
      ],
    );
    return rows[0].outcome as string;
  }

  /** A thank-you message of our own for the sign-up, queued. */
  async function queue(list: DeliveryList, signupId: string): Promise<string> {
    const message = randomUUID();
    await db().asSuperuser(
      `insert into public.mail_queue (id, kind, list, ${list}_id) values ($1, 'thank_you', $2, $3)`,
      [message, list, signupId],
    );
    return message;
  }

  /** A sign-up of the list with one confirmation queued (whatever its insert queued is replaced). */
  async function signUp(email: string, list: DeliveryList = 'early_access') {
    const { rows } = await db().asSuperuser(
      `insert into public.${TABLES[list]} (email) values ($1) returning id`,
      [email],
    );
    const id = rows[0].id as string;
    await db().asSuperuser(`delete from public.mail_queue where ${list}_id = $1`, [id]);
    const message = await queue(list, id);
    return { id, message };
  }

  /** An erase or copy link to the address, queued as queue_privacy_link leaves it. */
  async function queuePrivacyLink(recipient: string): Promise<string> {
    const message = randomUUID();
    await db().asSuperuser(
      `insert into public.mail_queue (id, kind, action, recipient) values ($1, 'privacy_link', 'erase', $2)`,
      [message, recipient],
    );
    return message;
  }

  /** The message settled sent, with Resend's id for it. */
  async function sent(message: string, emailId: string) {
    await db().asSuperuser(
      `update public.mail_queue set status = 'sent', sent_at = now(), provider_message_id = $2 where id = $1`,
      [message, emailId],
    );
  }

  async function messageState(id: string) {
    const { rows } = await db().asSuperuser(
      'select status, last_error from public.mail_queue where id = $1',
      [id],
    );
    return rows[0] as { status: string; last_error: string | null };
  }

  const counts = async () =>
    (
      await db().asSuperuser(
        `select (select count(*)::integer from public.mail_delivery_events) as events,
                (select count(*)::integer from public.mail_suppressions) as suppressions`,
      )
    ).rows[0];

  /** Every table these fixtures write, emptied. */
  async function clear() {
    for (const table of [
      'public.mail_queue',
      'public.mail_suppressions',
      'public.mail_delivery_events',
      'private.resend_webhook_ids',
      'public.email_tokens',
      'public.early_access_signups',
      'public.newsletter_subscriptions',
    ]) {
      await db().asSuperuser(`delete from ${table}`);
    }
  }

  return { record, queue, signUp, queuePrivacyLink, sent, messageState, counts, clear };
}
