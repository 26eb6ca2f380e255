import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { COMING_SOON_PATHS, SITE_PATHS } from '@agentora/data';
import { AppThemeProvider } from '@agentora/ui';
import { loadExposed } from '../federation/remote-loader';
import { routeObjects } from './router';
import { SITE_ROUTES } from './route-table';

jest.mock('../federation/remote-loader', () => ({ loadExposed: jest.fn(), resetRemote: jest.fn() }));

const loadExposedMock = loadExposed as jest.MockedFunction<typeof loadExposed>;

function renderAt(path: string) {
  return render(
    <AppThemeProvider>
      <RouterProvider router={createMemoryRouter(routeObjects, { initialEntries: [path] })} />
    </AppThemeProvider>,
  );
}

describe('route table', () => {
  beforeEach(() => {
    loadExposedMock.mockImplementation(async (remote, expose) => ({ default: () => <h1>{`${remote} ${expose}`}</h1> }) as never);
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
