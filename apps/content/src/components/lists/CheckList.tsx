import styled from 'styled-components';
import { CheckCircleIcon } from '@agentora/ui';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const Item = styled.li`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  svg {
    flex: none;
    margin-top: 0.2em;
    color: ${({ theme }) => theme.colors.success};
  }
`;

/** A bullet list with check marks (features, benefits). The marks are decorative. */
export function CheckList({ items, label }: { items: readonly string[]; label?: string }) {
  return (
    <List aria-label={label}>
      {items.map((item) => (
        <Item key={item}>
          <CheckCircleIcon size={18} />
          <span>{item}</span>
        </Item>
      ))}
    </List>
  );
}
