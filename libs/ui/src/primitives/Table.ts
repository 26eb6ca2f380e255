import styled, { css } from 'styled-components';

/**
 * A table of figures or rows as the site sets them: full width, small type, a rule under each row,
 * headings in the column heads muted. Add a table's own rules after it (later rules win).
 */
export const tableStyles = css`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th,
  td {
    padding: ${({ theme }) => theme.space.sm};
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  thead th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }
`;

/** Around a table wider than a narrow screen: it scrolls sideways instead of the page. */
export const HorizontalScroll = styled.div`
  overflow-x: auto;
`;
