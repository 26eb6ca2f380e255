// The edge functions are deployed on their own and cannot import this library, so they keep their own copy of
// the brand; this is the check that the copy matches libs/data's site constants.
import { EMAIL_BRAND } from '../../../../supabase/functions/_shared/brand';
import { BRAND, LAUNCH_YEAR, SITE_URL, SUPPORT_EMAIL } from '../site/constants';

it("the thank-you emails use the site's brand constants", () => {
  expect(EMAIL_BRAND).toEqual({
    name: BRAND,
    siteUrl: SITE_URL,
    supportEmail: SUPPORT_EMAIL,
    launchYear: LAUNCH_YEAR,
  });
});
