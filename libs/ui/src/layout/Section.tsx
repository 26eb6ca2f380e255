import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import styled from 'styled-components';
import { Container } from './Container';

const SectionRoot = styled.section<{ $tone: 'plain' | 'raised' }>`
  padding-block: ${({ theme }) => theme.space.section};
  background: ${({ theme, $tone }) => ($tone === 'raised' ? theme.colors.surface : 'transparent')};
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
