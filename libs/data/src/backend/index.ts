export { BackendError, isDuplicateKeyError, isRateLimitError } from './backend-error';
export {
  insertEarlyAccessSignup,
  insertNewsletterSubscription,
  insertWaitlistSignup,
  type WaitlistFields,
} from './signups';
export {
  APPLICATION_COLUMNS,
  APPLICATION_MAX_LENGTH,
  submitApplication,
  type ApplicationFields,
  type ApplicationRefusal,
  type ApplicationSubmission,
} from './applications';
export {
  invokeThankYouEmail,
  sendThankYouEmail,
  type ThankYouEmailResult,
  type ThankYouEmailType,
} from './thank-you-email';
