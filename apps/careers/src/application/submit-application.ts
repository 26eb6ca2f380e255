import {
  insertGeneralApplication,
  isDuplicateKeyError,
  sendThankYouEmail,
  uploadResume,
} from '@agentora/data';
import { resumeMimeType } from '@agentora/forms';
import type { ApplicationValues } from './application-values';
import {
  DUPLICATE_APPLICATION_MESSAGE,
  SUBMIT_FAILED_MESSAGE,
  UPLOAD_FAILED_MESSAGE,
  successMessage,
} from './messages';

export type SubmitOutcome = { ok: true; message: string } | { ok: false; message: string };

/**
 * The file as it should be stored. When the browser gave no usable MIME type (common for .doc/.docx),
 * the bucket would refuse it, so the type its extension stands for is attached.
 */
function typedResume(file: File): File {
  const type = resumeMimeType(file);
  if (!type || type === file.type) return file;
  return new File([file], file.name, { type, lastModified: file.lastModified });
}

/**
 * In this order (docs/product/careers.md, "Submitting"): résumé upload (a failure stops here), the application insert, then the
 * confirmation email, whose failure only drops the email sentence from the success text.
 * `values` must already be validated and trimmed.
 */
export async function submitApplication(
  values: ApplicationValues,
  resume: File | null,
): Promise<SubmitOutcome> {
  let uploaded: { url: string; filename: string } | undefined;
  if (resume) {
    try {
      uploaded = await uploadResume(typedResume(resume));
    } catch (error) {
      console.error('Resume upload failed', error);
      return { ok: false, message: UPLOAD_FAILED_MESSAGE };
    }
  }

  try {
    await insertGeneralApplication(values, uploaded);
  } catch (error) {
    if (isDuplicateKeyError(error)) return { ok: false, message: DUPLICATE_APPLICATION_MESSAGE };
    console.error('Application insert failed', error);
    return { ok: false, message: SUBMIT_FAILED_MESSAGE };
  }

  const emailSent = await sendThankYouEmail({
    to: values.email,
    firstName: values.firstName,
    type: 'career',
    additionalData: {
      position: values.currentRole || 'the position',
      company: values.currentCompany,
    },
  }).catch(() => false);
  return { ok: true, message: successMessage(emailSent) };
}
