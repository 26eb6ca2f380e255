// What each function answers, for the site's typed calls (@agentora/backend/responses). Types only: the
// front end shares the answers' shapes, never a function's code.
export type { ConfirmEmailResponseBody, PlaceInLine } from './confirm-email/handler.ts';
export type { ConsoleExportErrorBody } from './console-export/handler.ts';
export type { PrivacyFulfilResponseBody } from './privacy-fulfil/handler.ts';
export type { SendQueuedMailResponseBody } from './send-queued-mail/handler.ts';
export type { SignupPlaceResponseBody } from './signup-place/handler.ts';
export type { SubmitApplicationResponseBody } from './submit-application/handler.ts';
export type { ThankYouResponseBody } from './send-thank-you-email/handler.ts';
export type { UnsubscribeResponseBody } from './unsubscribe/handler.ts';
