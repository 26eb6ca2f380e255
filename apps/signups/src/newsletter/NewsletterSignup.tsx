import { useId } from 'react';
import styled from 'styled-components';
import { BRAND } from '@agentora/data';
import { Lead, MailIcon, Muted, Section, SectionTitle, StatusBanner } from '@agentora/ui';
import { EmailSignupForm } from '../shared/EmailSignupForm';
import { MessageArea } from '../shared/MessageArea';
import { useNewsletterSignup } from './useNewsletterSignup';
import { resultTone } from '../shared/result-tone';

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
  const messageId = useId();
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
        <EmailSignupForm
          signup={signup}
          formLabel="Newsletter sign-up"
          label="Email address"
          placeholder="Enter your email"
          submitLabel="Subscribe"
          busyLabel="Subscribing..."
          messageId={messageId}
        />
        <MessageArea id={messageId}>
          {signup.showResult && (
            <StatusBanner tone={resultTone(signup.status)}>{signup.message}</StatusBanner>
          )}
        </MessageArea>
        <Muted>No spam. Unsubscribe at any time.</Muted>
      </Panel>
    </Section>
  );
}
