export {
  startFakeResend,
  type AcceptedMail,
  type FakeResend,
  type FakeResendOptions,
  type FakeResendStats,
} from './fake-resend.ts';
