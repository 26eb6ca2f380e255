import styled from 'styled-components';
import { BRAND, COMING_SOON_LABEL } from '@agentora/data';
import { Badge, DisplayTitle, Lead, Section, Stack } from '@agentora/ui';
import { HighlightList } from './HighlightList';
import { WAITLIST_BENEFITS, WAITLIST_INFO_CARDS } from './waitlist-content';
import { WaitlistForm } from './WaitlistForm';

const Hero = styled.header`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  text-align: center;
  h1,
  p {
    margin: 0;
  }
`;

/** The coming-soon screen: what is coming, the waitlist form, and what joining early gets you. */
export function WaitlistPage() {
  return (
    <Section>
      <Stack $gap="3rem">
        <Hero>
          <Badge>{COMING_SOON_LABEL}</Badge>
          <DisplayTitle>Join the AI Revolution</DisplayTitle>
          <Lead>
            {BRAND} is the marketplace where AI agents are discovered, bought, sold and deployed.
            Join the waitlist to be first in line when we launch.
          </Lead>
        </Hero>
        <HighlightList items={WAITLIST_INFO_CARDS} label="At a glance" />
        <WaitlistForm />
        <HighlightList items={WAITLIST_BENEFITS} label="Waitlist benefits" plain />
      </Stack>
    </Section>
  );
}
