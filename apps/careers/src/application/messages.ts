// The careers texts, word for word (docs/product/careers.md).
export const UPLOAD_FAILED_MESSAGE = 'Failed to upload resume. Please try again.';
export const DUPLICATE_APPLICATION_MESSAGE =
  'You have already submitted an application with this email address.';
export const SUBMIT_FAILED_MESSAGE =
  'Failed to submit application. Please try again or contact support.';

const SUBMITTED = 'Application submitted successfully!';
const CHECK_EMAIL = 'Check your email for confirmation.';
const REVIEW_PROMISE = "We'll review your application and get back to you within 5 business days.";

/** The success text; the email sentence only when the confirmation mail was actually sent. */
export function successMessage(emailSent: boolean): string {
  return emailSent
    ? `${SUBMITTED} ${CHECK_EMAIL} ${REVIEW_PROMISE}`
    : `${SUBMITTED} ${REVIEW_PROMISE}`;
}

/** Our addition: the database only takes http(s) links, so a bare "linkedin.com/in/…" is caught here. */
export const INVALID_URL_MESSAGE = 'Please enter a full link starting with https://';
