import { failure } from '../api/answer.ts';
import type { Contact, Segment } from './audience.ts';

// Contacts and segments in the JSON Resend answers them in, and its refusals of unknown ones.

/** A time as Resend's API writes it, e.g. "2023-10-06 23:47:56.678+00". */
export const resendTime = (ms: number): string =>
  new Date(ms).toISOString().replace('T', ' ').replace('Z', '+00');

/** GET /contacts/{id}: the contact (no custom properties are served, so `properties` is empty). */
export const contactJson = (contact: Contact) => ({
  object: 'contact',
  ...contactItem(contact),
  properties: {},
});

/** A contact in a list. */
export const contactItem = (contact: Contact) => ({
  id: contact.id,
  email: contact.email,
  first_name: contact.first_name,
  last_name: contact.last_name,
  created_at: resendTime(contact.created_at),
  unsubscribed: contact.unsubscribed,
});

/** GET /segments/{id}: the segment. */
export const segmentJson = (segment: Segment) => ({ object: 'segment', ...segmentItem(segment) });

/** A segment in a list (`created_at` is when the contact was added, in a contact's list). */
export const segmentItem = (segment: Segment, created_at: number = segment.created_at) => ({
  id: segment.id,
  name: segment.name,
  created_at: resendTime(created_at),
});

export const list = (page: { has_more: boolean; data: unknown[] }) => ({ object: 'list', ...page });

export const contactNotFound = () => failure(404, 'not_found', 'Contact not found');

// Resend's own words for a segment it does not have, as its answers to GET /segments/{id} read.
export const segmentNotFound = () => failure(404, 'not_found', 'Audience not found');

/** A contact's new address is another contact's (Resend keeps one contact per address). */
export const emailInUse = () =>
  failure(422, 'validation_error', 'A contact with this email already exists.');
