import { useId } from 'react';
import styled from 'styled-components';
import { BRAND, PATHS } from '@agentora/data';
import { ArrowRightIcon, LinkButton, Section, up } from '@agentora/ui';
import {
  ABOUT_NUMBERS,
  MISSION,
  MISSION_DETAIL,
  VALUES,
  VISION_POINTS,
} from '../../data/about/about';
import { CardList } from '../../components/cards/CardList';
import { FeatureCard } from '../../components/cards/FeatureCard';
import { TwoColumns } from '../../components/layout/TwoColumns';
import { CheckList } from '../../components/lists/CheckList';
import { PageHero } from '../../components/page/PageHero';
import { FollowSection } from '../../components/page/FollowSection';
import { SectionHeader } from '../../components/page/SectionHeader';
import { StatList } from '../../components/stats/StatList';

const MissionGrid = styled(TwoColumns)`
  ${up('lg')} {
    align-items: start;
  }
`;

const Prose = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const VisionPanel = styled.div`
  padding: ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

const Closing = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space.xxl};
`;

export function AboutPage() {
  const missionId = useId();
  const visionId = useId();
  const valuesId = useId();
  const numbersId = useId();
  return (
    <>
      <PageHero
        eyebrow="Our Story"
        title={`About ${BRAND}`}
        lead={`We are building the marketplace where AI agents are discovered, bought, sold and deployed, so every business can use them and every creator can earn from them.`}
      />
      <FollowSection aria-labelledby={missionId}>
        <MissionGrid $from="lg" $gap="xl">
          <div>
            <SectionHeader
              titleId={missionId}
              eyebrow="Mission"
              title="Our Mission"
              align="start"
            />
            <Prose>{MISSION}</Prose>
            <Prose>{MISSION_DETAIL}</Prose>
          </div>
          <VisionPanel as="section" aria-labelledby={visionId}>
            <SectionHeader titleId={visionId} eyebrow="Vision" title="Our Vision" align="start" />
            <CheckList items={VISION_POINTS} />
          </VisionPanel>
        </MissionGrid>
      </FollowSection>
      <Section tone="raised" aria-labelledby={valuesId}>
        <SectionHeader titleId={valuesId} eyebrow="What We Stand For" title="Our Values" />
        <CardList $min="240px">
          {VALUES.map((value) => (
            <li key={value.title}>
              <FeatureCard feature={value} />
            </li>
          ))}
        </CardList>
      </Section>
      <Section aria-labelledby={numbersId}>
        <SectionHeader titleId={numbersId} eyebrow="Where We Stand" title="By the Numbers" />
        <StatList stats={ABOUT_NUMBERS} />
        <Closing>
          <LinkButton to={PATHS.comingSoon} size="lg">
            Join Waitlist
            <ArrowRightIcon size={18} />
          </LinkButton>
        </Closing>
      </Section>
    </>
  );
}
