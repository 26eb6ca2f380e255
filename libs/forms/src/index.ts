export { INVALID_EMAIL_MESSAGE, isValidEmail, emailError } from './validation/email';
export { REQUIRED_FIELDS_MESSAGE } from './validation/messages';
export { useSubmitStatus, type SubmitStatus, type SubmitState, type SubmitStatusOptions } from './submission/useSubmitStatus';
export { focusFirstInvalid } from './submission/focusFirstInvalid';
