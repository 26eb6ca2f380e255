import styled from 'styled-components';
import { BRAND } from '@agentora/data';
import { AppThemeProvider, Button, Lead, Logo, PageTitle } from '@agentora/ui';

const Root = styled.main`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xl};
  text-align: center;
`;

/** Shown only when the site's own configuration cannot be read; everything else degrades per area. */
export function StartupFailure() {
  return (
    <AppThemeProvider>
      <Root>
        <Logo name={BRAND} />
        <PageTitle>We can't reach {BRAND} right now</PageTitle>
        <Lead>Please check your connection and try again.</Lead>
        <Button onClick={() => window.location.reload()}>Retry</Button>
      </Root>
    </AppThemeProvider>
  );
}
