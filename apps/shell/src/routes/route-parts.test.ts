import { FRAME_PARTS, partsForPath } from './route-parts';

jest.mock('../federation/remote-loader', () => ({ loadExposed: jest.fn(), resetRemote: jest.fn() }));

describe('parts to preload per route', () => {
  it('preloads the home page with its two signups sections', () => {
    expect(partsForPath('/')).toEqual([
      { remote: 'content', expose: './HomePage' },
      { remote: 'signups', expose: './EarlyAccessSection' },
      { remote: 'signups', expose: './NewsletterSignup' },
    ]);
  });

  it('maps the waitlist aliases and careers to their remotes, ignoring a trailing slash', () => {
    expect(partsForPath('/gdpr/')).toEqual([{ remote: 'signups', expose: './WaitlistPage' }]);
    expect(partsForPath('/careers')).toEqual([{ remote: 'careers', expose: './CareersPage' }]);
  });

  it('preloads nothing page-specific for an unknown path, but always the footer form', () => {
    expect(partsForPath('/nope')).toEqual([]);
    expect(FRAME_PARTS).toEqual([{ remote: 'signups', expose: './FooterNewsletter' }]);
  });
});
