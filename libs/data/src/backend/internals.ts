// The steps behind the site's backend calls — the inserts, the thank-you call, how an error is read, the
// key the visit's source is kept under — for the tests that run them against the local server
// (libs/data/backend-tests, a project of its own). The remotes use the calls (@agentora/data), never
// these.
export { ATTRIBUTION_KEY } from '../growth/attribution-store';
export { BackendError, isDuplicateKeyError, isRateLimitError } from './backend-error';
export {
  insertEarlyAccessSignup,
  insertNewsletterSubscription,
  insertWaitlistSignup,
} from './signups';
export { invokeThankYouEmail } from './thank-you-email';
