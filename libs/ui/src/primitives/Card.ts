import styled, { css } from 'styled-components';

/**
 * The card's panel (surface, border, rounded corners, padding, a column of its parts), for elements
 * that are a card but not an <article>: a list item, a step, a timeline entry. Add accents after it.
 */
export const cardPanel = css`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space.lg};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

export const Card = styled.article`
  ${cardPanel}
`;
