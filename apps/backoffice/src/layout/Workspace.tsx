import { useLocation, Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Muted } from '@agentora/ui';
import { ApplicationPage } from '../applications/ApplicationPage';
import { ReferralsView } from '../growth/ReferralsView';
import { SourcesView } from '../growth/SourcesView';
import { CspReportsView } from '../security/CspReportsView';
import { MailSuppressionsView } from '../mail/MailSuppressionsView';
import { AudienceView } from '../audience/AudienceView';
import { isListQuery, readListQuery, VIEWS, writeListQuery } from '../lists/list-query';
import { ApplicationsView } from '../lists/ApplicationsView';
import { SignupsView } from '../lists/SignupsView';
import { MESSAGES } from '../messages';
import { OverviewView } from '../overview/OverviewView';
import { signOut } from '../session/useConsoleSession';
import { APPLICATION_PARAM } from '../applications/application-address';
import { waveOf } from '../waves/wave-address';
import { WavePage } from '../waves/WavePage';
import { WavesView } from '../waves/WavesView';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
`;

const Tabs = styled.nav`
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.sm};
    margin: 0;
    padding: 0;
    list-style: none;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  a {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    text-decoration: none;
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.text};
    border-bottom: 3px solid ${({ theme }) => theme.colors.accent};
  }
`;

/** What staff see: who is signed in, the views, and the view or application the address names. */
export function Workspace({ email }: { email: string }) {
  const { search } = useLocation();
  const query = readListQuery(search);
  const application = new URLSearchParams(search).get(APPLICATION_PARAM);
  const wave = waveOf(search);
  return (
    <>
      <Bar>
        <Muted>{MESSAGES.signedInAs(email)}</Muted>
        <Button variant="secondary" onClick={() => void signOut()}>
          {MESSAGES.signOut}
        </Button>
      </Bar>
      <Tabs aria-label="Console">
        <ul>
          {VIEWS.map((view) => (
            <li key={view}>
              <Link
                to={{ search: writeListQuery({ ...readListQuery(''), view }) }}
                aria-current={!application && query.view === view ? 'page' : undefined}
              >
                {MESSAGES.views[view]}
              </Link>
            </li>
          ))}
        </ul>
      </Tabs>
      {application ? (
        <ApplicationPage id={application} />
      ) : query.view === 'sources' ? (
        <SourcesView query={query} />
      ) : query.view === 'referrals' ? (
        <ReferralsView query={query} />
      ) : query.view === 'csp' ? (
        <CspReportsView query={query} />
      ) : query.view === 'mail' ? (
        <MailSuppressionsView query={query} />
      ) : query.view === 'waves' ? (
        wave ? (
          <WavePage id={wave} />
        ) : (
          <WavesView query={query} />
        )
      ) : query.view === 'audience' ? (
        <AudienceView />
      ) : !isListQuery(query) ? (
        <OverviewView />
      ) : query.view === 'applications' ? (
        <ApplicationsView query={query} />
      ) : (
        <SignupsView query={query} form={query.view} />
      )}
    </>
  );
}
