import { useId } from 'react';
import styled from 'styled-components';
import { Section } from '@agentora/ui';
import { VISION_PILLARS, VISION_STATEMENT } from '../../../data/home/vision';
import { CardList } from '../../../components/cards/CardList';
import { FeatureCard } from '../../../components/cards/FeatureCard';
import { SectionHeader } from '../../../components/page/SectionHeader';

const Statement = styled.blockquote`
  margin: ${({ theme }) => theme.space.xxl} auto 0;
  max-width: 52rem;
  padding: ${({ theme }) => theme.space.xl};
  border-left: 4px solid ${({ theme }) => theme.colors.accent};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  line-height: 1.5;
  p {
    margin: 0;
  }
`;

export function VisionSection() {
  const titleId = useId();
  return (
    <Section id="vision" aria-labelledby={titleId}>
      <SectionHeader
        titleId={titleId}
        eyebrow="Our Vision"
        title="Where AI agents do the work"
        lead="Three shifts we are building the marketplace for."
      />
      <CardList $min="240px">
        {VISION_PILLARS.map((pillar) => (
          <li key={pillar.title}>
            <FeatureCard feature={pillar} />
          </li>
        ))}
      </CardList>
      <Statement>
        <p>{VISION_STATEMENT}</p>
      </Statement>
    </Section>
  );
}
