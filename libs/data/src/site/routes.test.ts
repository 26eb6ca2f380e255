/** @jest-environment node */
import { SITE_PATHS, SITE_ROUTES, canonicalUrl, findRoute, hydrationOf } from './routes';

describe('findRoute', () => {
  it('finds a route by its path, ignoring trailing slashes', () => {
    expect(findRoute('/careers')?.page).toEqual({ remote: 'careers', expose: './CareersPage' });
    expect(findRoute('/gdpr/')?.page).toEqual({ remote: 'signups', expose: './WaitlistPage' });
    expect(findRoute('/')?.page).toEqual({ remote: 'content', expose: './HomePage' });
  });

  it('finds nothing for an unknown path, including inherited object keys', () => {
    expect(findRoute('/nope')).toBeUndefined();
    expect(findRoute('/constructor')).toBeUndefined();
    expect(findRoute('/careers/apply')).toBeUndefined();
  });
});

describe('the route table', () => {
  it('has one entry per path, none with parameters', () => {
    expect(new Set(SITE_PATHS).size).toBe(SITE_ROUTES.length);
    for (const path of SITE_PATHS) expect(path).toMatch(/^(\/[a-z0-9-]+)+$|^\/$/);
  });

  it('titles the coming-soon aliases after what is coming', () => {
    expect(findRoute('/cookies')).toMatchObject({
      title: 'Cookie Policy — Coming Soon | Agentora',
      comingSoon: 'Cookie Policy',
    });
    expect(findRoute('/coming-soon')?.comingSoon).toBeUndefined();
  });
});

describe('hydrationOf', () => {
  it("runs a page's code at load only when its address has the parameter its route names", () => {
    const privacy = findRoute('/privacy/erase')!;
    expect(hydrationOf(privacy, '?action=erase&token=abc')).toBe('at-load');
    expect(hydrationOf(privacy, '')).toBe('when-used');
    expect(hydrationOf(privacy, '?action=erase')).toBe('when-used');
    // The mail links' own pages show their button in the HTML: they wait for the visitor too.
    expect(hydrationOf(findRoute('/email/confirm')!, '?token=abc')).toBe('when-used');
    expect(hydrationOf(findRoute('/about')!, '?token=abc')).toBe('when-used');
    // The place page has no button: opened from its mail link, it reads the place at once.
    expect(hydrationOf(findRoute('/email/place')!, '?token=abc')).toBe('at-load');
    expect(hydrationOf(findRoute('/email/place')!, '')).toBe('when-used');
  });
});

describe('canonicalUrl', () => {
  it('is the site origin plus the path, with no trailing slash on the home page', () => {
    expect(canonicalUrl('/')).toBe('https://agentora.ai');
    expect(canonicalUrl('/blog')).toBe('https://agentora.ai/blog');
  });
});
