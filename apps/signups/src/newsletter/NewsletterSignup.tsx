import { useId } from 'react';
import styled from 'styled-components';
import { BRAND } from '@agentora/data';
import { Lead, MailIcon, Muted, Section, SectionTitle } from '@agentora/ui';
import { SectionEmailSignup } from '../shared/SectionEmailSignup';
import { useNewsletterSignup } from './useNewsletterSignup';

const Panel = styled.div`
  max-width: 40rem;
  margin-inline: auto;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  text-align: center;
  h2,
  p {
    margin: 0;
  }
  > svg {
    color: ${({ theme }) => theme.colors.accent};
  }
`;

/** Home section: subscribe to the newsletter with an email. */
export function NewsletterSignup() {
  const titleId = useId();
  const signup = useNewsletterSignup();
  return (
    <Section id="newsletter" aria-labelledby={titleId}>
      <Panel>
        <MailIcon size={40} />
        <SectionTitle id={titleId}>Stay Updated</SectionTitle>
        <Lead>
          Get the latest on AI agents, marketplace launches and {BRAND} news, straight to your
          inbox.
        </Lead>
        <SectionEmailSignup
          signup={signup}
          formLabel="Newsletter sign-up"
          submitLabel="Subscribe"
          busyLabel="Subscribing..."
        />
        <Muted>No spam. Unsubscribe at any time.</Muted>
      </Panel>
    </Section>
  );
}
