import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

/**
 * A square of `$size` pixels that centres what it holds and does not shrink in a flex row: the icon
 * tile's box, for other tiles (initials, a logo). Add the look after it.
 */
export const squareTile = css<{ $size: number }>`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
`;

const Tile = styled.span<{ $size: number }>`
  ${squareTile}
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.accent};
`;

/**
 * A decorative icon in a rounded tile, at the head of a card. `children` is the icon, drawn at about
 * half the tile's size; restyle with `styled(IconTile)` for another colour.
 */
export function IconTile({
  children,
  size = 48,
  className,
}: {
  children: ReactNode;
  size?: number;
  className?: string;
}) {
  return (
    <Tile $size={size} className={className} aria-hidden="true">
      {children}
    </Tile>
  );
}
