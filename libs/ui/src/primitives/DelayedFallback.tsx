import styled, { keyframes } from 'styled-components';
import { Spinner } from './Spinner';

const appear = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const FallbackRoot = styled.div<{ $minHeight: string; $delayMs: number }>`
  min-height: ${({ $minHeight }) => $minHeight};
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  opacity: 0;
  animation: ${appear} 200ms ease ${({ $delayMs }) => $delayMs}ms forwards;
`;

/**
 * Holds the space a part will take while it loads, and shows a spinner only when loading takes
 * noticeably long (CSS delay, so fast loads never flash).
 */
export function DelayedFallback({
  label = 'Loading…',
  minHeight = '60vh',
  delayMs = 400,
}: {
  label?: string;
  minHeight?: string;
  delayMs?: number;
}) {
  return (
    <FallbackRoot $minHeight={minHeight} $delayMs={delayMs} role="status" aria-live="polite">
      <Spinner size="1.25rem" />
      <span>{label}</span>
    </FallbackRoot>
  );
}
