import styled from 'styled-components';
import type { IconName, ToneName } from '../../data/types';
import { DataIcon } from '../icons/icon-map';
import { toneColor } from '../tone';

const Tile = styled.span<{ $tone: ToneName; $size: number }>`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme, $tone }) => toneColor(theme, $tone)};
`;

/** A decorative icon in a rounded tile, at the head of a card. */
export function IconTile({
  icon,
  tone = 'accent',
  size = 48,
}: {
  icon: IconName;
  tone?: ToneName;
  size?: number;
}) {
  return (
    <Tile $tone={tone} $size={size} aria-hidden="true">
      <DataIcon name={icon} size={Math.round(size / 2)} />
    </Tile>
  );
}
