export { INVALID_EMAIL_MESSAGE, isValidEmail, emailError } from './validation/email';
export { REQUIRED_FIELDS_MESSAGE } from './validation/messages';
export { useSubmitStatus, type SubmitStatus, type SubmitState, type SubmitStatusOptions } from './submission/useSubmitStatus';
export { focusFirstInvalid } from './submission/focusFirstInvalid';
export {
  RESUME_MAX_BYTES,
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
