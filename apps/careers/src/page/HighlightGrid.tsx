import styled from 'styled-components';
import { Card, CardTitle, Grid, IconTile, Muted } from '@agentora/ui';
import type { CareersHighlight } from './careers-content';

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
            <IconTile size={44}>
              <Icon size={22} />
            </IconTile>
            <CardTitle>{title}</CardTitle>
            <Text>{description}</Text>
          </FullHeightCard>
        </li>
      ))}
    </List>
  );
}
