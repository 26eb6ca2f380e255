import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Eyebrow, Lead, PageTitle, Section, Stack } from '@agentora/ui';

const Inner = styled(Stack)`
  align-items: center;
  text-align: center;
  ${Lead} {
    margin-inline: auto;
  }
  h1 {
    margin: 0;
  }
`;

// && outranks the Section's own background rule, whatever order the two style sheets land in.
const HeroBand = styled(Section)`
  && {
    background:
      radial-gradient(60rem 24rem at 50% -6rem, rgba(91, 61, 245, 0.28), transparent 70%),
      ${({ theme }) => theme.colors.background};
  }
`;

/** The top band of a content page: the page's one h1, its lead, and whatever follows (stats, actions). */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <HeroBand aria-labelledby={titleId}>
      <Inner>
        {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
        <PageTitle id={titleId}>{title}</PageTitle>
        {lead && <Lead>{lead}</Lead>}
        {children}
      </Inner>
    </HeroBand>
  );
}
