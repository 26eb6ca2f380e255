export {
  startFakeResend,
  type FakeResend,
  type FakeResendOptions,
  type FakeResendStats,
  type ResendWebhookEvent,
} from './fake-resend.ts';
export { createResendApi, type ResendApi, type ResendApiOptions } from './resend-api.ts';
export type { Answer } from './api/answer.ts';
export type { RequestHead, ResendAdmission } from './api/admission.ts';
export type { ResendStats } from './api/stats.ts';
export {
  memoryStore,
  type AcceptedMail,
  type BatchAnswer,
  type KeyedSend,
  type MailStore,
} from './emails/mail-store.ts';
export { BATCH_LIMIT } from './emails/send-batch.ts';
export {
  memoryAudience,
  type Audience,
  type AudienceState,
  type AudienceView,
  type Contact,
  type ContactChange,
  type ContactChanges,
  type MemoryAudienceOptions,
  type Segment,
} from './contacts/audience.ts';
export { inResend, type InResend } from './contacts/in-resend.ts';
export {
  contactEvent,
  type ContactEvent,
  type ContactEventType,
} from './webhooks/contact-events.ts';
export {
  eventsFor,
  testAddressOutcome,
  withDeliveryWebhooks,
  type DeliveryEvent,
  type DeliveryWebhookOptions,
  type DeliveryWebhooks,
  type TestOutcome,
} from './webhooks/delivery-webhooks.ts';
export {
  svixHeaders,
  webhookEndpoint,
  type PostableEvent,
  type WebhookEndpoint,
  type WebhookEndpointOptions,
} from './webhooks/endpoint.ts';
