import type { Answer } from '../api/answer.ts';
import type { Route } from '../api/routes.ts';
import {
  contactItem,
  contactJson,
  contactNotFound,
  emailInUse,
  list,
  segmentNotFound,
} from './contact-json.ts';
import { type ContactContext, faulted, withJsonBody, withoutBody } from './contact-context.ts';
import { isAnswer, parseCreateContact, parseUpdateContact } from './contact-fields.ts';
import { paginate } from './pagination.ts';

// Resend's global contacts: POST /contacts, GET /contacts (all, or one segment's with segment_id), and
// GET, PATCH and DELETE /contacts/{id or email}. A contact is one per address: creating one for an
// address that has a contact answers that contact's id and changes nothing. Deleting one the API does
// not have answers 200 deleted, as Resend answers it.

/** A list of contacts (one segment's when given), paginated, under the error rate. */
export function listContacts(
  ctx: ContactContext,
  segmentId: string | undefined,
  query: URLSearchParams | undefined,
): Promise<Answer> | Answer {
  if (segmentId !== undefined && !ctx.audience.segment(segmentId)) return segmentNotFound();
  const page = paginate(ctx.audience.contacts(segmentId), query);
  if (isAnswer(page)) return page;
  return faulted(ctx, () => ({
    status: 200,
    body: list({ has_more: page.has_more, data: page.data.map(contactItem) }),
  }));
}

export function contactRoutes(ctx: ContactContext): Route[] {
  const { audience } = ctx;
  return [
    {
      path: '/contacts',
      methods: {
        POST: () =>
          withJsonBody((json) => {
            const parsed = parseCreateContact(json);
            if (isAnswer(parsed)) return parsed;
            if (parsed.segmentIds.some((id) => !audience.segment(id))) return segmentNotFound();
            return faulted(ctx, () => {
              const { contact } = audience.createContact(parsed.fields, parsed.segmentIds);
              return { status: 201, body: { object: 'contact', id: contact.id } };
            });
          }),
        GET: ({ head }) =>
          withoutBody(() =>
            listContacts(ctx, head.query?.get('segment_id') ?? undefined, head.query),
          ),
      },
    },
    {
      path: '/contacts/:contact',
      methods: {
        GET: ({ params }) =>
          withoutBody(() => {
            const contact = audience.contact(params.contact);
            if (!contact) return contactNotFound();
            return faulted(ctx, () => ({ status: 200, body: contactJson(contact) }));
          }),
        PATCH: ({ params }) =>
          withJsonBody((json) => {
            const changes = parseUpdateContact(json);
            if (isAnswer(changes)) return changes;
            const contact = audience.contact(params.contact);
            if (!contact) return contactNotFound();
            const holder =
              changes.email === undefined ? undefined : audience.contact(changes.email);
            if (holder && holder.id !== contact.id) return emailInUse();
            return faulted(ctx, () => {
              audience.updateContact(contact.id, changes);
              return { status: 200, body: { object: 'contact', id: contact.id } };
            });
          }),
        DELETE: ({ params }) =>
          withoutBody(() => {
            const contact = audience.contact(params.contact);
            return faulted(ctx, () => {
              if (contact) audience.deleteContact(contact.id);
              return {
                status: 200,
                body: { object: 'contact', contact: contact?.id ?? params.contact, deleted: true },
              };
            });
          }),
      },
    },
  ];
}
