import styled from 'styled-components';
import { Container, Lead, Muted, PageTitle, StatusBanner } from '@agentora/ui';
import { MESSAGES } from '../messages';
import { SignInForm } from '../session/SignInForm';
import { useConsoleSession } from '../session/useConsoleSession';
import { StaffGate } from './StaffGate';

const Page = styled(Container)`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  padding-block: ${({ theme }) => theme.space.xl};
`;

/**
 * The team's console: sign-in, then what staff may see. Rendered ahead of time it can only say that
 * it is checking the sign-in (the session lives in this browser), so it takes over at load.
 */
export function ConsolePage() {
  const session = useConsoleSession();
  return (
    <Page>
      <PageTitle>{MESSAGES.title}</PageTitle>
      <Lead>{MESSAGES.lead}</Lead>
      {session.status === 'loading' && <Muted role="status">{MESSAGES.checking}</Muted>}
      {session.status === 'blocked-by-override' && (
        <StatusBanner tone="error">{MESSAGES.blockedByOverride}</StatusBanner>
      )}
      {session.status === 'signed-out' && <SignInForm />}
      {session.status === 'signed-in' && <StaffGate email={session.email} />}
    </Page>
  );
}
