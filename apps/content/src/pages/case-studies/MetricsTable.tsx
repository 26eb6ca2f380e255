import { useId } from 'react';
import styled from 'styled-components';
import { down } from '@agentora/ui';
import { HorizontalScroll, tableStyles } from '@agentora/ui/data-display';
import type { CaseStudyMetric } from '../../data/types';

const Table = styled.table`
  ${tableStyles}
  caption {
    text-align: left;
    font-weight: 700;
    margin-bottom: ${({ theme }) => theme.space.sm};
    color: ${({ theme }) => theme.colors.text};
  }
  th,
  td {
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  }
  tbody th {
    font-weight: 600;
  }
  td:last-child {
    color: ${({ theme }) => theme.colors.successText};
    font-weight: 700;
  }
  ${down('md')} {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    th,
    td {
      padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.xs};
    }
  }
`;

/**
 * Before/after figures as a real table, so each number is read with its row and column. On a narrow
 * phone it may scroll sideways: the scroll box is a named, focusable region so keyboards can scroll it.
 */
export function MetricsTable({
  company,
  metrics,
}: {
  company: string;
  metrics: readonly CaseStudyMetric[];
}) {
  const captionId = useId();
  return (
    <HorizontalScroll role="region" aria-labelledby={captionId} tabIndex={0}>
      <Table>
        <caption id={captionId}>{company}: before and after</caption>
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
            <th scope="col">Improvement</th>
          </tr>
        </thead>
        <tbody>
          {metrics.map((metric) => (
            <tr key={metric.label}>
              <th scope="row">{metric.label}</th>
              <td>{metric.before}</td>
              <td>{metric.after}</td>
              <td>{metric.improvement}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </HorizontalScroll>
  );
}
