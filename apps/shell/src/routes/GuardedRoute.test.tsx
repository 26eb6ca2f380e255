import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppThemeProvider } from '@agentora/ui';
import { GuardedRoute } from './GuardedRoute';

function FailsOnBrokenPath() {
  const { pathname } = useLocation();
  if (pathname === '/broken') throw new Error('bug in a page');
  return <p>Showing {pathname}</p>;
}

function renderAt(path: string) {
  return render(
    <AppThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <Link to="/fine">Go on</Link>
        <Routes>
          <Route
            path="*"
            element={
              <GuardedRoute>
                <FailsOnBrokenPath />
              </GuardedRoute>
            }
          />
        </Routes>
      </MemoryRouter>
    </AppThemeProvider>,
  );
}

describe('GuardedRoute', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('shows the error page in place of a page that throws, and the next navigation recovers', async () => {
    renderAt('/broken');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(
      '[shell] a route failed to render:',
      expect.any(Error),
      expect.any(String),
    );

    await userEvent.click(screen.getByRole('link', { name: 'Go on' }));
    expect(screen.getByText('Showing /fine')).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Unexpected Application Error!' }),
    ).not.toBeInTheDocument();
  });

  it('renders a working page untouched', () => {
    renderAt('/fine');
    expect(screen.getByText('Showing /fine')).toBeInTheDocument();
  });
});
