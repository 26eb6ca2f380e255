import styled from 'styled-components';
import type { Highlight } from './waitlist-content';

const List = styled.ul<{ $plain: boolean }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
  li {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    text-align: center;
    padding: ${({ theme }) => theme.space.lg};
    border-radius: ${({ theme }) => theme.radii.lg};
    background: ${({ theme, $plain }) => ($plain ? 'transparent' : theme.colors.surface)};
    border: 1px solid ${({ theme, $plain }) => ($plain ? 'transparent' : theme.colors.border)};
  }
  svg {
    color: ${({ theme }) => theme.colors.accent};
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
  strong {
    font-size: ${({ theme }) => theme.fontSizes.xl};
    color: ${({ theme }) => theme.colors.text};
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** A row of icon + figure + caption items: the info cards (boxed) and the benefits strip (plain). */
export function HighlightList({
  items,
  plain = false,
  label,
}: {
  items: readonly Highlight[];
  plain?: boolean;
  label: string;
}) {
  return (
    <List $plain={plain} aria-label={label}>
      {items.map(({ icon: Icon, value, label: caption }) => (
        <li key={value}>
          <Icon size={28} />
          <strong>{value}</strong>
          <span>{caption}</span>
        </li>
      ))}
    </List>
  );
}
