import { useState } from 'react';
import styled from 'styled-components';
import { CardTitle } from '@agentora/ui';
import { signupsPerDay } from '../backend/console-api';
import { useAsync } from '../backend/useAsync';
import { LoadFailure } from '../lists/LoadFailure';
import { daysBetween, lastDays, perDaySeries, SERIES, SERIES_LABELS } from './per-day-series';
import { PerDayChart } from './PerDayChart';
import { Totals, ViewStack } from '../layout/view-parts';

const RANGE_DAYS = 30;

const Table = styled.table`
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th,
  td {
    padding: 0.25rem 0.75rem;
    text-align: right;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

/** Sign-ups per day per form over the last 30 days: totals, a chart, and the numbers as a table. */
export function OverviewView() {
  const [range] = useState(() => lastDays(new Date(), RANGE_DAYS));
  const [state, reload] = useAsync(
    () => signupsPerDay(range.from, range.to),
    `${range.from}/${range.to}`,
  );
  if (state.status === 'loading') return <p role="status">Loading…</p>;
  if (state.status === 'failed') return <LoadFailure error={state.error} onRetry={reload} />;
  const days = daysBetween(range.from, range.to);
  const { values, totals } = perDaySeries(days, state.value);
  return (
    <ViewStack aria-label="Overview">
      <CardTitle as="h2">{`Sign-ups per day, ${range.from} to ${range.to} (UTC)`}</CardTitle>
      <Totals>
        {SERIES.map((series) => (
          <div key={series}>
            <dt>{SERIES_LABELS[series]}</dt>
            <dd>{totals[series]}</dd>
          </div>
        ))}
      </Totals>
      <PerDayChart days={days} values={values} />
      <details>
        <summary>The numbers per day</summary>
        <Table>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {SERIES.map((series) => (
                <th key={series} scope="col">
                  {SERIES_LABELS[series]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day, index) => (
              <tr key={day}>
                <th scope="row">{day}</th>
                {SERIES.map((series) => (
                  <td key={series}>{values[series][index]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </details>
    </ViewStack>
  );
}
