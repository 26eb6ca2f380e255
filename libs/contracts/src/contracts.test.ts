/** @jest-environment node */
import { REMOTE_EXPOSES, exposesMap } from './index';

describe('remote contracts', () => {
  it('maps each exposed name to its module under src/exposed', () => {
    expect(exposesMap('careers')).toEqual({ './CareersPage': './src/exposed/CareersPage.tsx' });
    expect(Object.keys(exposesMap('content'))).toHaveLength(11);
  });

  it('exposes the signups parts the shell places, and the pages of mail links', () => {
    expect(REMOTE_EXPOSES.signups).toEqual([
      './WaitlistPage',
      './EarlyAccessSection',
      './NewsletterSignup',
      './FooterNewsletter',
      './EmailConfirmPage',
      './EmailUnsubscribePage',
      './PrivacyRequestPage',
      './EmailPlacePage',
    ]);
  });
});
