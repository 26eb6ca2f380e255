import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { placeOfLink, type LinePlace, type LinkUse } from '@agentora/data';
import { Button, Spinner, StatusBanner } from '@agentora/ui';
import { LINK_REFUSAL_MESSAGES } from './link-messages';
import { LinkCard, LinkPage } from './LinkPage';
import { PlaceInLine } from './PlaceInLine';
import { useLinkParams } from './useLinkParams';

/**
 * The one text for a place link that shows nothing, whatever the reason (made up, cut short, or its
 * sign-up left the list): the backend does not say which, so neither can the page.
 */
export const PLACE_LINK_NOT_VALID_MESSAGE =
  "This link can't be used. It may be incomplete, or the sign-up it belongs to is no longer on the list.";

export const FINDING_PLACE_MESSAGE = 'Finding your place...';

const Result = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  outline: none;
`;

const Finding = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

/** Reads the place the link names, once on opening and again on Try again; reading changes nothing. */
function PlaceOfLink({ token }: { token: string }) {
  const [outcome, setOutcome] = useState<LinkUse<LinePlace>>();
  const [attempt, setAttempt] = useState(0);
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let current = true;
    void placeOfLink(token).then((answer) => {
      if (current) setOutcome(answer);
    });
    return () => {
      current = false;
    };
  }, [token, attempt]);

  // The answer is announced as the other link pages announce theirs: it takes the focus, unless the
  // visitor has already moved on to something else on the page.
  useEffect(() => {
    const focused = document.activeElement;
    if (outcome && (focused === null || focused === document.body)) resultRef.current?.focus();
  }, [outcome]);

  const tryAgain = () => {
    setOutcome(undefined);
    setAttempt((count) => count + 1);
  };

  return (
    <LinkCard>
      <Result ref={resultRef} tabIndex={-1} aria-busy={outcome ? undefined : true}>
        {!outcome && <FindingPlace />}
        {outcome?.ok && <PlaceInLine place={outcome} />}
        {outcome && !outcome.ok && (
          <StatusBanner tone="error">
            {outcome.reason === 'link_not_valid'
              ? PLACE_LINK_NOT_VALID_MESSAGE
              : LINK_REFUSAL_MESSAGES[outcome.reason]}
          </StatusBanner>
        )}
        {outcome && !outcome.ok && outcome.reason !== 'link_not_valid' && (
          <div>
            <Button type="button" variant="secondary" onClick={tryAgain}>
              Try again
            </Button>
          </div>
        )}
      </Result>
    </LinkCard>
  );
}

function FindingPlace() {
  return (
    <Finding>
      <Spinner />
      {FINDING_PLACE_MESSAGE}
    </Finding>
  );
}

/**
 * /email/place?token=…: the page the place mail's link opens, any number of times. It shows the sign-up's
 * place in line as it is now, and its referral link; opening it changes nothing. Its HTML, rendered
 * without the link's query, shows the wait for the place; the page's code runs at once when the address
 * has a token (the route's hydrateAtLoadWith).
 */
export function EmailPlacePage() {
  const params = useLinkParams();
  return (
    <LinkPage
      title="Your place in line"
      lead="Where your confirmed sign-up is in line, and your referral link: friends who join through it move you up."
    >
      {params === undefined ? (
        <LinkCard>
          <FindingPlace />
        </LinkCard>
      ) : params.token ? (
        <PlaceOfLink token={params.token} />
      ) : (
        <LinkCard>
          <p>
            This page shows your place in line from the link in the email we sent when you confirmed
            your sign-up. Open that link to see your place.
          </p>
        </LinkCard>
      )}
    </LinkPage>
  );
}
