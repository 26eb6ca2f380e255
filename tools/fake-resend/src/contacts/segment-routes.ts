import type { Answer } from '../api/answer.ts';
import type { Route } from '../api/routes.ts';
import type { Contact, Segment } from './audience.ts';
import {
  contactNotFound,
  list,
  segmentItem,
  segmentJson,
  segmentNotFound,
} from './contact-json.ts';
import { type ContactContext, faulted, withJsonBody, withoutBody } from './contact-context.ts';
import { isAnswer, parseCreateSegment } from './contact-fields.ts';
import { listContacts } from './contact-routes.ts';
import { paginate } from './pagination.ts';

// Resend's segments: POST and GET /segments, GET and DELETE /segments/{id}, a segment's contacts (GET
// /segments/{id}/contacts, as GET /contacts?segment_id=), and a contact's segments: GET
// /contacts/{id or email}/segments, POST and DELETE /contacts/{id or email}/segments/{segment id}.
// Deleting a segment the API does not have answers 200 deleted, as Resend answers it; deleting a
// segment leaves its contacts.

export function segmentRoutes(ctx: ContactContext): Route[] {
  const { audience } = ctx;

  /** The contact and the segment a membership route names, or the 404 of the one missing. */
  function membership(
    params: Record<string, string>,
  ): { refuse: Answer } | { contact: Contact; segment: Segment } {
    const contact = audience.contact(params.contact);
    if (!contact) return { refuse: contactNotFound() };
    const segment = audience.segment(params.segment);
    if (!segment) return { refuse: segmentNotFound() };
    return { contact, segment };
  }

  return [
    {
      path: '/segments',
      methods: {
        POST: () =>
          withJsonBody((json) => {
            const parsed = parseCreateSegment(json);
            if (isAnswer(parsed)) return parsed;
            return faulted(ctx, () => {
              const segment = audience.createSegment(parsed.name);
              return {
                status: 201,
                body: { object: 'segment', id: segment.id, name: segment.name },
              };
            });
          }),
        GET: ({ head }) =>
          withoutBody(() => {
            const page = paginate(audience.segments(), head.query);
            if (isAnswer(page)) return page;
            const data = page.data.map((segment) => segmentItem(segment));
            return faulted(ctx, () => ({ status: 200, body: list({ ...page, data }) }));
          }),
      },
    },
    {
      path: '/segments/:segment',
      methods: {
        GET: ({ params }) =>
          withoutBody(() => {
            const segment = audience.segment(params.segment);
            if (!segment) return segmentNotFound();
            return faulted(ctx, () => ({ status: 200, body: segmentJson(segment) }));
          }),
        DELETE: ({ params }) =>
          withoutBody(() =>
            faulted(ctx, () => {
              audience.deleteSegment(params.segment);
              return {
                status: 200,
                body: { object: 'segment', id: params.segment, deleted: true },
              };
            }),
          ),
      },
    },
    {
      path: '/segments/:segment/contacts',
      methods: {
        GET: ({ head, params }) => withoutBody(() => listContacts(ctx, params.segment, head.query)),
      },
    },
    {
      path: '/contacts/:contact/segments',
      methods: {
        GET: ({ head, params }) =>
          withoutBody(() => {
            const contact = audience.contact(params.contact);
            if (!contact) return contactNotFound();
            const memberships = audience.memberships(contact.id);
            const page = paginate(
              memberships.map((membership) => ({ id: membership.segment.id, ...membership })),
              head.query,
            );
            if (isAnswer(page)) return page;
            const data = page.data.map(({ segment, added_at }) => segmentItem(segment, added_at));
            return faulted(ctx, () => ({ status: 200, body: list({ ...page, data }) }));
          }),
      },
    },
    {
      path: '/contacts/:contact/segments/:segment',
      methods: {
        POST: ({ params }) =>
          withoutBody(() => {
            const found = membership(params);
            if ('refuse' in found) return found.refuse;
            const { contact, segment } = found;
            return faulted(ctx, () => {
              audience.addToSegment(contact.id, segment.id);
              return {
                status: 200,
                body: { object: 'contact_segment', contact_id: contact.id, segment_id: segment.id },
              };
            });
          }),
        DELETE: ({ params }) =>
          withoutBody(() => {
            const found = membership(params);
            if ('refuse' in found) return found.refuse;
            const { contact, segment } = found;
            return faulted(ctx, () => {
              audience.removeFromSegment(contact.id, segment.id);
              return {
                status: 200,
                body: {
                  object: 'contact_segment',
                  contact_id: contact.id,
                  segment_id: segment.id,
                  deleted: true,
                },
              };
            });
          }),
      },
    },
  ];
}
