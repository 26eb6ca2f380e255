// The email function is deployed on its own and cannot import this library, so it keeps its own copy of
// the brand; this is the check that the copy matches the one source of truth (docs/architecture.md, "Names and constants").
import { EMAIL_BRAND } from '../../../../supabase/functions/send-thank-you-email/brand';
import { BRAND, LAUNCH_YEAR, SITE_URL, SUPPORT_EMAIL } from '../site/constants';

it("the thank-you emails use the site's brand constants", () => {
  expect(EMAIL_BRAND).toEqual({
    name: BRAND,
    siteUrl: SITE_URL,
    supportEmail: SUPPORT_EMAIL,
    launchYear: LAUNCH_YEAR,
  });
});
