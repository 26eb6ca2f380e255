import styled from 'styled-components';
import type { CaseStudyResults as Results } from '../../data/types';

const List = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  > div {
    display: flex;
    flex-direction: column-reverse;
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    border-radius: ${({ theme }) => theme.radii.md};
  }
  dt {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.textMuted};
    text-transform: uppercase;
    letter-spacing: 0.06em;
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: 800;
    color: ${({ theme }) => theme.colors.successText};
  }
`;

const LABELS: ReadonlyArray<readonly [keyof Results, string]> = [
  ['costSaving', 'Cost saving'],
  ['timeReduction', 'Time reduction'],
  ['satisfaction', 'Satisfaction'],
  ['roi', 'ROI'],
];

/** The four headline results of a study. */
export function CaseStudyResults({ results }: { results: Results }) {
  return (
    <List>
      {LABELS.map(([key, label]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd>{results[key]}</dd>
        </div>
      ))}
    </List>
  );
}
