import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import styled from 'styled-components';
import { up } from '../theme/theme';
import { Container } from './Container';

const SectionRoot = styled.section<{ $tone: 'plain' | 'raised' }>`
  padding-block: ${({ theme }) => theme.space.section};
  background: ${({ theme, $tone }) => ($tone === 'raised' ? theme.colors.surface : 'transparent')};

  /* A band after the first of its page starts below the first screen on a phone. The browser then
     skips its style, layout and paint until it nears the viewport, so the first layout (which the
     first paint waits for) covers the first screen only, not a long page. Its size until then is an
     estimate (a typical band's height: bands are taller on a phone, where their columns stack),
     and once drawn, the size it had ("auto"). content-visibility also contains the band's layout
     and paint: a position: fixed element inside a band would be fixed to the band and clipped by
     it, which is why libs/ui's Toast renders at the end of <body>. */
  & ~ & {
    content-visibility: auto;
    contain-intrinsic-size: auto 80rem;
    ${up('lg')} {
      contain-intrinsic-size: auto 45rem;
    }
  }
`;

export interface SectionProps extends ComponentPropsWithoutRef<'section'> {
  tone?: 'plain' | 'raised';
  children: ReactNode;
}

/** A full-width band of the page with its content centred in a Container. */
export function Section({ tone = 'plain', children, ...rest }: SectionProps) {
  return (
    <SectionRoot $tone={tone} {...rest}>
      <Container>{children}</Container>
    </SectionRoot>
  );
}
