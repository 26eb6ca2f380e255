import styled from 'styled-components';
import { cardPanel, up } from '@agentora/ui';
import type { RoadmapItem } from '../../../data/types';
import { IconTile } from '../../../components/cards/IconTile';
import { toneColor } from '../../../components/tone';
import { RoadmapItemBody } from './RoadmapItemBody';

const Cards = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  ${up('md')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${up('lg')} {
    display: none;
  }
`;

const Item = styled.li<{ $tone: RoadmapItem['color'] }>`
  ${cardPanel}
  border-left: 4px solid ${({ theme, $tone }) => toneColor(theme, $tone)};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  ul {
    margin: 0;
    padding-left: 1.1em;
    list-style: disc;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  p {
    margin: 0;
    font-weight: 800;
  }
`;

/** Small screens (< lg): one card per quarter, stacked. Hidden from lg up by CSS. */
export function RoadmapCards({ items }: { items: readonly RoadmapItem[] }) {
  return (
    <Cards data-testid="roadmap-cards">
      {items.map((item) => (
        <Item key={item.quarter} $tone={item.color}>
          <Head>
            <IconTile icon={item.icon} tone={item.color} size={44} />
            <p>{item.quarter}</p>
          </Head>
          <RoadmapItemBody item={item} />
        </Item>
      ))}
    </Cards>
  );
}
