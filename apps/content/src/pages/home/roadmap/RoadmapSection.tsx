import { useId } from 'react';
import styled from 'styled-components';
import { COMMUNITY_CHAT_URL, LAUNCH_YEAR, PATHS } from '@agentora/data';
import { ExternalLinkButton, LinkButton, Row, Section, VisuallyHidden } from '@agentora/ui';
import { ROADMAP } from '../../../data/home/roadmap';
import { SectionHeader } from '../../../components/page/SectionHeader';
import { RoadmapCards } from './RoadmapCards';
import { RoadmapTimeline } from './RoadmapTimeline';

const Actions = styled(Row)`
  justify-content: center;
  margin-top: ${({ theme }) => theme.space.xxl};
`;

export function RoadmapSection() {
  const titleId = useId();
  return (
    <Section id="roadmap" aria-labelledby={titleId}>
      <SectionHeader
        titleId={titleId}
        eyebrow="Roadmap"
        title="The road to launch"
        lead={`What we are building, quarter by quarter, through ${LAUNCH_YEAR}.`}
      />
      <RoadmapTimeline items={ROADMAP} />
      <RoadmapCards items={ROADMAP} />
      <Actions>
        <LinkButton to={PATHS.comingSoon}>Subscribe to Updates</LinkButton>
        <ExternalLinkButton href={COMMUNITY_CHAT_URL} variant="secondary">
          Join Community
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </ExternalLinkButton>
      </Actions>
    </Section>
  );
}
