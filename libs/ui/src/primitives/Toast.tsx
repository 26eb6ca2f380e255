import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { StatusTone } from './StatusBanner';

const ToastRoot = styled.div<{ $tone: StatusTone }>`
  position: fixed;
  z-index: 100;
  right: ${({ theme }) => theme.space.lg};
  bottom: ${({ theme }) => theme.space.lg};
  max-width: min(24rem, calc(100vw - 2 * ${({ theme }) => theme.space.lg}));
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: 0 10px 30px rgba(0, 0, 0, 0.45);
  font-weight: 600;
  background: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.successSurface : theme.colors.errorSurface)};
  color: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.successText : theme.colors.errorText)};
  border: 1px solid
    ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.success : theme.colors.error)};
`;

/** A short-lived notice in the corner of the screen; its owner decides how long it stays. */
export function Toast({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return (
    <ToastRoot $tone={tone} role={tone === 'error' ? 'alert' : 'status'} data-tone={tone}>
      {children}
    </ToastRoot>
  );
}
