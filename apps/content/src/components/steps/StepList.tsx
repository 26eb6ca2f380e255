import styled from 'styled-components';
import { cardPanel } from '@agentora/ui';
import type { ProcessStep } from '../../data/types';
import { IconTile } from '../cards/IconTile';

const List = styled.ol<{ $min: string }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, ${({ $min }) => $min}), 1fr));
`;

const Step = styled.li`
  ${cardPanel}
  position: relative;
  h3,
  h4 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-bottom: ${({ theme }) => theme.space.sm};
`;

const Number = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 800;
  color: ${({ theme }) => theme.colors.accent};
`;

/** Numbered steps of a process; the order is the list's own (an <ol>), the big number repeats it visually. */
export function StepList({
  steps,
  min = '220px',
  level = 3,
}: {
  steps: readonly ProcessStep[];
  min?: string;
  level?: 3 | 4;
}) {
  const Title = level === 4 ? 'h4' : 'h3';
  return (
    <List $min={min}>
      {steps.map((step) => (
        <Step key={step.title}>
          <Head>
            <IconTile icon={step.icon} />
            <Number aria-hidden="true">{String(step.step).padStart(2, '0')}</Number>
          </Head>
          <Title>{step.title}</Title>
          <p>{step.description}</p>
        </Step>
      ))}
    </List>
  );
}
