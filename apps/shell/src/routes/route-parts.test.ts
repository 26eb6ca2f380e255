import { SITE_PATHS } from '@agentora/data/routes';
import { ROUTE_PARTS, partsForPath } from './route-parts';

describe('the first-screen modules per route', () => {
  it('covers every route of the spec', () => {
    expect(Object.keys(ROUTE_PARTS).sort()).toEqual([...SITE_PATHS].sort());
  });

  it('starts the home page with its content only: the sign-up sections load as they come near', () => {
    expect(partsForPath('/')).toEqual([{ remote: 'content', expose: './HomePage' }]);
  });

  it('maps the waitlist aliases and careers to their remotes, ignoring a trailing slash', () => {
    expect(partsForPath('/gdpr/')).toEqual([{ remote: 'signups', expose: './WaitlistPage' }]);
    expect(partsForPath('/careers')).toEqual([{ remote: 'careers', expose: './CareersPage' }]);
    expect(partsForPath('/blog')).toEqual([{ remote: 'content', expose: './BlogPage' }]);
  });

  it('has nothing for an unknown path, including inherited object keys', () => {
    expect(partsForPath('/nope')).toEqual([]);
    expect(partsForPath('/constructor')).toEqual([]);
  });
});
