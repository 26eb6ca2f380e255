import { useId } from 'react';
import styled from 'styled-components';
import type { Artwork as ArtworkData } from '../../data/types';
import { MOTIFS } from './motifs';
import { PALETTES } from './palettes';

const Svg = styled.svg<{ $radius: string }>`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 16 / 9;
  border-radius: ${({ $radius }) => $radius};
`;

/**
 * A drawn picture in place of a downloaded image: it ships with the code, so nothing is fetched at
 * run time, and its fixed 16:9 box means the layout never shifts. `alt` is its accessible name.
 */
export function Artwork({ art, radius = '12px' }: { art: ArtworkData; radius?: string }) {
  // useId output may contain characters that are not safe inside url(#…), so keep only the safe ones.
  const gradientId = `art-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [from, to] = PALETTES[art.palette];
  return (
    <Svg
      viewBox="0 0 640 360"
      width={640}
      height={360}
      role="img"
      aria-label={art.alt}
      $radius={radius}
      preserveAspectRatio="xMidYMid slice"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect width="640" height="360" fill={`url(#${gradientId})`} />
      <g aria-hidden="true">{MOTIFS[art.motif]}</g>
    </Svg>
  );
}
