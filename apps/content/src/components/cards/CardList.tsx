import styled from 'styled-components';

/**
 * A responsive grid that is also a list, so assistive tech announces "list, 4 items". Children are
 * <li>s (usually wrapping a Card). Fixed sets stretch to the full width ('fit'); filtered results
 * keep their column width ('fill'), so one remaining card does not blow up to the whole row.
 */
export const CardList = styled.ul<{ $min?: string; $gap?: string; $tracks?: 'fit' | 'fill' }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme, $gap }) => $gap ?? theme.space.lg};
  grid-template-columns: repeat(
    auto-${({ $tracks = 'fit' }) => $tracks},
    minmax(min(100%, ${({ $min }) => $min ?? '260px'}), 1fr)
  );
  > li {
    display: flex;
    flex-direction: column;
  }
  > li > * {
    flex: 1;
  }
`;
