import { useId } from 'react';
import styled from 'styled-components';
import { PATHS } from '@agentora/data';
import {
  ArrowRightIcon,
  Badge,
  Card,
  CardTitle,
  LinkButton,
  Muted,
  Section,
  VisuallyHidden,
} from '@agentora/ui';
import { LEARNING_PATHS } from '../../data/tutorials/learning-paths';
import { CardList } from '../../components/cards/CardList';
import { IconTile } from '../../components/cards/IconTile';
import { SectionHeader } from '../../components/page/SectionHeader';
import { levelTone } from './level-tone';

const PathCard = styled(Card)`
  gap: ${({ theme }) => theme.space.md};
  h3,
  p {
    margin: 0;
  }
`;

const Facts = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  align-items: center;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Milestones = styled.ol`
  margin: 0;
  padding-left: 1.25em;
  color: ${({ theme }) => theme.colors.textMuted};
  li {
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
`;

const Start = styled.div`
  margin-top: auto;
`;

export function LearningPaths() {
  const titleId = useId();
  return (
    <Section tone="raised" aria-labelledby={titleId}>
      <SectionHeader
        titleId={titleId}
        title="Learning Paths"
        lead="Structured tracks that take you from first steps to shipping and selling agents."
      />
      <CardList $min="280px">
        {LEARNING_PATHS.map((path) => (
          <li key={path.id}>
            <PathCard>
              <IconTile icon={path.icon} />
              <CardTitle>{path.title}</CardTitle>
              <Muted>{path.description}</Muted>
              <Facts>
                <Badge $tone={levelTone(path.level)}>{path.level}</Badge>
                <span>{path.duration}</span>
                <span>{path.tutorialCount} tutorials</span>
              </Facts>
              <Milestones aria-label={`${path.title} milestones`}>
                {path.milestones.map((milestone) => (
                  <li key={milestone}>{milestone}</li>
                ))}
              </Milestones>
              <Start>
                <LinkButton to={PATHS.comingSoon} variant="secondary">
                  Start Learning<VisuallyHidden>: {path.title}</VisuallyHidden>
                  <ArrowRightIcon size={18} />
                </LinkButton>
              </Start>
            </PathCard>
          </li>
        ))}
      </CardList>
    </Section>
  );
}
