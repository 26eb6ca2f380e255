import styled from 'styled-components';
import { squareTile } from '@agentora/ui';
import type { ArtworkPalette } from '../../data/types';
import { PALETTES } from './palettes';

const Mark = styled.span<{ $size: number; $from: string; $to: string; $round: boolean }>`
  ${squareTile}
  border-radius: ${({ $round, theme }) => ($round ? '50%' : theme.radii.md)};
  background: linear-gradient(135deg, ${({ $from }) => $from}, ${({ $to }) => $to});
  color: #ffffff;
  font-weight: 800;
  font-size: ${({ $size }) => Math.round($size * 0.36)}px;
  letter-spacing: 0.02em;
`;

/**
 * Initials on a gradient: company logos and people's avatars, drawn instead of fetched. With a
 * `label` it is an image with that name (a logo); without, it is decorative (the name is beside it).
 */
export function Monogram({
  initials,
  palette,
  size = 48,
  round = false,
  label,
}: {
  initials: string;
  palette: ArtworkPalette;
  size?: number;
  round?: boolean;
  label?: string;
}) {
  const [from, to] = PALETTES[palette];
  return (
    <Mark
      $size={size}
      $from={from}
      $to={to}
      $round={round}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {initials}
    </Mark>
  );
}
