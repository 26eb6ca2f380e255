import { DEFAULT_FROM } from '../_shared/brand.ts';
import {
  guardLinkRequest,
  methodNotAllowed,
  type LinkRequestGuards,
} from '../_shared/consent/link-request.ts';
import type { PrivacyLedger } from '../_shared/consent/link-ledger.ts';
import { clientAddressOf } from '../_shared/http/client-address.ts';
import { isRecord, readJsonBody } from '../_shared/http/json-body.ts';
import { jsonResponse, preflightResponse, type RequestHandler } from '../_shared/http/responses.ts';
import { emailLinks, type PrivacyAction, type PublicUrls } from '../_shared/links/public-urls.ts';
import type { MailTransport } from '../_shared/mail/types.ts';
import { renderPrivacyLinkEmail } from '../_shared/privacy/privacy-link-email.ts';
import { isPlainEmailAddress, mailboxOf } from '../_shared/rules/email-address.ts';
import { newToken } from '../_shared/tokens/email-token.ts';

export interface PrivacyRequestDeps extends Omit<LinkRequestGuards, 'logError'> {
  ledger: Pick<PrivacyLedger, 'issue'>;
  transport: MailTransport;
  urls: PublicUrls;
  from?: string;
  /**
   * Runs the mail after the answer is sent, so the answer takes as long whether or not a mail goes out
   * (EdgeRuntime.waitUntil on hosted Supabase). Default: start it and do not wait.
   */
  defer?: (task: Promise<unknown>) => void;
  logError?: LinkRequestGuards['logError'];
}

export type PrivacyRequestResponseBody = { success: true } | { success: false; error: string };

const MAX_BODY_BYTES = 1024;
const ACTIONS: readonly PrivacyAction[] = ['erase', 'copy'];
const isAction = (value: unknown): value is PrivacyAction =>
  typeof value === 'string' && (ACTIONS as readonly string[]).includes(value);

/**
 * privacy-request: `{email, action: 'erase' | 'copy'}` from the site's privacy page. It stores a 1-hour
 * token for the address's mailbox and, only when the mailbox has records here (and has had fewer than 3
 * links today at this client address's request, and fewer than 10 in all), mails the link to the mailbox. The answer is the same 202 in every case: it says nothing
 * about whether the address is known, and the mail goes out after it.
 */
export function createPrivacyRequestHandler(deps: PrivacyRequestDeps): RequestHandler {
  const logError = deps.logError ?? ((message, error) => console.error(message, error));
  const guards: LinkRequestGuards = { ...deps, logError };
  const defer =
    deps.defer ??
    ((task: Promise<unknown>) => {
      void task;
    });

  async function mailLink(action: PrivacyAction, email: string, token: string, hash: string) {
    try {
      await deps.transport.send({
        from: deps.from ?? DEFAULT_FROM,
        // The mailbox itself (lower case, no +tag): the records the link opens are the mailbox's.
        to: mailboxOf(email),
        ...renderPrivacyLinkEmail(
          action,
          emailLinks.privacyLink(deps.urls, action, token),
          deps.urls.siteUrl,
        ),
        idempotencyKey: `privacy/${action}/${hash}`,
      });
    } catch (error) {
      logError('privacy-request: the link was not confirmed as sent', error);
    }
  }

  return async (request) => {
    if (request.method === 'OPTIONS') return preflightResponse();
    if (request.method !== 'POST') return methodNotAllowed('POST');
    const read = await readJsonBody(request, MAX_BODY_BYTES);
    if (!read.ok) return read.response;
    const { email, action } = isRecord(read.body) ? read.body : {};
    if (typeof email !== 'string' || !isPlainEmailAddress(email.trim()) || !isAction(action)) {
      return jsonResponse(400, {
        success: false,
        error: 'Send {"email": a plain email address, "action": "erase" or "copy"}.',
      });
    }
    const refused = await guardLinkRequest(request, guards, 'privacy-request');
    if (refused) return refused;

    const address = email.trim();
    const { token, hash } = await newToken();
    let mail: boolean;
    try {
      mail = await deps.ledger.issue(address, action, hash, clientAddressOf(request));
    } catch (error) {
      logError('privacy-request: the link could not be stored', error);
      return jsonResponse(500, { success: false, error: 'The request could not be stored.' });
    }
    if (mail) defer(mailLink(action, address, token, hash));
    const body: PrivacyRequestResponseBody = { success: true };
    return jsonResponse(202, body);
  };
}
