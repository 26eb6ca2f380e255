// The site's pages that email links open. The functions are deployed on their own and cannot import
// libs/data, so these must equal the route table's paths (libs/data/src/site/routes.ts), which a libs/data
// test asserts.
export const EMAIL_PAGE_PATHS = {
  confirm: '/email/confirm',
  unsubscribe: '/email/unsubscribe',
  privacy: '/privacy/erase',
} as const;
