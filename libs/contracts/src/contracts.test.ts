import { REMOTE_EXPOSES, exposesMap, missingExposes } from './index';

describe('remote contracts', () => {
  it('maps each exposed name to its module under src/exposed', () => {
    expect(exposesMap('careers')).toEqual({ './CareersPage': './src/exposed/CareersPage.tsx' });
    expect(Object.keys(exposesMap('content'))).toHaveLength(10);
  });

  it('exposes the signups parts the shell places', () => {
    expect(REMOTE_EXPOSES.signups).toEqual(['./WaitlistPage', './EarlyAccessSection', './NewsletterSignup', './FooterNewsletter']);
  });
});

describe('missingExposes', () => {
  it('names each contract entry a build left out', () => {
    expect(missingExposes('signups', { name: 'signups', exposes: [{ path: './WaitlistPage' }, { path: './FooterNewsletter' }] })).toEqual([
      './EarlyAccessSection',
      './NewsletterSignup',
    ]);
  });

  it('treats a manifest of another remote as exposing nothing', () => {
    expect(missingExposes('careers', { name: 'content', exposes: [{ path: './CareersPage' }] })).toEqual(['./CareersPage']);
  });
});
