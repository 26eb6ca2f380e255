import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
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

export interface ToastProps {
  tone: StatusTone;
  /** For a field that points at the notice (aria-describedby) while it is shown. */
  id?: string;
  children: ReactNode;
}

/**
 * A short-lived notice in the corner of the screen; its owner decides how long it stays.
 *
 * It is rendered at the end of <body>, not where its owner is: a fixed element is placed in its
 * nearest ancestor that contains layout, and the shell's footer and the bands of a page do
 * (content-visibility, libs/ui/src/layout/Section.tsx), which would pin the notice inside them,
 * clipped and off screen. Only shown after something the visitor did, so never in server-rendered
 * HTML (a portal renders on the client only).
 */
export function Toast({ tone, id, children }: ToastProps) {
  return createPortal(
    <ToastRoot id={id} $tone={tone} role={tone === 'error' ? 'alert' : 'status'} data-tone={tone}>
      {children}
    </ToastRoot>,
    document.body,
  );
}
