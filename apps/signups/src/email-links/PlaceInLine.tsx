import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { placeText, REFERRAL_OFFER, referralPath, type LinePlace } from '@agentora/data';
import { Button, FieldHint, FieldLabel, FieldRoot, Input, StatusBanner } from '@agentora/ui';
import { LIST_NAMES } from './link-messages';

/** The place, as the confirmation and the place page announce it. */
export const placeMessage = ({ list, position }: LinePlace) =>
  `You're ${placeText(position)} on ${LIST_NAMES[list]}.`;

export const COPIED_MESSAGE = 'Link copied.';
export const COPY_BY_HAND_MESSAGE = 'The link is selected: copy it with your keyboard or menu.';

const LinkRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  ${Input} {
    flex: 1 1 16rem;
    width: auto;
    min-width: 0;
  }
`;

const CopyStatus = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/**
 * The visitor's own referral link (this site's address, so a copy works wherever the page was opened), in
 * a read-only field with a Copy button, and what a referral is worth. Nobody else's place, address or
 * name is ever shown.
 */
export function ReferralLink({ list, referralCode }: Pick<LinePlace, 'list' | 'referralCode'>) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copyStatus, setCopyStatus] = useState('');
  const link = `${window.location.origin}${referralPath(list, referralCode)}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopyStatus(COPIED_MESSAGE);
    } catch {
      // No clipboard (an insecure page, a refused permission): the selection is the next best thing.
      field.current?.focus();
      field.current?.select();
      setCopyStatus(COPY_BY_HAND_MESSAGE);
    }
  }

  return (
    <FieldRoot>
      <FieldLabel htmlFor={`${id}-link`}>Your referral link</FieldLabel>
      <LinkRow>
        <Input
          ref={field}
          id={`${id}-link`}
          type="text"
          readOnly
          value={link}
          aria-describedby={`${id}-offer`}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="secondary" onClick={() => void copy()}>
          Copy link
        </Button>
      </LinkRow>
      <FieldHint id={`${id}-offer`}>{REFERRAL_OFFER}</FieldHint>
      {/* Always in the page, so a screen reader hears each change of its text. A live region, not a
          second status: the page's status is the confirmation's answer. */}
      <CopyStatus aria-live="polite" data-copy-status>
        {copyStatus}
      </CopyStatus>
    </FieldRoot>
  );
}

/** A confirmed sign-up's place in line, then its referral link. */
export function PlaceInLine({ place }: { place: LinePlace }) {
  return (
    <>
      <StatusBanner tone="success">{placeMessage(place)}</StatusBanner>
      <ReferralLink list={place.list} referralCode={place.referralCode} />
    </>
  );
}
