export {
  startFakeResend,
  type FakeResend,
  type FakeResendOptions,
  type FakeResendStats,
} from './fake-resend.ts';
export {
  BATCH_LIMIT,
  createResendApi,
  memoryStore,
  type AcceptedMail,
  type Answer,
  type BatchAnswer,
  type KeyedSend,
  type MailStore,
  type ResendAdmission,
  type ResendApi,
  type ResendApiOptions,
  type ResendStats,
} from './resend-api.ts';
export {
  eventsFor,
  svixHeaders,
  testAddressOutcome,
  withDeliveryWebhooks,
  type DeliveryWebhookOptions,
  type DeliveryWebhooks,
  type TestOutcome,
  type WebhookEvent,
} from './delivery-webhooks.ts';
