import { isRecord } from '../_shared/http/body.ts';
import type { ServiceClient } from '../_shared/service-client.ts';
import { describeServiceError } from '../_shared/service-client.ts';

// Resend's webhook events (its docs' "Event types" and per-event payloads): `{type, created_at, data}`,
// where data holds the email's id (`email_id`, the id POST /emails answered, which the queue keeps as
// provider_message_id), its recipients (`to`, a list), its `created_at`, and for email.bounced a `bounce`
// object whose `type` is 'Permanent', 'Transient' or 'Undetermined'.

/** The events kept: what became of a mail after Resend took it. */
export type DeliveryEventKind = 'delivered' | 'delayed' | 'bounced' | 'complained';

const KINDS: Readonly<Record<string, DeliveryEventKind>> = {
  'email.delivered': 'delivered',
  'email.delivery_delayed': 'delayed',
  // The name one of Resend's own sample payloads carries for the same event.
  'email.delivered_delayed': 'delayed',
  'email.bounced': 'bounced',
  'email.complained': 'complained',
};

/** One signed event, as public.record_mail_delivery_event takes it. */
export interface DeliveryEvent {
  /** The webhook message id (svix-id): a second delivery of it records nothing. */
  webhookId: string;
  kind: DeliveryEventKind;
  emailId: string;
  to: string[];
  /** email.bounced's data.bounce.type as sent; null when absent (or another event). */
  bounceType: string | null;
  /** When it happened (ISO 8601): the event's time, else the email's, else null (the time recorded). */
  occurredAt: string | null;
}

/**
 * What a verified payload asks: an event to record, one of the kinds not kept ('ignored': email.sent,
 * opened, clicked, contacts, domains...), or null when it is not a Resend event of any kind.
 */
export function readDeliveryEvent(
  webhookId: string,
  payload: unknown,
): DeliveryEvent | 'ignored' | null {
  if (!isRecord(payload) || typeof payload.type !== 'string' || !isRecord(payload.data))
    return null;
  const kind = KINDS[payload.type];
  if (!kind) return 'ignored';
  const { data } = payload;
  const to = typeof data.to === 'string' ? [data.to] : data.to;
  if (
    typeof data.email_id !== 'string' ||
    data.email_id.length === 0 ||
    data.email_id.length > 200 ||
    !Array.isArray(to) ||
    to.length === 0 ||
    to.length > 50 ||
    !to.every((address) => typeof address === 'string' && address.length <= 320)
  ) {
    return null;
  }
  const bounce = isRecord(data.bounce) ? data.bounce : undefined;
  const bounceType =
    kind === 'bounced' && typeof bounce?.type === 'string' ? bounce.type.slice(0, 40) : null;
  return {
    webhookId,
    kind,
    emailId: data.email_id,
    to: to as string[],
    bounceType,
    // The event's own time (the envelope's created_at); data.created_at is when the email was made.
    occurredAt: isoTime(payload.created_at) ?? isoTime(data.created_at),
  };
}

function isoTime(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 64) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** What the database made of an event: recorded, or a webhook id taken before (nothing recorded). */
export type RecordOutcome = 'recorded' | 'replayed' | 'ignored';

export interface DeliveryEventStore {
  record(event: DeliveryEvent): Promise<RecordOutcome>;
}

/** public.record_mail_delivery_event (supabase/schemas/mail-delivery.sql), with the service role. */
export function createRpcDeliveryEventStore(
  client: Pick<ServiceClient, 'rpc'>,
): DeliveryEventStore {
  return {
    async record(event) {
      const { data, error } = await client.rpc('record_mail_delivery_event', {
        p_webhook_id: event.webhookId,
        p_event: event.kind,
        p_email_id: event.emailId,
        p_to: event.to,
        p_bounce_type: event.bounceType,
        p_occurred_at: event.occurredAt,
      });
      if (error) {
        throw new Error(`record_mail_delivery_event failed: ${describeServiceError(error)}`);
      }
      if (data !== 'recorded' && data !== 'replayed' && data !== 'ignored') {
        throw new Error('record_mail_delivery_event returned no outcome');
      }
      return data;
    },
  };
}
