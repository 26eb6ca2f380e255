import { useId } from 'react';
import styled from 'styled-components';
import type { Author } from '../../data/types';
import { Monogram } from '../../components/artwork/Monogram';

const Box = styled.aside`
  display: flex;
  gap: ${({ theme }) => theme.space.lg};
  align-items: flex-start;
  margin-top: ${({ theme }) => theme.space.xxl};
  padding: ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    text-transform: uppercase;
    letter-spacing: 0.08em;
    color: ${({ theme }) => theme.colors.accent};
  }
  p {
    margin: 0;
  }
`;

const Name = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
`;

const Role = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin-bottom: ${({ theme }) => theme.space.sm} !important;
`;

export function AuthorBox({ author }: { author: Author }) {
  const titleId = useId();
  return (
    <Box aria-labelledby={titleId}>
      <Monogram initials={author.initials} palette="violet" size={64} round />
      <div>
        <h2 id={titleId}>About the Author</h2>
        <Name>{author.name}</Name>
        <Role>{author.role}</Role>
        <p>{author.bio}</p>
      </div>
    </Box>
  );
}
