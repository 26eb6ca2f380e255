import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { REMOTE_EXPOSES, type RemoteName } from '@agentora/contracts';
import { SITE_ROUTES } from '@agentora/data/routes';
import { AppThemeProvider } from '@agentora/ui';
import { SiteRoutes } from './router';
import {
  forgetLoadedModules,
  loadRemoteMock,
  serveModules,
  type ModuleAnswer,
} from '../test-support/fake-federation-runtime';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
  getInstance: jest.fn(() => ({})),
  init: jest.fn(),
}));

function renderAt(path: string) {
  return render(
    <AppThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <SiteRoutes />
      </MemoryRouter>
    </AppThemeProvider>,
  );
}

/** Every exposed module renders "<remote> <module>" as its heading, plus the slots it is given. */
function serveEveryModule() {
  const answers: Record<string, ModuleAnswer> = {};
  for (const [remote, names] of Object.entries(REMOTE_EXPOSES) as [
    RemoteName,
    readonly string[],
  ][]) {
    for (const name of names) {
      answers[`${remote}/${name.slice(2)}`] = {
        default: ({
          earlyAccessSlot,
          newsletterSlot,
        }: {
          earlyAccessSlot?: ReactNode;
          newsletterSlot?: ReactNode;
        }) => (
          <>
            <h1>{`${remote} ${name}`}</h1>
            {earlyAccessSlot}
            {newsletterSlot}
          </>
        ),
      };
    }
  }
  serveModules(answers);
}

describe('the site routes', () => {
  beforeEach(() => {
    window.scrollTo = jest.fn();
    // The visitor never scrolls here: parts that wait for the viewport stay unloaded.
    window.IntersectionObserver = class {
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    serveEveryModule();
  });
  afterEach(() => {
    forgetLoadedModules();
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it.each(SITE_ROUTES.map((route) => [route.path, route]))(
    '%s shows its page module, with its title, and nothing else on the first screen',
    async (path, route) => {
      renderAt(path);
      const { remote, expose } = route.page;
      expect(
        await screen.findByRole('heading', { name: `${remote} ${expose}` }),
      ).toBeInTheDocument();
      expect(document.title).toBe(route.title);
      // The footer form and the home page's sections wait until the visitor scrolls near them.
      expect(loadRemoteMock.mock.calls.map(([id]) => id)).toEqual([`${remote}/${expose.slice(2)}`]);
    },
  );

  it('reaches a page with a trailing slash', async () => {
    renderAt('/careers/');
    expect(
      await screen.findByRole('heading', { name: 'careers ./CareersPage' }),
    ).toBeInTheDocument();
  });

  it('shows the fallback page with header and footer for an unknown route', async () => {
    renderAt('/definitely/not/here');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
