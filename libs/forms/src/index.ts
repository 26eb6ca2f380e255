export {
  EMAIL_MAX_LENGTH,
  INVALID_EMAIL_MESSAGE,
  isValidEmail,
  emailError,
} from './validation/email';
export {
  BOT_CHECK_FAILED_MESSAGE,
  RATE_LIMITED_MESSAGE,
  REQUIRED_FIELDS_MESSAGE,
} from './validation/messages';
export {
  useSubmitStatus,
  type SubmitStatus,
  type SubmitState,
  type SubmitStatusOptions,
} from './submission/useSubmitStatus';
export { focusFirstInvalid } from './submission/focusFirstInvalid';
export {
  useSubmitFlow,
  type FormCheck,
  type SubmitFlow,
  type SubmitFlowOptions,
  type SubmitOutcome,
} from './submission/useSubmitFlow';
export { SUCCESS_RESET_MS } from './submission/timings';
export {
  RESUME_MAX_BYTES,
  RESUME_MAX_LABEL,
  RESUME_TYPES,
  RESUME_ACCEPT,
  INVALID_RESUME_TYPE_MESSAGE,
  RESUME_TOO_LARGE_MESSAGE,
  resumeError,
  resumeExtension,
  resumeMimeType,
  isAllowedResumeType,
  type ResumeExtension,
} from './resume/resume-rule';
export { FIELD_REQUIRED_MESSAGE, isBlank } from './validation/required-field';
export {
  useEmailSignup,
  checkEmail,
  EMAIL_FIELD_NAME,
  type EmailSignup,
  type EmailSignupOptions,
  type EmailSignupOutcome,
} from './email-signup/useEmailSignup';
export {
  EMPTY_WAITLIST_VALUES,
  WAITLIST_FIELD_NAMES,
  WAITLIST_REQUIRED_FIELDS,
  WAITLIST_MAX_LENGTH,
  COMPANY_SIZE_OPTIONS,
  HEAR_ABOUT_OPTIONS,
  type WaitlistFormValues,
  type WaitlistFieldName,
  type WaitlistOption,
} from './waitlist/waitlist-fields';
export {
  validateWaitlist,
  type WaitlistValidation,
  type WaitlistFieldErrors,
} from './waitlist/validate-waitlist';
export { useBotCheck, type FormBotCheck, type BotCheckTimeouts } from './bot-check/useBotCheck';
export { BotCheckError, type BotCheckFailure } from './bot-check/bot-check-error';
export { BOT_CHECK_SCRIPT_TIMEOUT_MS } from './bot-check/load-turnstile';
export {
  BOT_CHECK_CHALLENGE_TIMEOUT_MS,
  BOT_CHECK_TOKEN_USABLE_MS,
} from './bot-check/bot-check-widget';
