import type { ReactNode } from 'react';
import styled from 'styled-components';
import { CheckCircleIcon, AlertCircleIcon } from '../icons/icons';

export type StatusTone = 'success' | 'error';

const BannerRoot = styled.div<{ $tone: StatusTone }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid
    ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.success : theme.colors.error)};
  background: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.successSurface : theme.colors.errorSurface)};
  color: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.successText : theme.colors.errorText)};
  svg {
    flex: none;
    margin-top: 0.2em;
  }
  p {
    margin: 0;
  }
`;

/** Green for success, red for error. Errors are alerts (read at once), successes polite status. */
export function StatusBanner({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return (
    <BannerRoot $tone={tone} role={tone === 'error' ? 'alert' : 'status'} data-tone={tone}>
      {tone === 'success' ? <CheckCircleIcon /> : <AlertCircleIcon />}
      <p>{children}</p>
    </BannerRoot>
  );
}
