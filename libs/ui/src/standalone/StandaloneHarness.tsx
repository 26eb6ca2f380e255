import type { ReactNode } from 'react';
import { BrowserRouter, NavLink, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
// Through the package, so the harness uses the same shared singleton the remote's pages use.
import { AppThemeProvider, Badge, Container } from '@agentora/ui';

export interface StandalonePage {
  path: string;
  label: string;
  element: ReactNode;
}

const Bar = styled.header`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  nav {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space.md};
    min-height: 3.5rem;
  }
  a {
    color: ${({ theme }) => theme.colors.textMuted};
    text-decoration: none;
    font-weight: 600;
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: underline;
  }
`;

/**
 * A remote running on its own port (a team working alone): the real theme, a router, and a bar
 * linking the remote's exposed pages. Not part of the site visitors see.
 */
export function StandaloneHarness({
  remoteName,
  pages,
}: {
  remoteName: string;
  pages: readonly StandalonePage[];
}) {
  return (
    <AppThemeProvider>
      <BrowserRouter>
        <Bar>
          <Container as="nav" aria-label={`${remoteName} pages`}>
            <Badge $tone="muted">{remoteName} remote · standalone</Badge>
            {pages.map((page) => (
              <NavLink key={page.path} to={page.path} end>
                {page.label}
              </NavLink>
            ))}
          </Container>
        </Bar>
        <main>
          <Routes>
            {pages.map((page) => (
              <Route key={page.path} path={page.path} element={page.element} />
            ))}
          </Routes>
        </main>
      </BrowserRouter>
    </AppThemeProvider>
  );
}

/** Starts a remote alone: runs `prepare` (e.g. read the runtime config), then renders the harness. */
export async function renderStandalone(
  remoteName: string,
  pages: readonly StandalonePage[],
  prepare?: () => Promise<void>,
) {
  const [{ createRoot }, { StrictMode }] = await Promise.all([
    import('react-dom/client'),
    import('react'),
  ]);
  await prepare?.();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <StandaloneHarness remoteName={remoteName} pages={pages} />
    </StrictMode>,
  );
}
