import {
  guardLinkRequest,
  linkNotValid,
  linkGuards,
  type LinkFunctionDeps,
} from '../_shared/consent/link-request.ts';
import type { ConsentLedger } from '../_shared/consent/link-ledger.ts';
import { readFormBody } from '../_shared/http/body.ts';
import {
  acceptMethods,
  errorResponse,
  jsonResponse,
  type RequestHandler,
} from '../_shared/http/responses.ts';
import { emailLinks, type PublicUrls } from '../_shared/links/public-urls.ts';
import type { UnsubscribeResponseBody } from '../_shared/rules/function-answers.ts';
import type { MailList } from '../_shared/rules/mail-lists.ts';
import { isTokenShape, tokenHash } from '../_shared/tokens/email-token.ts';

export interface UnsubscribeDeps extends LinkFunctionDeps {
  ledger: Pick<ConsentLedger, 'unsubscribe'>;
  urls: PublicUrls;
}

/** A one-click body is one short field; room for multipart framing. */
const MAX_BODY_BYTES = 2048;

/** RFC 8058 section 3.1: the POST's body carries this field, form-encoded (either form type). */
async function isOneClickBody(request: Request): Promise<boolean> {
  const form = await readFormBody(request, MAX_BODY_BYTES, [
    'application/x-www-form-urlencoded',
    'multipart/form-data',
  ]);
  return form.ok && form.body.get('List-Unsubscribe') === 'One-Click';
}

/**
 * unsubscribe: the target of every mail's `List-Unsubscribe` header (RFC 8058 one-click) and of the site's
 * unsubscribe page. `POST ?token=…` with the body `List-Unsubscribe=One-Click` works without a browser and
 * without an API key (supabase/config.toml: verify_jwt = false): it keeps the mailbox's fingerprint, the
 * list and the date, and deletes the sign-up. A GET (a mail client that opens the URL, a link scanner)
 * changes nothing and is sent to the site's page, which asks before it POSTs.
 */
export function createUnsubscribeHandler(deps: UnsubscribeDeps): RequestHandler {
  const guards = linkGuards(deps);
  // A mail client that opens the link, or a scanner that follows it, changes nothing: it is sent to the
  // site's page, which asks before it POSTs.
  const toPage: RequestHandler = (request) => {
    const token = new URL(request.url).searchParams.get('token');
    const page = emailLinks.unsubscribePage(deps.urls, isTokenShape(token) ? token : '');
    return Promise.resolve(new Response(null, { status: 303, headers: { Location: page } }));
  };
  const unsubscribe: RequestHandler = async (request) => {
    const token = new URL(request.url).searchParams.get('token');
    const refused = await guardLinkRequest(request, guards, 'unsubscribe');
    if (refused) return refused;
    if (!(await isOneClickBody(request))) {
      return errorResponse(400, 'Send the body List-Unsubscribe=One-Click (RFC 8058).');
    }
    if (!isTokenShape(token)) return linkNotValid();

    let list: MailList | null;
    try {
      list = await deps.ledger.unsubscribe(await tokenHash(token));
    } catch (error) {
      guards.logError('unsubscribe: the unsubscribe failed', error);
      return errorResponse(500, 'The link could not be checked.');
    }
    if (list === null) return linkNotValid();
    const body: UnsubscribeResponseBody = { success: true, list };
    return jsonResponse(200, body);
  };
  return acceptMethods({ GET: toPage, HEAD: toPage, POST: unsubscribe });
}
