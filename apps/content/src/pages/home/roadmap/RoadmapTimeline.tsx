import styled from 'styled-components';
import { cardPanel, down } from '@agentora/ui';
import type { RoadmapItem, ToneName } from '../../../data/types';
import { DataIcon } from '../../../components/icons/icon-map';
import { toneColor } from '../../../components/tone';
import { RoadmapItemBody } from './RoadmapItemBody';

const MARKER = 56;

const Timeline = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  position: relative;
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.lg};
  /* The line runs through the centres of the markers. */
  &::before {
    content: '';
    position: absolute;
    top: ${MARKER / 2 - 1}px;
    left: 12.5%;
    right: 12.5%;
    height: 2px;
    background: linear-gradient(
      90deg,
      ${({ theme }) => theme.colors.success},
      ${({ theme }) => theme.colors.accent} 40%,
      ${({ theme }) => theme.colors.border}
    );
  }
  ${down('lg')} {
    display: none;
  }
`;

const Stop = styled.li`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

const Marker = styled.span<{ $tone: ToneName }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${MARKER}px;
  height: ${MARKER}px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.background};
  border: 3px solid ${({ theme, $tone }) => toneColor(theme, $tone)};
  color: ${({ theme, $tone }) => toneColor(theme, $tone)};
`;

const Panel = styled.div<{ $tone: ToneName }>`
  width: 100%;
  flex: 1;
  ${cardPanel}
  border-top: 3px solid ${({ theme, $tone }) => toneColor(theme, $tone)};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  ul {
    margin: ${({ theme }) => theme.space.sm} 0 0;
    padding-left: 1.1em;
    list-style: disc;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  li {
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
`;

const Quarter = styled.p`
  margin: 0;
  font-weight: 800;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.text};
`;

/** Large screens (≥ lg): the four quarters on one horizontal line. Hidden below lg by CSS. */
export function RoadmapTimeline({ items }: { items: readonly RoadmapItem[] }) {
  return (
    <Timeline data-testid="roadmap-timeline">
      {items.map((item) => (
        <Stop key={item.quarter}>
          <Marker $tone={item.color} aria-hidden="true">
            <DataIcon name={item.icon} size={24} />
          </Marker>
          <Quarter>{item.quarter}</Quarter>
          <Panel $tone={item.color}>
            <RoadmapItemBody item={item} />
          </Panel>
        </Stop>
      ))}
    </Timeline>
  );
}
