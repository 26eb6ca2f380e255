import styled from 'styled-components';
import type { Stat } from '../../data/types';

const List = styled.dl<{ $columns: number }>`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 10rem), 1fr));
  gap: ${({ theme }) => theme.space.md};
  width: 100%;
  max-width: ${({ $columns }) => $columns * 16}rem;
  margin: 0 auto;
`;

const Item = styled.div`
  display: flex;
  flex-direction: column-reverse;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  text-align: center;
`;

const Value = styled.dd`
  margin: 0;
  font-size: clamp(1.75rem, 2vw + 1rem, 2.5rem);
  font-weight: 800;
  line-height: 1.1;
  color: ${({ theme }) => theme.colors.accent};
`;

const Label = styled.dt`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
`;

/**
 * Headline figures as a description list: each label (dt) names its value (dd), so a screen reader
 * reads "Beta testers, 100+". The value is shown above its label (column-reverse), order kept in the DOM.
 */
export function StatList({ stats }: { stats: readonly Stat[] }) {
  return (
    <List $columns={stats.length}>
      {stats.map((stat) => (
        <Item key={stat.label}>
          <Label>{stat.label}</Label>
          <Value>{stat.value}</Value>
        </Item>
      ))}
    </List>
  );
}
