// The console's lists and application statuses, as the backend defines them, when the Referrals
// view suspects farming, the bounds of the CSP reports view's counts, the sign-in's codes, and the
// launch waves' numbers, reasons and states: for the
// console's remote, which builds on libs only. A subpath of its own, so no visitor page's shared
// @agentora/data carries it.
export * from '@agentora/backend-rules/console-lists';
export { SUSPECTED_FARMING } from '@agentora/backend-rules/places';
export { CSP_OVERFLOW_ROW, CSP_REPORT_LIMITS } from '@agentora/backend-rules/csp-reports';
export { CONSOLE_SIGN_IN, CONSOLE_SIGN_IN_CODE } from '@agentora/backend-rules/console-sign-in';
export {
  INVITE_STATES,
  LAUNCH_WAVES,
  SKIP_REASONS,
  type InviteState,
  type SkipReason,
  type WaveList,
  type WaveRule,
} from '@agentora/backend-rules/launch-waves';
