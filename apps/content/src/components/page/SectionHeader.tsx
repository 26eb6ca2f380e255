import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Eyebrow, Lead, SectionTitle } from '@agentora/ui';

const Header = styled.header<{ $align: 'center' | 'start' }>`
  display: flex;
  flex-direction: column;
  align-items: ${({ $align }) => ($align === 'center' ? 'center' : 'flex-start')};
  text-align: ${({ $align }) => ($align === 'center' ? 'center' : 'left')};
  margin-bottom: ${({ theme }) => theme.space.xl};
  ${Lead} {
    margin: 0;
  }
`;

/** A section's h2 with its optional eyebrow and lead. `titleId` lets the section be labelled by it. */
export function SectionHeader({
  titleId,
  eyebrow,
  title,
  lead,
  align = 'center',
}: {
  titleId?: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  align?: 'center' | 'start';
}) {
  return (
    <Header $align={align}>
      {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
      <SectionTitle id={titleId}>{title}</SectionTitle>
      {lead && <Lead>{lead}</Lead>}
    </Header>
  );
}
