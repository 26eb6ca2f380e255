import styled from 'styled-components';
import { IconTile as Tile } from '@agentora/ui';
import type { IconName, ToneName } from '../../data/types';
import { DataIcon } from '../icons/icon-map';
import { toneColor } from '../tone';

const TonedTile = styled(Tile)<{ $tone: ToneName }>`
  color: ${({ theme, $tone }) => toneColor(theme, $tone)};
`;

/** The site's icon tile (@agentora/ui) for an icon and tone named in the content data. */
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
    <TonedTile $tone={tone} size={size}>
      <DataIcon name={icon} size={Math.round(size / 2)} />
    </TonedTile>
  );
}
