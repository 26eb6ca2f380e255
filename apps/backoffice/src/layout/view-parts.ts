import styled from 'styled-components';

/** A view of the console (a list, the overview, sources…): its parts one under the other. */
export const ViewStack = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

/** A view's totals: each figure under its label, as many side by side as fit. */
export const Totals = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    font-weight: 700;
  }
`;
