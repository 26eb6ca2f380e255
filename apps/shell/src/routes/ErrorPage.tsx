import styled from 'styled-components';
import { BRAND, PATHS } from '@agentora/data';
import { AlertCircleIcon, Container, LinkButton, Lead, PageTitle, Row } from '@agentora/ui';
import { PageMeta } from './PageMeta';
import { FirstScreenSettled } from '../federation/first-screen';

export const ERROR_PAGE_TITLE = 'Unexpected Application Error!';

const ErrorRoot = styled(Container)`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  text-align: center;
  min-height: 60vh;
  padding-block: ${({ theme }) => theme.space.section};
  svg {
    color: ${({ theme }) => theme.colors.errorText};
    margin-bottom: ${({ theme }) => theme.space.md};
  }
`;

/**
 * The fallback for an unknown route or a routing failure (docs/product/shell-and-navigation.md).
 * The same for every address, so one prerendered copy serves them all (docs/prerendering.md).
 */
export function ErrorPage() {
  return (
    <ErrorRoot>
      <PageMeta
        title={`${ERROR_PAGE_TITLE} | ${BRAND}`}
        description="This page could not be shown."
      />
      <FirstScreenSettled />
      <AlertCircleIcon size={40} />
      <PageTitle>{ERROR_PAGE_TITLE}</PageTitle>
      <Lead>
        We couldn't find or show this page. It may have moved, or the address may have a typo.
      </Lead>
      <Row style={{ justifyContent: 'center' }}>
        <LinkButton to={PATHS.home}>Back to Home</LinkButton>
        <LinkButton to={PATHS.comingSoon} variant="secondary">
          Join Waitlist
        </LinkButton>
      </Row>
    </ErrorRoot>
  );
}
