import { randomUUID } from 'node:crypto';

// The contacts and segments the API holds, in memory: contacts are global, one per email address, with
// the unsubscribed flag Resend keeps for all Broadcasts; a segment is a named group a contact may be in
// any number of. Every change of a contact is told to `onChange` (what Resend's contact.* webhook events
// report); changes of a segment's members are not, as Resend documents no event for them.

export interface Contact {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  unsubscribed: boolean;
  /** ms since the epoch, by the API's clock. */
  created_at: number;
  updated_at: number;
}

export interface Segment {
  id: string;
  name: string;
  created_at: number;
}

/** What may be set on a contact (by the API or in Resend itself). */
export type ContactChanges = Partial<
  Pick<Contact, 'email' | 'first_name' | 'last_name' | 'unsubscribed'>
>;

/** A change of a contact: the contact as it is after it (as it was, for a deletion) and its segments. */
export interface ContactChange {
  type: 'contact.created' | 'contact.updated' | 'contact.deleted';
  contact: Contact;
  segmentIds: string[];
  /** ms since the epoch. */
  at: number;
}

/**
 * Everything an audience holds, as plain JSON: what a server that keeps its audience across restarts
 * (the local Supabase server's, in its data dir) writes after each change and starts from.
 */
export interface AudienceState {
  contacts: Contact[];
  segments: Segment[];
  /** Each membership, in the order made: the segment, the contact, when, and the how-manieth. */
  members: Array<{ segment: string; contact: string; at: number; seq: number }>;
}

/** Segments and contacts as the API holds them, for tests to read (times as ISO 8601). */
export interface AudienceView {
  contacts: Array<
    Omit<Contact, 'created_at' | 'updated_at'> & {
      created_at: string;
      updated_at: string;
      segment_ids: string[];
    }
  >;
  /** Each segment with the addresses of its contacts, in the order they were added. */
  segments: Array<Omit<Segment, 'created_at'> & { created_at: string; emails: string[] }>;
}

export interface Audience {
  /** A contact by its id, or by its email address when `idOrEmail` has an @. */
  contact(idOrEmail: string): Contact | undefined;
  /** Contacts, newest first; those of one segment when given. */
  contacts(segmentId?: string): Contact[];
  /** The new contact, in the segments given; or the one the address already has, left as it was. */
  createContact(
    fields: ContactChanges & { email: string },
    segmentIds: string[],
  ): {
    contact: Contact;
    created: boolean;
  };
  updateContact(id: string, changes: ContactChanges): Contact;
  deleteContact(id: string): void;
  segment(id: string): Segment | undefined;
  /** Segments, newest first. */
  segments(): Segment[];
  /** The segments a contact is in, with when it was added to each, newest membership first. */
  memberships(contactId: string): Array<{ segment: Segment; added_at: number }>;
  createSegment(name: string): Segment;
  /** Deletes a segment; its contacts stay. */
  deleteSegment(id: string): void;
  /** Adds a contact to a segment it is not in yet (one it is in keeps its first time). */
  addToSegment(contactId: string, segmentId: string): void;
  removeFromSegment(contactId: string, segmentId: string): void;
  view(): AudienceView;
  /** Everything it holds, to start another audience from (memoryAudience's `restore`). */
  state(): AudienceState;
}

const iso = (ms: number) => new Date(ms).toISOString();

export interface MemoryAudienceOptions {
  now?: () => number;
  /** Told every change of a contact (what Resend's contact events report). */
  onChange?: (change: ContactChange) => void;
  /** What to start from (an earlier audience's `state()`); default nothing. */
  restore?: AudienceState;
  /** Told everything it holds after each change of any kind, contacts, segments or memberships. */
  onSave?: (state: AudienceState) => void;
}

export function memoryAudience(options: MemoryAudienceOptions = {}): Audience {
  const now = options.now ?? Date.now;
  const contacts = new Map<string, Contact>();
  const idByEmail = new Map<string, string>();
  const segments = new Map<string, Segment>();
  // Each segment's members: contact id to when it was added (and the how-manieth addition it was, which
  // orders additions made within the same ms), in the order they were added.
  const members = new Map<string, Map<string, { at: number; seq: number }>>();
  let additions = 0;
  for (const contact of options.restore?.contacts ?? []) {
    contacts.set(contact.id, { ...contact });
    idByEmail.set(contact.email, contact.id);
  }
  for (const segment of options.restore?.segments ?? []) {
    segments.set(segment.id, { ...segment });
    members.set(segment.id, new Map());
  }
  for (const member of options.restore?.members ?? []) {
    members.get(member.segment)?.set(member.contact, { at: member.at, seq: member.seq });
    additions = Math.max(additions, member.seq);
  }
  const state = (): AudienceState => ({
    contacts: [...contacts.values()].map((contact) => ({ ...contact })),
    segments: [...segments.values()].map((segment) => ({ ...segment })),
    members: [...members].flatMap(([segment, ids]) =>
      [...ids].map(([contact, added]) => ({ segment, contact, ...added })),
    ),
  });
  const saved = () => options.onSave?.(state());

  const segmentIdsOf = (contactId: string) =>
    [...members].filter(([, ids]) => ids.has(contactId)).map(([segmentId]) => segmentId);
  const join = (contactId: string, segmentId: string) => {
    const ids = members.get(segmentId);
    if (ids && !ids.has(contactId)) ids.set(contactId, { at: now(), seq: (additions += 1) });
  };
  const told = (type: ContactChange['type'], contact: Contact) =>
    options.onChange?.({
      type,
      contact: { ...contact },
      segmentIds: segmentIdsOf(contact.id),
      at: now(),
    });
  const existing = (id: string) => {
    const contact = contacts.get(id);
    if (!contact) throw new Error(`no contact ${id}`);
    return contact;
  };

  return {
    contact(idOrEmail) {
      const id = idOrEmail.includes('@') ? idByEmail.get(idOrEmail) : idOrEmail;
      const contact = id === undefined ? undefined : contacts.get(id);
      return contact && { ...contact };
    },
    contacts(segmentId) {
      const all = [...contacts.values()].reverse();
      const inSegment = segmentId === undefined ? undefined : members.get(segmentId);
      return all
        .filter((contact) => !inSegment || inSegment.has(contact.id))
        .map((c) => ({ ...c }));
    },
    createContact(fields, segmentIds) {
      const id = idByEmail.get(fields.email);
      if (id !== undefined) return { contact: { ...existing(id) }, created: false };
      const at = now();
      const contact: Contact = {
        id: randomUUID(),
        email: fields.email,
        first_name: fields.first_name ?? null,
        last_name: fields.last_name ?? null,
        unsubscribed: fields.unsubscribed ?? false,
        created_at: at,
        updated_at: at,
      };
      contacts.set(contact.id, contact);
      idByEmail.set(contact.email, contact.id);
      for (const segmentId of segmentIds) join(contact.id, segmentId);
      saved();
      told('contact.created', contact);
      return { contact: { ...contact }, created: true };
    },
    updateContact(id, changes) {
      const contact = existing(id);
      if (changes.email !== undefined && changes.email !== contact.email) {
        idByEmail.delete(contact.email);
        idByEmail.set(changes.email, id);
      }
      Object.assign(contact, changes, { updated_at: now() });
      saved();
      told('contact.updated', contact);
      return { ...contact };
    },
    deleteContact(id) {
      const contact = existing(id);
      told('contact.deleted', contact);
      contacts.delete(id);
      idByEmail.delete(contact.email);
      for (const ids of members.values()) ids.delete(id);
      saved();
    },
    segment(id) {
      const segment = segments.get(id);
      return segment && { ...segment };
    },
    segments() {
      return [...segments.values()].reverse().map((segment) => ({ ...segment }));
    },
    memberships(contactId) {
      return [...members]
        .flatMap(([segmentId, ids]) => {
          const added = ids.get(contactId);
          const segment = segments.get(segmentId);
          return added && segment ? [{ segment: { ...segment }, ...added }] : [];
        })
        .sort((a, b) => b.at - a.at || b.seq - a.seq)
        .map(({ segment, at }) => ({ segment, added_at: at }));
    },
    createSegment(name) {
      const segment: Segment = { id: randomUUID(), name, created_at: now() };
      segments.set(segment.id, segment);
      members.set(segment.id, new Map());
      saved();
      return { ...segment };
    },
    deleteSegment(id) {
      segments.delete(id);
      members.delete(id);
      saved();
    },
    addToSegment(contactId, segmentId) {
      join(existing(contactId).id, segmentId);
      saved();
    },
    removeFromSegment(contactId, segmentId) {
      members.get(segmentId)?.delete(contactId);
      saved();
    },
    state,
    view() {
      return {
        contacts: [...contacts.values()].map((contact) => ({
          ...contact,
          created_at: iso(contact.created_at),
          updated_at: iso(contact.updated_at),
          segment_ids: segmentIdsOf(contact.id),
        })),
        segments: [...segments.values()].map((segment) => ({
          ...segment,
          created_at: iso(segment.created_at),
          emails: [...(members.get(segment.id)?.keys() ?? [])].map((id) => existing(id).email),
        })),
      };
    },
  };
}
