import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const SpinnerRoot = styled.span<{ $size: string }>`
  display: inline-block;
  width: ${({ $size }) => $size};
  height: ${({ $size }) => $size};
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.75s linear infinite;
  flex: none;
`;

/** Decorative: the busy state is announced by the text beside it, not by the spinner. */
export function Spinner({ size = '1em' }: { size?: string }) {
  return <SpinnerRoot $size={size} aria-hidden="true" data-testid="spinner" />;
}
