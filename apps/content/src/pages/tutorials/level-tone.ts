import type { BadgeTone } from '@agentora/ui';
import type { TutorialLevel } from '../../data/types';

export function levelTone(level: TutorialLevel): BadgeTone {
  return level === 'Beginner' ? 'success' : level === 'Intermediate' ? 'accent' : 'muted';
}
