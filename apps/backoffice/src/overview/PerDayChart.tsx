import styled from 'styled-components';
import { SERIES, SERIES_LABELS, type Series } from './per-day-series';

const COLORS: Record<Series, string> = {
  early_access: '#b9a8ff',
  waitlist: '#22d3ee',
  newsletter: '#4ade80',
  career: '#facc15',
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

/** Sign-ups per day, one line per form; the numbers themselves are in the table beside it. */
export function PerDayChart({
  days,
  values,
}: {
  days: readonly string[];
  values: Record<Series, number[]>;
}) {
  const max = Math.max(1, ...SERIES.flatMap((series) => values[series]));
  const x = (index: number) =>
    PAD + (days.length <= 1 ? 0 : (index * (WIDTH - 2 * PAD)) / (days.length - 1));
  const y = (value: number) => HEIGHT - PAD - (value * (HEIGHT - 2 * PAD)) / max;
  return (
    <Figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label="Sign-ups per day by form">
        <line x1={PAD} y1={HEIGHT - PAD} x2={WIDTH - PAD} y2={HEIGHT - PAD} stroke="#2a3154" />
        <text x={4} y={PAD} fill="#a9b1c7" fontSize="12">
          {max}
        </text>
        <text x={PAD} y={HEIGHT - 8} fill="#a9b1c7" fontSize="12">
          {days[0]}
        </text>
        <text x={WIDTH - PAD} y={HEIGHT - 8} fill="#a9b1c7" fontSize="12" textAnchor="end">
          {days[days.length - 1]}
        </text>
        {SERIES.map((series) => (
          <polyline
            key={series}
            fill="none"
            stroke={COLORS[series]}
            strokeWidth={2}
            points={values[series].map((value, index) => `${x(index)},${y(value)}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption>
        <ul>
          {SERIES.map((series) => (
            <li key={series}>
              <Swatch $color={COLORS[series]} aria-hidden="true" />
              {SERIES_LABELS[series]}
            </li>
          ))}
        </ul>
      </figcaption>
    </Figure>
  );
}
