import { isRecord } from '../_shared/http/body.ts';
import type { ServiceClient } from '../_shared/service-client.ts';
import { describeServiceError } from '../_shared/service-client.ts';

// Resend's contact events (its webhook reference, and the OpenAPI description's ContactCreatedEvent,
// ContactUpdatedEvent, ContactDeletedEvent): `{type, created_at, data}`, where data holds the contact:
// its `id`, `email`, `unsubscribed` (for all broadcasts), `created_at`, `updated_at`, and optionally
// `segment_ids`, `audience_id` and names, which the site does not read. docs/audience.md says what the
// site does with each (public.record_audience_event, supabase/schemas/audience-events.sql).

export type ContactEventType = 'contact.created' | 'contact.updated' | 'contact.deleted';

/** One signed contact event, as public.record_audience_event takes it. */
export interface ContactEvent {
  /** The webhook message id (svix-id): a second delivery of it changes nothing. */
  webhookId: string;
  type: ContactEventType;
  contactId: string;
  email: string;
  unsubscribed: boolean;
  /**
   * When the contact was as the event says (ISO 8601): data.updated_at, else the event's created_at;
   * for a deletion the event's own time. Null when neither is a time.
   */
  at: string | null;
}

const TYPES: ReadonlySet<string> = new Set([
  'contact.created',
  'contact.updated',
  'contact.deleted',
]);

function isoTime(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 64) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/**
 * Whether a verified payload is a contact event: the event, 'other' when it is another kind of event
 * (delivery-events.ts reads those), or null when it says it is a contact event and is not one.
 */
export function readContactEvent(
  webhookId: string,
  payload: unknown,
): ContactEvent | 'other' | null {
  if (!isRecord(payload) || typeof payload.type !== 'string') return 'other';
  if (!payload.type.startsWith('contact.')) return 'other';
  if (!TYPES.has(payload.type) || !isRecord(payload.data)) return null;
  const { data } = payload;
  if (
    typeof data.id !== 'string' ||
    data.id.length === 0 ||
    data.id.length > 100 ||
    typeof data.email !== 'string' ||
    data.email.length > 320 ||
    !data.email.includes('@') ||
    typeof data.unsubscribed !== 'boolean'
  ) {
    return null;
  }
  const type = payload.type as ContactEventType;
  return {
    webhookId,
    type,
    contactId: data.id,
    email: data.email,
    unsubscribed: data.unsubscribed,
    at:
      type === 'contact.deleted'
        ? (isoTime(payload.created_at) ?? isoTime(data.updated_at))
        : (isoTime(data.updated_at) ?? isoTime(payload.created_at)),
  };
}

/** What the database made of a contact event (supabase/schemas/audience-events.sql). */
export type ContactEventOutcome =
  'replayed' | 'ignored' | 'stale' | 'unchanged' | 'unsubscribed' | 'reasserted';

const OUTCOMES: ReadonlySet<string> = new Set([
  'replayed',
  'ignored',
  'stale',
  'unchanged',
  'unsubscribed',
  'reasserted',
]);

export interface ContactEventStore {
  record(event: ContactEvent): Promise<ContactEventOutcome>;
}

/** public.record_audience_event, with the service role. */
export function createRpcContactEventStore(client: Pick<ServiceClient, 'rpc'>): ContactEventStore {
  return {
    async record(event) {
      const { data, error } = await client.rpc('record_audience_event', {
        p_webhook_id: event.webhookId,
        p_type: event.type,
        p_contact_id: event.contactId,
        p_email: event.email,
        p_unsubscribed: event.unsubscribed,
        p_at: event.at,
      });
      if (error) throw new Error(`record_audience_event failed: ${describeServiceError(error)}`);
      if (typeof data !== 'string' || !OUTCOMES.has(data)) {
        throw new Error('record_audience_event returned no outcome');
      }
      return data as ContactEventOutcome;
    },
  };
}
