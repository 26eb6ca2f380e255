import { SITE_ROUTES } from '@agentora/data/routes';
import { ERROR_PAGE_PATH } from './page-files';
import { ALL_PAGES, selectPages } from './prerender';

describe('selectPages', () => {
  it('renders every route of the table and the error page for a shell deploy', () => {
    expect(selectPages({ all: true }, {})).toEqual([
      ...SITE_ROUTES.map((route) => route.path),
      ERROR_PAGE_PATH,
    ]);
  });

  it("renders a remote's pages: the routes whose page module it owns", () => {
    const careers = selectPages({ remote: 'careers' }, {});
    expect(careers).toEqual(
      SITE_ROUTES.filter((route) => route.page.remote === 'careers').map((route) => route.path),
    );
    const signups = selectPages({ remote: 'signups' }, {});
    expect(signups).toContain('/coming-soon');
    expect(signups).not.toContain('/about');
  });

  it("renders the pages of several remotes, and the error page when asked (an owner's e2e site)", () => {
    const pages = selectPages({ remotes: ['careers', 'signups'], errorPage: true }, {});
    expect(pages).toContain('/careers');
    expect(pages).toContain('/coming-soon');
    expect(pages).toContain(ERROR_PAGE_PATH);
    expect(pages).not.toContain('/about');
    expect(selectPages({ remotes: ['careers'] }, {})).not.toContain(ERROR_PAGE_PATH);
  });

  it('and the pages whose last render showed one of its modules', () => {
    const record = {
      '/': {
        file: 'index.html',
        parts: { 'content/HomePage': 'a', 'signups/EarlyAccessSection': 'b' },
        renderedAt: '',
      },
    };
    expect(selectPages({ remote: 'signups' }, record)).toContain('/');
    expect(selectPages({ remote: 'careers' }, record)).not.toContain('/');
  });

  it('renders the pages it is given', () => {
    expect(selectPages({ paths: ['/about', '/blog'] }, {})).toEqual(['/about', '/blog']);
  });

  it('knows every page once', () => {
    expect(new Set(ALL_PAGES).size).toBe(ALL_PAGES.length);
  });
});
