import type { BadgeTone } from '@agentora/ui';
import type { RoadmapStatus } from '../../../data/types';

/** 'In Progress' is shown green; 'Planned' is neutral. */
export function roadmapStatusTone(status: RoadmapStatus): BadgeTone {
  return status === 'In Progress' ? 'success' : 'muted';
}
