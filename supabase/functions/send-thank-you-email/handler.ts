import { DEFAULT_FROM } from './brand.ts';
import { CORS_HEADERS } from './cors.ts';
import { renderThankYouEmail } from './email-content.ts';
import { parseThankYouRequest } from './payload.ts';
import type { MailTransport, ThankYouLedger, ThankYouResponseBody } from './types.ts';

export interface ThankYouHandlerDeps {
  ledger: ThankYouLedger;
  transport: MailTransport;
  /** The From header; defaults to the brand's support address. */
  from?: string;
  /** Where failures are reported; the response never carries internal details. */
  logError?: (message: string, error: unknown) => void;
}

export type RequestHandler = (request: Request) => Promise<Response>;

const NOT_ELIGIBLE = 'No recent sign-up awaiting a thank-you email was found for this address.';

function reply(status: number, body: ThankYouResponseBody): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS_HEADERS, 'Content-Type': 'application/json' },
  });
}

/**
 * send-thank-you-email as a plain fetch handler: Deno.serve runs it in production and the local server
 * runs the very same module. It is not an open relay: the ledger must hand out a claim on a fresh,
 * unmailed sign-up of the matching type before anything is sent.
 */
export function createThankYouEmailHandler(deps: ThankYouHandlerDeps): RequestHandler {
  const from = deps.from ?? DEFAULT_FROM;
  const logError = deps.logError ?? ((message, error) => console.error(message, error));

  return async (request) => {
    if (request.method === 'OPTIONS') return new Response('ok', { headers: CORS_HEADERS });
    if (request.method !== 'POST') return reply(405, { success: false, error: 'Use POST.' });

    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return reply(400, { success: false, error: 'The request body must be JSON.' });
    }
    const parsed = parseThankYouRequest(body);
    if (!parsed.ok) return reply(400, { success: false, error: parsed.error });
    const thankYou = parsed.request;

    let claimId: string | null;
    try {
      claimId = await deps.ledger.claim(thankYou.type, thankYou.to);
    } catch (error) {
      logError('send-thank-you-email: the sign-up lookup failed', error);
      return reply(500, { success: false, error: 'The sign-up could not be checked.' });
    }
    if (claimId === null) return reply(403, { success: false, error: NOT_ELIGIBLE });

    const email = renderThankYouEmail(thankYou);
    try {
      const { id } = await deps.transport.send({ from, to: thankYou.to, ...email });
      return reply(200, { success: true, emailId: id, type: thankYou.type });
    } catch (error) {
      logError('send-thank-you-email: the mail was not accepted', error);
      try {
        await deps.ledger.release(thankYou.type, claimId);
      } catch (releaseError) {
        logError('send-thank-you-email: the claim could not be released', releaseError);
      }
      return reply(502, { success: false, error: 'The email could not be sent.' });
    }
  };
}
