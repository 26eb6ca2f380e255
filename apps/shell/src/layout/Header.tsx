import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { BRAND, PATHS } from '@agentora/data';
import { CloseIcon, Container, LinkButton, Logo, MenuIcon, down, up } from '@agentora/ui';
import { HEADER_CTA, HEADER_LINKS } from './navigation';

const HeaderRoot = styled.header`
  position: sticky;
  top: 0;
  z-index: 50;
  background: rgba(11, 13, 23, 0.92);
  backdrop-filter: blur(10px);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Bar = styled(Container)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  min-height: ${({ theme }) => theme.layout.headerHeight};
  gap: ${({ theme }) => theme.space.lg};
`;

const HomeLink = styled(Link)`
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  background: transparent;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  ${up('md')} {
    display: none;
  }
`;

const Nav = styled.nav<{ $open: boolean }>`
  ${down('md')} {
    display: ${({ $open }) => ($open ? 'block' : 'none')};
    position: absolute;
    top: 100%;
    left: 0;
    right: 0;
    background: ${({ theme }) => theme.colors.background};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg}
      ${({ theme }) => theme.space.lg};
  }
`;

const NavList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
  ${down('md')} {
    flex-direction: column;
    align-items: stretch;
    gap: ${({ theme }) => theme.space.xs};
  }
`;

const SiteNavLink = styled(NavLink)`
  display: block;
  padding: ${({ theme }) => theme.space.sm} 0;
  color: ${({ theme }) => theme.colors.textMuted};
  text-decoration: none;
  font-weight: 600;
  &:hover,
  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.text};
  }
  &[aria-current='page'] {
    text-decoration: underline;
    text-decoration-color: ${({ theme }) => theme.colors.accent};
    text-underline-offset: 6px;
    text-decoration-thickness: 2px;
  }
`;

export function Header() {
  const location = useLocation();
  // The menu is open for one location only: any navigation (a link in the menu, back/forward)
  // gives a new location key, which closes it without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const setOpen = (value: boolean) => setOpenAt(value ? location.key : null);
  const navId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenAt(null);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <HeaderRoot>
      <Bar>
        <HomeLink to={PATHS.home} aria-label={`${BRAND} home`}>
          <Logo name={BRAND} />
        </HomeLink>
        <MenuButton
          ref={buttonRef}
          type="button"
          aria-expanded={open}
          aria-controls={navId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen(!open)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </MenuButton>
        <Nav id={navId} $open={open} aria-label="Main">
          <NavList>
            {HEADER_LINKS.map((link) => (
              <li key={link.to}>
                <SiteNavLink to={link.to} end onClick={close}>
                  {link.label}
                </SiteNavLink>
              </li>
            ))}
            <li>
              <LinkButton to={HEADER_CTA.to} onClick={close}>
                {HEADER_CTA.label}
              </LinkButton>
            </li>
          </NavList>
        </Nav>
      </Bar>
    </HeaderRoot>
  );
}
