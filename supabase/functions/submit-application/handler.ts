import type { VerifyBotCheck } from '../_shared/bot-check/from-environment.ts';
import { clientAddressOf } from '../_shared/http/client-address.ts';
import { acceptMethods, jsonResponse, type RequestHandler } from '../_shared/http/responses.ts';
import { RATE_LIMITED_ERROR, type RateLimiter } from '../_shared/rate-limit.ts';
import { validateApplicationFields } from '../_shared/rules/application-fields.ts';
import { botCheckAction, BOT_CHECK_FORM_FIELD } from '../_shared/rules/bot-check.ts';
import {
  checkResume,
  RESUME_MAX_LABEL,
  resumeDisplayName,
  resumeObjectPath,
} from '../_shared/rules/resume-file.ts';
import { queueThankYou, type ThankYouQueue } from '../_shared/thank-you/queue-thank-you.ts';
import { splitAttribution } from './application-attribution.ts';
import { readApplicationForm } from './application-form.ts';
import type { ApplicationStore } from './application-store.ts';
import type { ResumeStore } from '../_shared/resumes/resume-store.ts';
import type {
  SubmitApplicationError,
  SubmitApplicationResponseBody,
} from '../_shared/rules/function-answers.ts';

export interface SubmitApplicationDeps extends Omit<ThankYouQueue, 'logError'> {
  applications: ApplicationStore;
  resumes: ResumeStore;
  rateLimiter: RateLimiter;
  /** Asks the bot check (Turnstile's siteverify) about the application's token, before anything else. */
  verifyBotCheck: VerifyBotCheck;
  /** Runs after the answer: sends what was queued, when the provider's pace allows (EdgeRuntime.waitUntil). */
  afterAnswer?: () => void;
  logError?: ThankYouQueue['logError'];
}

function refuse(
  status: number,
  error: SubmitApplicationError,
  message: string,
  fields?: string[],
): Response {
  const body: SubmitApplicationResponseBody = { success: false, error, message };
  if (fields) body.fields = fields;
  return jsonResponse(status, body);
}

/**
 * submit-application: the careers form's one call. It takes the fields and the optional résumé as
 * multipart/form-data, with the visit's source fields (docs/growth.md) and the bot check's token, which
 * it verifies first; then it checks them as the table's constraints would (the file by its bytes), counts the
 * request against the client address's limit, uploads the file to the private bucket and inserts the
 * row with the service role (deleting the file again if the insert fails); the insert queues the
 * confirmation in its own transaction (supabase/schemas/mail-kinds.sql), which the worker renders from the
 * stored row, and the handler asks which message that is for its answer.
 */
export function createSubmitApplicationHandler(deps: SubmitApplicationDeps): RequestHandler {
  const logError = deps.logError ?? ((message, error) => console.error(message, error));
  const queue: ThankYouQueue = { ...deps, logError };
  const afterAnswer = deps.afterAnswer ?? (() => undefined);

  return acceptMethods(
    {
      POST: async (request) => {
        const form = await readApplicationForm(request);
        if (!form.ok) {
          switch (form.problem) {
            case 'too-large':
              return refuse(
                413,
                'resume_too_large',
                `The résumé is larger than ${RESUME_MAX_LABEL}.`,
              );
            case 'not-multipart':
              return refuse(415, 'invalid', 'Send the application as multipart/form-data.');
            case 'malformed':
              return refuse(400, 'invalid', 'The form data could not be read.');
          }
        }

        // The bot check first: nothing is checked, counted, uploaded or stored for a request without a
        // token it passes (docs/security.md, "The bot check").
        const fieldsSent = new Map(form.fields);
        const token = fieldsSent.get(BOT_CHECK_FORM_FIELD) ?? null;
        fieldsSent.delete(BOT_CHECK_FORM_FIELD);
        const check = await deps.verifyBotCheck(
          token,
          botCheckAction('career'),
          clientAddressOf(request),
        );
        if (check.outcome === 'unavailable') {
          logError(
            `submit-application: the bot check could not be asked (${check.reason})`,
            check.detail,
          );
          return refuse(
            503,
            'bot_check_unavailable',
            'The bot check could not be completed. Try again in a moment.',
          );
        }
        if (check.outcome === 'refused')
          return refuse(
            403,
            'bot_check_failed',
            'The bot check did not pass: solve a new one and send the form again.',
          );

        // A source field of another shape (an old tab's record, a site release ahead of the functions) is
        // left out, never the reason an applicant loses their application.
        const source = splitAttribution(fieldsSent);
        const fields = validateApplicationFields(source.fields);
        if (!fields.ok) {
          return refuse(
            400,
            'invalid',
            'Some fields are missing or invalid.',
            Object.keys(fields.problems),
          );
        }
        const resume = form.resume && { ...form.resume, check: checkResume(form.resume) };
        if (resume && !resume.check.ok) {
          return resume.check.problem === 'size'
            ? refuse(413, 'resume_too_large', `The résumé is larger than ${RESUME_MAX_LABEL}.`)
            : refuse(
                415,
                'resume_type',
                'The résumé must be a PDF, DOC or DOCX file of that type.',
              );
        }

        try {
          const limit = await deps.rateLimiter.take('submit-application', clientAddressOf(request));
          if (limit === 'limited') return refuse(429, 'rate_limited', RATE_LIMITED_ERROR);
        } catch (error) {
          logError('submit-application: the rate limit could not be checked', error);
          return refuse(500, 'failed', 'The application could not be checked.');
        }

        let stored: { path: string; filename: string } | undefined;
        if (resume?.check.ok) {
          const path = resumeObjectPath(resume.check.extension);
          try {
            await deps.resumes.upload(path, resume.bytes, resume.check.mimeType);
          } catch (error) {
            logError('submit-application: the résumé upload failed', error);
            return refuse(502, 'upload_failed', 'The résumé could not be stored.');
          }
          stored = { path, filename: resumeDisplayName(resume.name, resume.check.extension) };
        }

        const inserted = await deps.applications.insert({
          ...fields.row,
          ...source.attribution,
          resume_path: stored?.path ?? null,
          resume_filename: stored?.filename ?? null,
        });
        if (inserted.status !== 'inserted') {
          if (stored) {
            // No file outlives a failed application.
            await deps.resumes.remove(stored.path).catch((error: unknown) => {
              logError(`submit-application: ${stored.path} is left behind`, error);
            });
          }
          if (inserted.status === 'duplicate') {
            return refuse(409, 'duplicate', 'An application for this email address exists.');
          }
          logError('submit-application: the insert failed', inserted.reason);
          return refuse(500, 'failed', 'The application could not be stored.');
        }

        const mail = await queueThankYou(queue, 'career', fields.row.email ?? '');
        if (mail.status === 'queued') afterAnswer();
        // A queued confirmation counts as sent (docs/product/careers.md).
        return jsonResponse(200, { success: true, emailSent: mail.status === 'queued' });
      },
    },
    { refuse: (status, message) => refuse(status, 'invalid', message) },
  );
}
