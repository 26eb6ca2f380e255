import styled from 'styled-components';
import { Section } from '@agentora/ui';

/**
 * A plain section straight after a page hero of the same colour: it drops its own top padding, so
 * the two do not stack into one oversized gap.
 */
export const FollowSection = styled(Section)`
  && {
    padding-top: 0;
  }
`;
