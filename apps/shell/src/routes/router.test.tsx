import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { COMING_SOON_PATHS, SITE_PATHS } from '@agentora/data';
import { AppThemeProvider } from '@agentora/ui';
import { loadExposed } from '../federation/remote-loader';
import { SiteRoutes } from './router';
import { SITE_ROUTES } from './route-table';
import { partsForPath } from './route-parts';

jest.mock('../federation/remote-loader', () => ({ loadExposed: jest.fn(), resetRemote: jest.fn() }));

const loadExposedMock = loadExposed as jest.MockedFunction<typeof loadExposed>;

function renderAt(path: string) {
  return render(
    <AppThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <SiteRoutes />
      </MemoryRouter>
    </AppThemeProvider>,
  );
}

afterEach(() => {
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
});

describe('route table', () => {
  beforeEach(() => {
    loadExposedMock.mockClear();
    // The visitor never scrolls here: parts that wait for the viewport stay unloaded.
    window.IntersectionObserver = class {
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    loadExposedMock.mockImplementation(
      async (remote, expose) =>
        ({
          default: ({ earlyAccessSlot, newsletterSlot }: { earlyAccessSlot?: ReactNode; newsletterSlot?: ReactNode }) => (
            <>
              <h1>{`${remote} ${expose}`}</h1>
              {earlyAccessSlot}
              {newsletterSlot}
            </>
          ),
        }) as never,
    );
  });

  it('has exactly the spec routes, none with parameters', () => {
    expect(SITE_ROUTES.map((route) => route.path).sort()).toEqual([...SITE_PATHS].sort());
    for (const route of SITE_ROUTES) expect(route.path).not.toMatch(/:/);
  });

  it.each(COMING_SOON_PATHS)(
    '%s shows the waitlist page from the signups remote',
    async (path) => {
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'signups ./WaitlistPage' })).toBeInTheDocument();
    },
  );

  it.each(SITE_ROUTES.map((route) => route.path))('%s renders exactly the first-screen modules the entry chunk preloads', async (path) => {
    renderAt(path);
    const [first] = partsForPath(path);
    await screen.findByRole('heading', { name: `${first!.remote} ${first!.expose}` });
    // The mocked modules render "<remote> <expose>" as their heading.
    const rendered = screen.getAllByRole('heading', { name: /^(content|signups|careers) \.\// }).map((heading) => heading.textContent);
    expect(rendered.sort()).toEqual(partsForPath(path).map((part) => `${part.remote} ${part.expose}`).sort());
  });

  it('loads the careers page from the careers remote and the rest from content', async () => {
    renderAt('/careers');
    expect(await screen.findByRole('heading', { name: 'careers ./CareersPage' })).toBeInTheDocument();
  });

  it('gives each route its own document title', async () => {
    renderAt('/blog');
    await screen.findByRole('heading', { name: 'content ./BlogPage' });
    expect(document.title).toBe('Blog | Agentora');
  });

  it('shows the fallback page with header and footer for an unknown route', async () => {
    renderAt('/definitely/not/here');
    expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
