import styled, { css } from 'styled-components';
import { Button } from '@agentora/ui';

const Frame = styled.div<{ $empty: boolean }>`
  margin-bottom: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  p {
    margin: 0;
  }
  ${({ $empty, theme }) =>
    $empty &&
    css`
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: ${theme.space.md};
      padding: ${theme.space.xxl} ${theme.space.lg};
      text-align: center;
      font-size: ${theme.fontSizes.lg};
      color: ${theme.colors.text};
      border: 1px dashed ${theme.colors.border};
      border-radius: ${theme.radii.lg};
    `}
`;

/**
 * A polite live region telling how many items the filters let through, or the page's empty message
 * when none, with a "Clear filters" way back. The region stays mounted so every change is announced.
 */
export function ResultStatus({
  shown,
  total,
  noun,
  emptyMessage,
  onClear,
}: {
  shown: number;
  total: number;
  noun: string;
  emptyMessage: string;
  onClear: () => void;
}) {
  const empty = shown === 0;
  return (
    <Frame $empty={empty}>
      <div role="status">
        <p>{empty ? emptyMessage : `Showing ${shown} of ${total} ${noun}`}</p>
      </div>
      {empty && (
        <Button variant="secondary" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Frame>
  );
}
