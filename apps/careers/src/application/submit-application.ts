import { submitApplication as sendApplication, type ApplicationRefusal } from '@agentora/data';
import {
  BOT_CHECK_FAILED_MESSAGE,
  INVALID_RESUME_TYPE_MESSAGE,
  RATE_LIMITED_MESSAGE,
  RESUME_TOO_LARGE_MESSAGE,
  resumeMimeType,
} from '@agentora/forms';
import type { ApplicationValues } from './application-values';
import {
  DUPLICATE_APPLICATION_MESSAGE,
  SUBMIT_FAILED_MESSAGE,
  UPLOAD_FAILED_MESSAGE,
  successMessage,
} from './messages';

export type SubmitOutcome = { ok: true; message: string } | { ok: false; message: string };

/** What the visitor reads for each reason the application was not taken. */
const REFUSAL_MESSAGES: Readonly<Record<ApplicationRefusal, string>> = {
  duplicate: DUPLICATE_APPLICATION_MESSAGE,
  rate_limited: RATE_LIMITED_MESSAGE,
  // The server looked at the file's bytes and they were not what the name and type said.
  resume_type: INVALID_RESUME_TYPE_MESSAGE,
  resume_too_large: RESUME_TOO_LARGE_MESSAGE,
  upload_failed: UPLOAD_FAILED_MESSAGE,
  bot_check_failed: BOT_CHECK_FAILED_MESSAGE,
  bot_check_unavailable: BOT_CHECK_FAILED_MESSAGE,
  // A field the server refused that the form's own checks let through.
  invalid: SUBMIT_FAILED_MESSAGE,
  failed: SUBMIT_FAILED_MESSAGE,
  unreachable: SUBMIT_FAILED_MESSAGE,
};

/**
 * The file as it should be sent. When the browser gave no usable MIME type (common for .doc/.docx), the
 * server would refuse it, so the type its extension stands for is attached.
 */
function typedResume(file: File): File {
  const type = resumeMimeType(file);
  if (!type || type === file.type) return file;
  return new File([file], file.name, { type, lastModified: file.lastModified });
}

/**
 * One call: the fields, the résumé and the bot check's token go to submit-application, which stores the file privately, inserts
 * the application and sends the confirmation mail; its answer picks the message. `values` must already be
 * validated and trimmed.
 */
export async function submitApplication(
  values: ApplicationValues,
  resume: File | null,
  botCheckToken: string,
): Promise<SubmitOutcome> {
  const result = await sendApplication(
    values,
    resume ? typedResume(resume) : undefined,
    botCheckToken,
  );
  if (result.ok) return { ok: true, message: successMessage(result.emailSent) };
  if (!['duplicate', 'rate_limited', 'bot_check_failed'].includes(result.reason)) {
    console.error('The application was not taken:', result.reason);
  }
  // Nothing reached the server: with a résumé attached, that is first of all a résumé not uploaded.
  if (result.reason === 'unreachable' && resume)
    return { ok: false, message: UPLOAD_FAILED_MESSAGE };
  return { ok: false, message: REFUSAL_MESSAGES[result.reason] };
}
