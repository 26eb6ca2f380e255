import { Badge } from '@agentora/ui';
import type { RoadmapStatus } from '../../../data/types';
import { roadmapStatusTone } from './status';

export function RoadmapStatusBadge({ status }: { status: RoadmapStatus }) {
  const tone = roadmapStatusTone(status);
  return (
    <Badge $tone={tone} data-tone={tone}>
      {status}
    </Badge>
  );
}
