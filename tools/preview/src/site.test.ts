import { prerenderedRemotes } from './site';

describe('prerenderedRemotes', () => {
  it('renders every page when all five apps are served and no remote is named', () => {
    expect(prerenderedRemotes(['shell', 'content', 'signups', 'careers', 'backoffice'])).toEqual(
      [],
    );
  });

  it("renders the served remotes' pages when only some are served", () => {
    expect(prerenderedRemotes(['shell', 'careers', 'signups'])).toEqual(['signups', 'careers']);
  });

  it("renders the named remotes' pages, served here or loaded from another host", () => {
    expect(prerenderedRemotes(['shell'], ['careers'])).toEqual(['careers']);
    expect(
      prerenderedRemotes(['shell', 'content', 'signups', 'careers', 'backoffice'], ['content']),
    ).toEqual(['content']);
  });

  it('refuses to guess for a shell alone, or an empty list (the prerender would render every page)', () => {
    expect(() => prerenderedRemotes(['shell'])).toThrow(/prerenderRemotes/);
    expect(() => prerenderedRemotes(['shell', 'careers'], [])).toThrow(/prerenderRemotes/);
  });
});
