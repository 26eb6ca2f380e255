// What the remotes use of the backend: one call per form, each answering in outcomes rather than
// errors (docs/architecture.md, "Backend"). The inserts, the thank-you call and the error
// classification behind them stay inside this folder.
// The console makes its own calls with the staff session through the same client module: a lazy
// client with its own auth options, and the functions called and their refusals read the one way.
export {
  callFunction,
  FunctionError,
  functionUrl,
  lazySupabaseClient,
  type FunctionRequest,
  type SupabaseAuthOptions,
} from './client';
/** The bot check's action of each list's form (the function expects a token made for it). */
export { botCheckAction } from '@agentora/backend-rules/bot-check';
export {
  signUp,
  type SignupList,
  type SignupRefusal,
  type SignupResult,
  type SignupRows,
  type WaitlistFields,
} from './signups';
export {
  APPLICATION_COLUMNS,
  APPLICATION_MAX_LENGTH,
  EMPTY_APPLICATION,
  submitApplication,
  type ApplicationFields,
  type ApplicationRefusal,
  type ApplicationSubmission,
} from './applications';
export {
  confirmEmail,
  copyRecords,
  eraseRecords,
  placeOfLink,
  requestPrivacyLink,
  unsubscribe,
  type CopiedRecords,
  type ErasedRecords,
  type LinePlace,
  type LinkRefusal,
  type LinkUse,
  type MailList,
  type PrivacyAction,
} from './email-links';
