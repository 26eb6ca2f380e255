import { useId } from 'react';
import styled from 'styled-components';
import { AlertCircleIcon, CheckCircleIcon, Section } from '@agentora/ui';
import {
  CHALLENGES_AND_SOLUTIONS,
  PROBLEM_SOLUTION_STATS,
} from '../../../data/home/problem-solution';
import type { Feature } from '../../../data/types';
import { TwoColumns } from '../../../components/layout/TwoColumns';
import { SectionHeader } from '../../../components/page/SectionHeader';
import { StatList } from '../../../components/stats/StatList';

const Columns = styled(TwoColumns)`
  margin-bottom: ${({ theme }) => theme.space.xxl};
`;

const Column = styled.div<{ $kind: 'challenge' | 'solution' }>`
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid
    ${({ theme, $kind }) => ($kind === 'challenge' ? theme.colors.error : theme.colors.success)};
  h3 {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  h3 svg {
    color: ${({ theme, $kind }) => ($kind === 'challenge' ? theme.colors.errorText : theme.colors.successText)};
  }
`;

const Points = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  strong {
    display: block;
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

function PointList({ points }: { points: readonly Feature[] }) {
  return (
    <Points>
      {points.map((point) => (
        <li key={point.title}>
          <strong>{point.title}</strong>
          <p>{point.description}</p>
        </li>
      ))}
    </Points>
  );
}

export function ProblemSolutionSection() {
  const titleId = useId();
  return (
    <Section tone="raised" aria-labelledby={titleId}>
      <SectionHeader
        titleId={titleId}
        eyebrow="The Problem & Our Solution"
        title="Building AI agents is too slow and too expensive"
        lead="Four challenges hold businesses back today, and how the marketplace answers each one."
      />
      <Columns $from="md" $gap="xl">
        <Column $kind="challenge">
          <h3>
            <AlertCircleIcon />
            Current Challenges
          </h3>
          <PointList points={CHALLENGES_AND_SOLUTIONS.map((pair) => pair.challenge)} />
        </Column>
        <Column $kind="solution">
          <h3>
            <CheckCircleIcon />
            Our Solution
          </h3>
          <PointList points={CHALLENGES_AND_SOLUTIONS.map((pair) => pair.solution)} />
        </Column>
      </Columns>
      <StatList stats={PROBLEM_SOLUTION_STATS} />
    </Section>
  );
}
