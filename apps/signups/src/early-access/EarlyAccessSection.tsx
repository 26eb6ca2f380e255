import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { botCheckAction, BRAND, PATHS } from '@agentora/data';
import { SUCCESS_RESET_MS, useEmailSignup } from '@agentora/forms';
import {
  ArrowRightIcon,
  Card,
  CardTitle,
  CheckIcon,
  Eyebrow,
  Lead,
  Section,
  SectionTitle,
  up,
} from '@agentora/ui';
import { SectionEmailSignup } from '../shared/SectionEmailSignup';
import { EARLY_ACCESS_BENEFITS } from './early-access-benefits';
import { EARLY_ACCESS_MESSAGES } from './early-access-messages';
import { sendSignup } from '../shared/sign-up';

const joinEarlyAccess = sendSignup('early_access', EARLY_ACCESS_MESSAGES);

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  align-items: center;
  ${up('lg')} {
    grid-template-columns: 1.2fr 1fr;
  }
`;

const Pitch = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  h2,
  p {
    margin: 0;
  }
`;

const WaitlistLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  width: fit-content;
  min-height: 44px;
  font-weight: 600;
`;

const Benefits = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  li {
    display: flex;
    gap: ${({ theme }) => theme.space.sm};
    align-items: flex-start;
  }
  svg {
    flex: none;
    margin-top: 0.2em;
    color: ${({ theme }) => theme.colors.success};
  }
`;

/** Home section: join the early-access list with an email, or go to the full waitlist. */
export function EarlyAccessSection() {
  const titleId = useId();
  const signup = useEmailSignup({
    send: joinEarlyAccess,
    botCheckAction: botCheckAction('early_access'),
    honeypotMessage: EARLY_ACCESS_MESSAGES.signedUp,
    failureMessage: EARLY_ACCESS_MESSAGES.failed,
    successResetMs: SUCCESS_RESET_MS,
  });

  return (
    <Section id="early-access" tone="raised" aria-labelledby={titleId}>
      <Layout>
        <Pitch>
          <Eyebrow>Limited spots</Eyebrow>
          <SectionTitle id={titleId}>Get Early Access</SectionTitle>
          <Lead>
            Be among the first to discover, buy and deploy AI agents on {BRAND}. Leave your email
            and we will save you a place.
          </Lead>
          <SectionEmailSignup
            signup={signup}
            formLabel="Early access sign-up"
            submitLabel="Join Early Access"
            busyLabel="Joining..."
          />
          <WaitlistLink to={PATHS.comingSoon}>
            Or join the full waitlist <ArrowRightIcon size={18} />
          </WaitlistLink>
        </Pitch>
        <Card as="div">
          <CardTitle as="h3">Early access benefits</CardTitle>
          <Benefits>
            {EARLY_ACCESS_BENEFITS.map((benefit) => (
              <li key={benefit}>
                <CheckIcon />
                <span>{benefit}</span>
              </li>
            ))}
          </Benefits>
        </Card>
      </Layout>
    </Section>
  );
}
