import { inResend, type Audience } from '@agentora/fake-resend';
import type { RequestContext } from '../http/context.ts';
import { sendJson } from '../http/reply.ts';

/**
 * The local Resend's audience, for people and tests (docs/audience.md, "Locally"):
 * GET /outbox/audience.json, its segments (each with its contacts' addresses) and contacts; and what
 * happens in Resend itself rather than through its API, which Resend reports by a signed contact event
 * to this server's resend-webhook: POST /outbox/audience/unsubscribe?contact=<id or address> (the
 * contact follows a broadcast's unsubscribe link) and POST /outbox/audience/delete?contact=… (someone
 * deletes it in Resend's dashboard). Answers once the event has been posted.
 */
export async function handleAudience(
  ctx: RequestContext,
  audience: Audience,
  path: string,
): Promise<void> {
  if (path === '.json') {
    if (ctx.req.method !== 'GET' && ctx.req.method !== 'HEAD') {
      sendJson(ctx.res, 405, { message: 'Read it with GET' }, { Allow: 'GET, HEAD' });
      return;
    }
    sendJson(ctx.res, 200, audience.view(), { 'Cache-Control': 'no-store' });
    return;
  }
  const action = /^\/(unsubscribe|delete)$/.exec(path)?.[1];
  if (!action) {
    sendJson(ctx.res, 404, { message: 'No such page of the local audience' });
    return;
  }
  if (ctx.req.method !== 'POST') {
    sendJson(ctx.res, 405, { message: 'Send it with POST' }, { Allow: 'POST' });
    return;
  }
  const contact = new URL(ctx.req.url ?? '/', 'http://local.invalid').searchParams.get('contact');
  if (!contact || !audience.contact(contact)) {
    sendJson(ctx.res, 404, { message: 'The local Resend has no such contact' });
    return;
  }
  const resend = inResend(audience);
  const changed =
    action === 'unsubscribe'
      ? resend.updateContact(contact, { unsubscribed: true })
      : resend.deleteContact(contact);
  sendJson(ctx.res, 200, {
    contact: changed.id,
    [action === 'unsubscribe' ? 'unsubscribed' : 'deleted']: true,
  });
}
