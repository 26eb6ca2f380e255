import styled from 'styled-components';
import { Card, CardTitle, Grid, Muted } from '@agentora/ui';
import type { CareersHighlight } from './careers-content';

const IconBadge = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.75rem;
  height: 2.75rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.accent};
`;

const Text = styled(Muted)`
  margin: 0;
`;

const List = styled(Grid)`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const FullHeightCard = styled(Card)`
  height: 100%;
`;

/** A grid of icon cards; each card's title is a heading one level below the section's. */
export function HighlightGrid({ items }: { items: readonly CareersHighlight[] }) {
  return (
    <List as="ul" role="list" $min="240px">
      {items.map(({ title, description, Icon }) => (
        <li key={title}>
          <FullHeightCard as="div">
            <IconBadge>
              <Icon size={22} />
            </IconBadge>
            <CardTitle>{title}</CardTitle>
            <Text>{description}</Text>
          </FullHeightCard>
        </li>
      ))}
    </List>
  );
}
