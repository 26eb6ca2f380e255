import styled from 'styled-components';
import { formatMoment } from '../lists/dates';
import { WAVE_SERIES, WAVE_SERIES_LABELS, type WaveSeries } from './wave-series';

const COLORS: Record<WaveSeries, string> = {
  mailed: '#b9a8ff',
  delivered: '#22d3ee',
  bounced: '#f87171',
  joined: '#4ade80',
};

const WIDTH = 720;
const HEIGHT = 240;
const PAD = 32;

const Figure = styled.figure`
  margin: 0;
  svg {
    width: 100%;
    height: auto;
    max-width: ${WIDTH}px;
  }
  figcaption ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.md};
    padding: 0;
    list-style: none;
  }
`;

const Swatch = styled.span<{ $color: string }>`
  display: inline-block;
  width: 0.75rem;
  height: 0.75rem;
  margin-right: 0.375rem;
  background: ${({ $color }) => $color};
`;

/**
 * A wave's running totals over time, one line per step, each period where its time falls (times in
 * order); the same numbers are in the table below it.
 */
export function WaveChart({
  times,
  totals,
}: {
  times: readonly string[];
  totals: Record<WaveSeries, number[]>;
}) {
  const max = Math.max(1, ...WAVE_SERIES.flatMap((series) => totals[series]));
  // Along real time: a wave's periods are uneven (its mail within minutes, its joins over days).
  const moments = times.map((time) => Date.parse(time));
  const first = moments[0];
  const span = moments[moments.length - 1] - first;
  const x = (index: number) =>
    PAD + (span <= 0 ? 0 : ((moments[index] - first) * (WIDTH - 2 * PAD)) / span);
  const y = (value: number) => HEIGHT - PAD - (value * (HEIGHT - 2 * PAD)) / max;
  return (
    <Figure>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label="The wave's invitations over time"
      >
        <line x1={PAD} y1={HEIGHT - PAD} x2={WIDTH - PAD} y2={HEIGHT - PAD} stroke="#2a3154" />
        <text x={4} y={PAD} fill="#a9b1c7" fontSize="12">
          {max}
        </text>
        <text x={PAD} y={HEIGHT - 8} fill="#a9b1c7" fontSize="12">
          {formatMoment(times[0])}
        </text>
        <text x={WIDTH - PAD} y={HEIGHT - 8} fill="#a9b1c7" fontSize="12" textAnchor="end">
          {formatMoment(times[times.length - 1])}
        </text>
        {WAVE_SERIES.map((series) => (
          <polyline
            key={series}
            fill="none"
            stroke={COLORS[series]}
            strokeWidth={2}
            points={totals[series].map((value, index) => `${x(index)},${y(value)}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption>
        <ul>
          {WAVE_SERIES.map((series) => (
            <li key={series}>
              <Swatch $color={COLORS[series]} aria-hidden="true" />
              {WAVE_SERIES_LABELS[series]}
            </li>
          ))}
        </ul>
      </figcaption>
    </Figure>
  );
}
