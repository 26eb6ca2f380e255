import styled from 'styled-components';
import { up, type AppTheme } from '@agentora/ui';

/** Two equal columns from the breakpoint `$from` up, stacked below it, `$gap` (a theme space) apart. */
export const TwoColumns = styled.div<{
  $from: keyof AppTheme['breakpoints'];
  $gap: keyof AppTheme['space'];
}>`
  display: grid;
  gap: ${({ theme, $gap }) => theme.space[$gap]};
  ${({ $from }) => up($from)} {
    grid-template-columns: 1fr 1fr;
  }
`;
