import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { Footer } from './Footer';
import { Header } from './Header';
import { PAGE_MIN_HEIGHT } from './page-height';
import { ScrollManager } from './ScrollManager';
import { VisitCounter } from './VisitCounter';

const SkipLink = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.space.md};
  top: -100px;
  z-index: 100;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  border-radius: ${({ theme }) => theme.radii.md};
  &:focus {
    top: ${({ theme }) => theme.space.sm};
  }
`;

const Main = styled.main`
  min-height: ${PAGE_MIN_HEIGHT};
  &:focus {
    outline: none;
  }
`;

/** Header and footer stay mounted for the whole visit; only the main area changes with the route. */
export function SiteLayout({ children }: { children?: ReactNode }) {
  return (
    <>
      <ScrollManager />
      <VisitCounter />
      <SkipLink href="#main">Skip to content</SkipLink>
      <Header />
      <Main id="main" tabIndex={-1}>
        {children ?? <Outlet />}
      </Main>
      <Footer />
    </>
  );
}
