import type { ContactChange } from '../contacts/audience.ts';

// Resend's contact.created, contact.updated and contact.deleted events, in the shape its webhook
// reference gives them: `{type, created_at, data}` with the contact in `data` (id, segment_ids,
// created_at, updated_at, email, first_name, last_name, unsubscribed; times in ISO 8601). A name the
// contact has none of is left out. `audience_id`, optional in that reference and a relic of the
// audiences Resend replaced with segments, is not sent: a receiver must not need it.

export type ContactEventType = ContactChange['type'];

export interface ContactEvent {
  type: ContactEventType;
  created_at: string;
  data: {
    id: string;
    segment_ids: string[];
    created_at: string;
    updated_at: string;
    email: string;
    first_name?: string;
    last_name?: string;
    unsubscribed: boolean;
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The event Resend posts for a change of a contact. */
export function contactEvent({ type, contact, segmentIds, at }: ContactChange): ContactEvent {
  return {
    type,
    created_at: iso(at),
    data: {
      id: contact.id,
      segment_ids: segmentIds,
      created_at: iso(contact.created_at),
      updated_at: iso(contact.updated_at),
      email: contact.email,
      ...(contact.first_name === null ? {} : { first_name: contact.first_name }),
      ...(contact.last_name === null ? {} : { last_name: contact.last_name }),
      unsubscribed: contact.unsubscribed,
    },
  };
}
