import styled from 'styled-components';
import { Card } from '@agentora/ui';

// Pieces shared by the community page's sections.

export const Tight = styled(Card)`
  gap: ${({ theme }) => theme.space.sm};
  h3,
  p {
    margin: 0;
  }
`;

export const Bottom = styled.div`
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space.sm};
`;

export const Small = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;
