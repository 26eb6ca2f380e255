import type { Audience, Contact, ContactChanges } from './audience.ts';
import { isEmail } from './contact-fields.ts';

// What happens to contacts in Resend itself rather than through the API: a contact following the
// unsubscribe link of a Broadcast (unsubscribed becomes true), someone editing or deleting a contact in
// Resend's dashboard. Each changes the audience as the API would, so Resend's contact.updated or
// contact.deleted event follows it (to the webhook endpoint, when one is configured).

export interface InResend {
  /** Changes a contact (by id, or by email address); throws for one the audience does not have. */
  updateContact(idOrEmail: string, changes: ContactChanges): Contact;
  /** Deletes a contact (by id, or by email address); throws for one the audience does not have. */
  deleteContact(idOrEmail: string): Contact;
}

export function inResend(audience: Audience): InResend {
  const existing = (idOrEmail: string) => {
    const contact = audience.contact(idOrEmail);
    if (!contact) throw new Error(`Resend has no contact ${idOrEmail}`);
    return contact;
  };
  return {
    updateContact(idOrEmail, changes) {
      const contact = existing(idOrEmail);
      if (changes.email !== undefined) {
        const holder = audience.contact(changes.email);
        if (!isEmail(changes.email) || (holder && holder.id !== contact.id)) {
          throw new Error(`Resend would not take ${changes.email} for ${idOrEmail}`);
        }
      }
      return audience.updateContact(contact.id, changes);
    },
    deleteContact(idOrEmail) {
      const contact = existing(idOrEmail);
      audience.deleteContact(contact.id);
      return contact;
    },
  };
}
