import styled from 'styled-components';

/** Responsive card grid: as many columns of at least `$min` as fit. */
export const Grid = styled.div<{ $min?: string; $gap?: string }>`
  display: grid;
  gap: ${({ theme, $gap }) => $gap ?? theme.space.lg};
  grid-template-columns: repeat(
    auto-fill,
    minmax(min(100%, ${({ $min }) => $min ?? '260px'}), 1fr)
  );
`;

export const Stack = styled.div<{ $gap?: string }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $gap }) => $gap ?? theme.space.md};
`;

export const Row = styled.div<{ $gap?: string; $wrap?: boolean }>`
  display: flex;
  align-items: center;
  flex-wrap: ${({ $wrap = true }) => ($wrap ? 'wrap' : 'nowrap')};
  gap: ${({ theme, $gap }) => $gap ?? theme.space.md};
`;
