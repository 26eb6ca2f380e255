import { acceptMethods, type RequestHandler } from '../_shared/http/responses.ts';
import type { ResendWebhookResponseBody } from '../_shared/rules/function-answers.ts';
import { readSignedJson } from '../_shared/webhooks/signed-json.ts';
import { readContactEvent, type ContactEventStore } from './contact-events.ts';
import { readDeliveryEvent, type DeliveryEventStore } from './delivery-events.ts';

export interface ResendWebhookDeps {
  /** The webhook's signing keys (RESEND_WEBHOOK_SECRET, whsec_<base64>). */
  keys: readonly Uint8Array<ArrayBuffer>[];
  events: DeliveryEventStore;
  /** The contact events (docs/audience.md, "Resend's changes reach the site"). */
  contacts: ContactEventStore;
  now?: () => number;
  logError?: (message: string, error: unknown) => void;
}

/** An event is a few hundred bytes of JSON (its headers and tags with it, a few KB at most). */
export const MAX_BODY_BYTES = 64 * 1024;

// Resend reads nothing but the status; no CORS headers either: no browser has a reason to call this.
function answer(status: number, body: ResendWebhookResponseBody): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const refuse = (status: number, error: string) => answer(status, { success: false, error });

/**
 * resend-webhook: Resend's delivery events (docs/mail-queue.md, "Delivery and suppression"). Resend sends
 * no API key: the credential is the Svix signature (svix-id, svix-timestamp, svix-signature; Standard
 * Webhooks under Svix's names) made with RESEND_WEBHOOK_SECRET over the exact body, checked before the
 * body is parsed, with a timestamp within 5 minutes either side. A signed email.delivered,
 * email.delivery_delayed, email.bounced or email.complained is recorded once per webhook id (a replay
 * within the tolerance is answered 200 and records nothing); a permanent bounce or a complaint
 * suppresses the recipient's mailbox, and the database then keeps every later mail from it. Other signed
 * events are acknowledged and ignored. Nothing here logs an address.
 *
 * Signed the same, Resend's contact events (contact-events.ts): a contact unsubscribed or deleted in
 * Resend is unsubscribed here, once per webhook id; an echo of the site's own change, an event about an
 * address the site has no contact of, and contact.created change nothing and are answered 200.
 */
export function createResendWebhookHandler(deps: ResendWebhookDeps): RequestHandler {
  const now = deps.now ?? Date.now;
  const logError = deps.logError ?? ((message, error) => console.error(message, error));
  return acceptMethods(
    {
      POST: async (request) => {
        const signed = await readSignedJson(request, deps.keys, {
          maxBytes: MAX_BODY_BYTES,
          nowSeconds: Math.floor(now() / 1000),
          names: 'svix',
        });
        if (!signed.ok) return refuse(signed.status, signed.message);
        const contact = readContactEvent(signed.id, signed.payload);
        if (contact === null) return refuse(400, 'The payload is not a Resend contact event.');
        if (contact !== 'other') {
          try {
            await deps.contacts.record(contact);
          } catch (error) {
            logError('resend-webhook: the contact event could not be recorded', error);
            return refuse(500, 'The event could not be recorded.');
          }
          return answer(200, { received: true });
        }
        const event = readDeliveryEvent(signed.id, signed.payload);
        if (event === null) return refuse(400, 'The payload is not a Resend event.');
        if (event === 'ignored') return answer(200, { received: true });
        try {
          await deps.events.record(event);
        } catch (error) {
          // Resend delivers it again later; a retry the database already took is a replay, recorded once.
          logError('resend-webhook: the event could not be recorded', error);
          return refuse(500, 'The event could not be recorded.');
        }
        return answer(200, { received: true });
      },
    },
    { preflight: false, refuse },
  );
}
