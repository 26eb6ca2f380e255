import { isRecord } from '../http/body.ts';

// The requests the audience's sync makes, one per step the database hands out
// (public.take_audience_change, supabase/schemas/audience.sql), and the HTTP request of each in
// Resend's API (its reference: Contacts, Segments; docs/audience.md). Every one is safe to make again:
// a creation for an address that has a contact answers that contact's id, adding a membership it has or
// removing one it lacks changes nothing, deleting a contact Resend does not have answers 200, and a
// segment is looked for by name before one is made.

export type AudienceStep =
  | { op: 'find_segment'; list: string; name: string }
  | { op: 'create_segment'; list: string; name: string }
  /** A page of Resend's contacts, newest first, after the contact `after` (the backfill's look). */
  | { op: 'scan'; after: string | null }
  /** Whether Resend has a contact for the address (and its id and flag). */
  | { op: 'get'; email: string }
  | { op: 'create'; email: string; unsubscribed: boolean; segments: string[] }
  /** A look at the contact after a membership answered 404: is the contact or the segment gone? */
  | { op: 'check'; contact: string }
  | { op: 'memberships'; contact: string }
  | { op: 'update'; contact: string; unsubscribed: boolean }
  | { op: 'join' | 'leave'; contact: string; list: string; segment: string }
  | { op: 'delete'; contact: string };

/** A step leased to this worker. */
export interface TakenStep {
  lease: string;
  step: AudienceStep;
  /** Its tries so far, this one included (for the backoff). */
  attempts: number;
}

export interface ResendRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Below the API's base URL, each path segment encoded. */
  path: string;
  body?: Record<string, unknown>;
}

/** Resend's largest page (its pagination reference: limit 1 to 100). */
export const SCAN_PAGE_SIZE = 100;

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** A step as the database handed it, or null when it is not one this worker knows. */
export function toAudienceStep(value: unknown): AudienceStep | null {
  if (!isRecord(value) || typeof value.op !== 'string') return null;
  const { op } = value;
  switch (op) {
    case 'find_segment':
    case 'create_segment':
      return text(value.list) && text(value.name)
        ? { op, list: value.list, name: value.name }
        : null;
    case 'scan':
      return value.after === null || value.after === undefined || text(value.after)
        ? { op, after: value.after ?? null }
        : null;
    case 'get':
      return text(value.email) ? { op, email: value.email } : null;
    case 'create':
      return text(value.email) &&
        typeof value.unsubscribed === 'boolean' &&
        Array.isArray(value.segments) &&
        value.segments.every(text)
        ? { op, email: value.email, unsubscribed: value.unsubscribed, segments: value.segments }
        : null;
    case 'check':
    case 'memberships':
    case 'delete':
      return text(value.contact) ? { op, contact: value.contact } : null;
    case 'update':
      return text(value.contact) && typeof value.unsubscribed === 'boolean'
        ? { op, contact: value.contact, unsubscribed: value.unsubscribed }
        : null;
    case 'join':
    case 'leave':
      return text(value.contact) && text(value.list) && text(value.segment)
        ? { op, contact: value.contact, list: value.list, segment: value.segment }
        : null;
    default:
      return null;
  }
}

const at = (...segments: string[]) =>
  `/${segments.map((segment) => encodeURIComponent(segment)).join('/')}`;

/** The one HTTP request a step makes. */
export function requestFor(step: AudienceStep): ResendRequest {
  switch (step.op) {
    case 'find_segment':
      // Without limit or cursor a list is whole (Resend's pagination reference).
      return { method: 'GET', path: at('segments') };
    case 'create_segment':
      return { method: 'POST', path: at('segments'), body: { name: step.name } };
    case 'scan': {
      const query = new URLSearchParams({ limit: String(SCAN_PAGE_SIZE) });
      if (step.after) query.set('after', step.after);
      return { method: 'GET', path: `${at('contacts')}?${query}` };
    }
    case 'get':
      return { method: 'GET', path: at('contacts', step.email) };
    case 'create':
      return {
        method: 'POST',
        path: at('contacts'),
        body: { email: step.email, unsubscribed: step.unsubscribed, segments: step.segments },
      };
    case 'check':
      return { method: 'GET', path: at('contacts', step.contact) };
    case 'memberships':
      return { method: 'GET', path: at('contacts', step.contact, 'segments') };
    case 'update':
      return {
        method: 'PATCH',
        path: at('contacts', step.contact),
        body: { unsubscribed: step.unsubscribed },
      };
    case 'join':
      return { method: 'POST', path: at('contacts', step.contact, 'segments', step.segment) };
    case 'leave':
      return { method: 'DELETE', path: at('contacts', step.contact, 'segments', step.segment) };
    case 'delete':
      return { method: 'DELETE', path: at('contacts', step.contact) };
  }
}
