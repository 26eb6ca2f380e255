export { BackendError, isDuplicateKeyError } from './backend-error';
export {
  insertEarlyAccessSignup,
  insertNewsletterSubscription,
  insertWaitlistSignup,
  type WaitlistFields,
} from './signups';
export { insertGeneralApplication, type ApplicationFields } from './applications';
export { uploadResume } from './resume-upload';
export {
  invokeThankYouEmail,
  sendThankYouEmail,
  type ThankYouEmailResult,
  type ThankYouEmailType,
} from './thank-you-email';
export { firstNameFromEmail } from './first-name';
