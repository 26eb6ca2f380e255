/** @jest-environment node */
// The edge functions are deployed on their own and cannot import this library, so they keep their own copy of
// the brand; this is the check that the copy matches libs/data's site constants.
import { EMAIL_BRAND } from '@agentora/backend-rules/brand';
import { EMAIL_PAGE_PATHS, REFERRAL_LANDING_PATHS } from '@agentora/backend-rules/site-paths';
import { BRAND, LAUNCH_YEAR, SITE_URL, SUPPORT_EMAIL } from '../site/constants';
import { findRoute } from '../site/routes';

it("the thank-you emails use the site's brand constants", () => {
  expect(EMAIL_BRAND).toEqual({
    name: BRAND,
    siteUrl: SITE_URL,
    supportEmail: SUPPORT_EMAIL,
    launchYear: LAUNCH_YEAR,
  });
});

it('the mail links open pages of the route table, the ones that act on a token kept from search engines', () => {
  expect(findRoute(EMAIL_PAGE_PATHS.confirm)).toMatchObject({
    page: { remote: 'signups', expose: './EmailConfirmPage' },
    noindex: true,
  });
  expect(findRoute(EMAIL_PAGE_PATHS.unsubscribe)).toMatchObject({
    page: { remote: 'signups', expose: './EmailUnsubscribePage' },
    noindex: true,
  });
  expect(findRoute(EMAIL_PAGE_PATHS.privacy)).toMatchObject({
    page: { remote: 'signups', expose: './PrivacyRequestPage' },
  });
  expect(findRoute(EMAIL_PAGE_PATHS.place)).toMatchObject({
    page: { remote: 'signups', expose: './EmailPlacePage' },
    noindex: true,
  });
});

it("a referral link lands on the page with its list's form", () => {
  expect(findRoute(REFERRAL_LANDING_PATHS.early_access)).toMatchObject({
    page: { remote: 'content', expose: './HomePage' },
  });
  expect(findRoute(REFERRAL_LANDING_PATHS.waitlist)).toMatchObject({
    page: { remote: 'signups', expose: './WaitlistPage' },
  });
});
