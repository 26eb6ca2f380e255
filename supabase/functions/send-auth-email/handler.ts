import { isRecord } from '../_shared/http/body.ts';
import { acceptMethods, type RequestHandler } from '../_shared/http/responses.ts';
import type { SendAuthEmailResponseBody } from '../_shared/rules/function-answers.ts';
import { readSignedJson } from '../_shared/webhooks/signed-json.ts';

export interface SendAuthEmailDeps {
  /** The Send Email Hook's signing keys (SEND_EMAIL_HOOK_SECRET, _shared/webhooks/standard-webhooks.ts). */
  keys: readonly Uint8Array<ArrayBuffer>[];
  now?: () => number;
}

/** The hook's payload is small JSON (Auth caps what it sends far below this). */
const MAX_BODY_BYTES = 64 * 1024;

function answer(status: number, body: SendAuthEmailResponseBody): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const hookError = (status: number, httpCode: number, message: string) =>
  answer(status, { error: { http_code: httpCode, message } });

/**
 * send-auth-email: Supabase Auth's Send Email Hook, which mails nothing. While the hook is on, Auth sends
 * no mail of its own, and this answers every mail Auth asks for — a code for an address that has an Auth
 * user, a recovery, an invitation, a change of address, a notification — as sent, for any address. The
 * console's codes are the function console-sign-in's, mailed only to staff; no Auth user carries a staff
 * address (docs/security.md, "The console"). So Auth mails nobody, and since its answer is the same
 * whoever the address is, it tells nobody whether an address has an account. Only a request that Auth
 * signed (Standard Webhooks, SEND_EMAIL_HOOK_SECRET) and that is recent is answered so; anything else is
 * refused, and nothing here logs an address or a code.
 */
export function createSendAuthEmailHandler(deps: SendAuthEmailDeps): RequestHandler {
  const now = deps.now ?? Date.now;
  return acceptMethods(
    {
      POST: async (request) => {
        const signed = await readSignedJson(request, deps.keys, {
          maxBytes: MAX_BODY_BYTES,
          nowSeconds: Math.floor(now() / 1000),
        });
        if (!signed.ok) return hookError(signed.status, signed.status, signed.message);
        const payload = signed.payload;
        const emailData = isRecord(payload) ? payload.email_data : undefined;
        const action = isRecord(emailData) ? emailData.email_action_type : undefined;
        if (typeof action !== 'string') {
          return hookError(400, 400, 'The payload has no email_data.');
        }
        return answer(200, {});
      },
    },
    { preflight: false, refuse: (status, message) => hookError(status, status, message) },
  );
}
