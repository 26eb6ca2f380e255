import {
  guardLinkRequest,
  linkNotValid,
  linkGuards,
  type LinkFunctionDeps,
} from '../_shared/consent/link-request.ts';
import type { PrivacyLedger } from '../_shared/consent/link-ledger.ts';
import { isRecord, readJsonBody } from '../_shared/http/body.ts';
import {
  acceptMethods,
  errorResponse,
  jsonResponse,
  type RequestHandler,
} from '../_shared/http/responses.ts';
import type { PrivacyAction } from '../_shared/links/public-urls.ts';
import {
  removeQueuedResumes,
  type ResumeRemovalQueue,
} from '../_shared/privacy/resume-removals.ts';
import type { ResumeStore } from '../_shared/resumes/resume-store.ts';
import type {
  CopiedApplication,
  PrivacyFulfilResponseBody,
  StoredRecord,
} from '../_shared/rules/function-answers.ts';
import { isTokenShape, tokenHash } from '../_shared/tokens/email-token.ts';

export interface PrivacyFulfilDeps extends LinkFunctionDeps {
  ledger: Pick<PrivacyLedger, 'erase' | 'copy'>;
  resumes: ResumeStore;
  removals: ResumeRemovalQueue;
}

/** How long the résumé download in a copy works. */
export const RESUME_DOWNLOAD_SECONDS = 10 * 60;

const MAX_BODY_BYTES = 1024;
const isAction = (value: unknown): value is PrivacyAction => value === 'erase' || value === 'copy';

/**
 * privacy-fulfil: the site's privacy page POSTs `{token, action}` when the visitor presses its button. An
 * erase token deletes every row of its mailbox in the four tables, and the résumé files, and says what
 * went; a copy token returns every record of its mailbox, with each résumé as a short-lived download. Both
 * work once, within their hour; a token of the other action, like any other token, gets the neutral answer.
 */
export function createPrivacyFulfilHandler(deps: PrivacyFulfilDeps): RequestHandler {
  const guards = linkGuards(deps);
  const logError = guards.logError;
  const removal = { resumes: deps.resumes, queue: deps.removals, logError };

  async function erase(hash: string): Promise<Response> {
    const erasure = await deps.ledger.erase(hash);
    if (erasure === null) return linkNotValid();
    const files = await removeQueuedResumes(removal, erasure.resumePaths);
    const body: PrivacyFulfilResponseBody = {
      success: true,
      action: 'erase',
      erased: { ...erasure.erased, resumes: files.removed },
      pending: { resumes: files.pending },
      kept: erasure.kept,
    };
    return jsonResponse(200, body);
  }

  async function copyApplication(row: StoredRecord): Promise<CopiedApplication> {
    const { resume_path: path, ...stored } = row;
    const filename = stored.resume_filename;
    if (typeof path !== 'string' || typeof filename !== 'string')
      return { ...stored, resume: null };
    let url: string | null = null;
    try {
      url = await deps.resumes.signedDownloadUrl(path, filename, RESUME_DOWNLOAD_SECONDS);
    } catch (error) {
      logError('privacy-fulfil: a résumé download could not be signed', error);
    }
    return { ...stored, resume: { filename, url, expires_in_seconds: RESUME_DOWNLOAD_SECONDS } };
  }

  async function copy(hash: string): Promise<Response> {
    const records = await deps.ledger.copy(hash);
    if (records === null) return linkNotValid();
    const body: PrivacyFulfilResponseBody = {
      success: true,
      action: 'copy',
      records: {
        ...records,
        applications: await Promise.all(records.applications.map(copyApplication)),
      },
    };
    return jsonResponse(200, body);
  }

  return acceptMethods({
    POST: async (request) => {
      const refused = await guardLinkRequest(request, guards, 'privacy-fulfil');
      if (refused) return refused;
      const read = await readJsonBody(request, MAX_BODY_BYTES);
      if (!read.ok) return read.response;
      const { token, action } = isRecord(read.body) ? read.body : {};
      if (!isTokenShape(token) || !isAction(action)) return linkNotValid();
      try {
        const hash = await tokenHash(token);
        return action === 'erase' ? await erase(hash) : await copy(hash);
      } catch (error) {
        logError(`privacy-fulfil: the ${action} failed`, error);
        return errorResponse(500, 'The request could not be completed.');
      }
    },
  });
}
