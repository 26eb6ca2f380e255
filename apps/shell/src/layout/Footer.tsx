import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  BRAND,
  COMING_SOON_LABEL,
  COMMUNITY_CHAT_URL,
  COPYRIGHT_YEAR,
  PATHS,
  SOCIAL_LINKS,
  type SocialLinkId,
  SUPPORT_EMAIL,
  SUPPORT_MAILTO,
  TAGLINE,
} from '@agentora/data';
import {
  Badge,
  ChatIcon,
  Container,
  InstagramIcon,
  LinkedInIcon,
  Logo,
  MailIcon,
  XLogoIcon,
  up,
  type IconProps,
} from '@agentora/ui';
import { RemotePart } from '../federation/RemotePart';
import { FOOTER_COLUMNS } from './navigation';

const SOCIAL_ICONS: Record<SocialLinkId, ComponentType<IconProps>> = {
  x: XLogoIcon,
  linkedin: LinkedInIcon,
  instagram: InstagramIcon,
  mail: MailIcon,
};

const FooterRoot = styled.footer`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  padding-block: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.colors.textMuted};
  /* Below the first screen on most pages: skipped by the browser's style, layout and paint until it
     nears the viewport (as the bands after a page's first: libs/ui's Section). The estimate is its
     height with the columns stacked (a phone) or side by side. Its form's toast is fixed to the
     screen, so it is rendered out of the footer (libs/ui/src/primitives/Toast.tsx). */
  content-visibility: auto;
  contain-intrinsic-size: auto 65rem;
  ${up('lg')} {
    contain-intrinsic-size: auto 24rem;
  }
`;

const Top = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  ${up('lg')} {
    grid-template-columns: 1.3fr 2fr 1.3fr;
  }
`;

const Brand = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  p {
    margin: 0;
  }
`;

const Socials = styled.ul`
  list-style: none;
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  a {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 44px;
    height: 44px;
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.text};
  }
  a:hover {
    border-color: ${({ theme }) => theme.colors.accent};
  }
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.lg};
  ${up('md')} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    text-transform: uppercase;
    letter-spacing: 0.08em;
    color: ${({ theme }) => theme.colors.text};
    margin-bottom: ${({ theme }) => theme.space.sm};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a {
    display: inline-block;
    padding: 0.3rem 0;
    color: ${({ theme }) => theme.colors.textMuted};
    text-decoration: none;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: underline;
  }
`;

const Newsletter = styled.section`
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    color: ${({ theme }) => theme.colors.text};
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
  p {
    margin-bottom: ${({ theme }) => theme.space.md};
  }
`;

const Bottom = styled.div`
  margin-top: ${({ theme }) => theme.space.xl};
  padding-top: ${({ theme }) => theme.space.lg};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  p {
    margin: 0;
  }
  a {
    color: ${({ theme }) => theme.colors.accent};
  }
`;

const Contact = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.lg};
  a {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    min-height: 44px;
  }
`;

export function Footer() {
  return (
    <FooterRoot>
      <Container>
        <Top>
          <Brand>
            <Link
              to={PATHS.home}
              aria-label={`${BRAND} home`}
              style={{ textDecoration: 'none', width: 'fit-content' }}
            >
              <Logo name={BRAND} />
            </Link>
            <p>{TAGLINE}</p>
            <Socials aria-label="Social media">
              {SOCIAL_LINKS.map((social) => {
                const Icon = SOCIAL_ICONS[social.id];
                const external = social.href.startsWith('http');
                return (
                  <li key={social.id}>
                    <a
                      href={social.href}
                      aria-label={
                        social.id === 'mail' ? `Email ${BRAND}` : `${BRAND} on ${social.label}`
                      }
                      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                    >
                      <Icon size={18} />
                    </a>
                  </li>
                );
              })}
            </Socials>
          </Brand>
          <Columns>
            {FOOTER_COLUMNS.map((column) => (
              <nav key={column.title} aria-labelledby={`footer-${column.title}`}>
                <h2 id={`footer-${column.title}`}>{column.title}</h2>
                <ul>
                  {column.links.map((link) => (
                    <li key={link.to + link.label}>
                      <Link to={link.to}>{link.label}</Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </Columns>
          <Newsletter aria-labelledby="footer-newsletter-title">
            <h2 id="footer-newsletter-title">Stay in the loop</h2>
            <p>Launch news and marketplace updates, straight to your inbox.</p>
            <RemotePart
              remote="signups"
              expose="./FooterNewsletter"
              props={{}}
              variant="inline"
              minHeight="5.5rem"
              load="near-viewport"
            />
          </Newsletter>
        </Top>
        <Bottom>
          <p>
            © {COPYRIGHT_YEAR} {BRAND}. All rights reserved.{' '}
            <Badge as="span">{COMING_SOON_LABEL}</Badge>
          </p>
          <Contact>
            <a href={COMMUNITY_CHAT_URL} target="_blank" rel="noopener noreferrer">
              <ChatIcon size={18} /> Join our community chat
            </a>
            <a href={SUPPORT_MAILTO}>
              <MailIcon size={18} /> {SUPPORT_EMAIL}
            </a>
          </Contact>
        </Bottom>
      </Container>
    </FooterRoot>
  );
}
