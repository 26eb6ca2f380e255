import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Card, Lead, PageTitle, Section, Spinner, StatusBanner } from '@agentora/ui';
import { resultTone } from '../shared/result-tone';
import type { LinkAction } from './useLinkAction';

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  max-width: 44rem;
  margin-inline: auto;
  h1,
  ${Lead} {
    margin: 0;
  }
`;

/** The pages of mail links: a title, what the page does, and its one card. */
export function LinkPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <Section>
      <Column>
        <PageTitle>{title}</PageTitle>
        <Lead>{lead}</Lead>
        {children}
      </Column>
    </Section>
  );
}

export const LinkCard = styled(Card).attrs({ as: 'div' })`
  padding: ${({ theme }) => theme.space.xl};
  gap: ${({ theme }) => theme.space.md};
  /* Holds its height while the page reads its link, so nothing below it moves. */
  min-height: 7rem;
  p {
    margin: 0;
  }
`;

const Result = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  outline: none;
  &:empty {
    display: none;
  }
`;

interface LinkActionFormProps<Result extends object> {
  action: LinkAction<Result>;
  /** The button, and its text while the call runs. */
  label: string;
  busyLabel: string;
  /** What the result adds to its message (counts, records). */
  details?: (result: Result) => ReactNode;
}

/**
 * The button that does what the link is for, and what came of it. The result is announced (a status or
 * an alert) and, once there is nothing more to press, takes the focus the vanished button had.
 */
export function LinkActionForm<Result extends object>({
  action,
  label,
  busyLabel,
  details,
}: LinkActionFormProps<Result>) {
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (action.finished) resultRef.current?.focus();
  }, [action.finished]);
  return (
    <LinkCard>
      {!action.finished && (
        <form
          noValidate
          onSubmit={action.handleSubmit}
          aria-label={label}
          aria-busy={action.busy || undefined}
        >
          <Button type="submit" size="lg" disabled={action.busy}>
            {action.busy && <Spinner />}
            {action.busy ? busyLabel : label}
          </Button>
        </form>
      )}
      <Result ref={resultRef} tabIndex={-1}>
        {action.showResult && (
          <StatusBanner tone={resultTone(action.status)}>{action.message}</StatusBanner>
        )}
        {action.result && details?.(action.result)}
      </Result>
    </LinkCard>
  );
}
