import { isRecord, readJsonBody } from '../_shared/http/body.ts';
import { acceptMethods, type RequestHandler } from '../_shared/http/responses.ts';
import type {
  RedeemInviteRefusal,
  RedeemInviteResponseBody,
} from '../_shared/rules/function-answers.ts';
import { tokenHash } from '../_shared/tokens/email-token.ts';
import { isInviteTokenShape, isMadeWith } from '../_shared/tokens/invite-token.ts';
import type { InvitationStore } from './invitation-store.ts';

export interface RedeemInviteDeps {
  invitations: InvitationStore;
  /** MAIL_LINK_SECRET: an invitation's token is made with it (tokens/invite-token.ts). */
  linkSecret: string;
  logError?: (message: string, error: unknown) => void;
}

/** `{"token": "<64 characters>"}` with room to spare. */
export const MAX_BODY_BYTES = 1024;

/** What each refusal says, with its status: the product team's table (docs/launch-waves.md). */
export const REFUSALS: Readonly<Record<RedeemInviteRefusal, { status: number; message: string }>> =
  {
    malformed_token: {
      status: 400,
      message:
        'Send {"token": "<the invite parameter of the link>"}: that is not an invitation token.',
    },
    forged_token: { status: 403, message: 'No invitation was ever made with this token.' },
    unknown_token: {
      status: 404,
      message:
        'This invitation no longer exists: its member has left the list or had their data erased.',
    },
    already_redeemed: { status: 409, message: 'This invitation has been redeemed already.' },
    expired: { status: 410, message: "This invitation's link has expired." },
    called_from_a_browser: {
      status: 403,
      message:
        "redeem-invite is called by the product's server with the secret key, never from a browser.",
    },
  };

// The product's server reads this; no browser may (no CORS headers, and a browser's request is refused).
function answer(status: number, body: RedeemInviteResponseBody): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
}

function refuse(error: RedeemInviteRefusal, extra: Record<string, string> = {}): Response {
  const { status, message } = REFUSALS[error];
  return answer(status, { success: false, error, message, ...extra });
}

/**
 * A browser's request: a page's fetch or form POST always carries its Origin, which a server's client
 * does not send (Sec-Fetch-* are no sign: Node's fetch sends Sec-Fetch-Mode too).
 */
const fromABrowser = (request: Request) => request.headers.has('origin');

/**
 * redeem-invite: the product redeems an invitation's link (docs/launch-waves.md). POST
 * `{"token": "…"}` from its server with the project's secret key (index.ts checks it): 200 with the
 * invitee's address, list, place and wave, once; then 409 already_redeemed. 400 malformed_token for a
 * body or token of the wrong shape, 403 forged_token for a token of the right shape no invitation was
 * ever made with, 404 unknown_token for one that was made but names no invitation any more, 410 expired.
 * A request a browser made is refused (403) before the body is read, whatever key it carries.
 */
export function createRedeemInviteHandler(deps: RedeemInviteDeps): RequestHandler {
  const logError = deps.logError ?? ((message, error) => console.error(message, error));
  return acceptMethods(
    {
      POST: async (request) => {
        if (fromABrowser(request)) return refuse('called_from_a_browser');
        const read = await readJsonBody(request, MAX_BODY_BYTES);
        if (!read.ok) return read.response;
        const token = isRecord(read.body) ? read.body.token : undefined;
        if (!isInviteTokenShape(token)) return refuse('malformed_token');
        let redemption;
        try {
          redemption = await deps.invitations.redeem(await tokenHash(token));
        } catch (error) {
          logError('redeem-invite: the invitation could not be read', error);
          return answer(500, { success: false, error: 'The invitation could not be read.' });
        }
        switch (redemption.result) {
          case 'redeemed':
            return answer(200, { success: true, invitation: redemption.invitation });
          case 'redeemed_before':
            return refuse('already_redeemed', { redeemed_at: redemption.redeemed_at });
          case 'expired':
            return refuse('expired', { expires_at: redemption.expires_at });
          case 'unknown':
            // Looked up first whatever its MAC: a link made before MAIL_LINK_SECRET was rotated still
            // redeems by its hash, as every mail link does.
            return refuse(
              (await isMadeWith(deps.linkSecret, token)) ? 'unknown_token' : 'forged_token',
            );
        }
      },
    },
    {
      preflight: false,
      refuse: (status, message) => answer(status, { success: false, error: message }),
    },
  );
}
