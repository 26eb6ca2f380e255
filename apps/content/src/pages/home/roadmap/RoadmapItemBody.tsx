import type { RoadmapItem } from '../../../data/types';
import { RoadmapStatusBadge } from './RoadmapStatusBadge';

/** A quarter's title, status and list: the same in the cards (small screens) and on the timeline. */
export function RoadmapItemBody({ item }: { item: RoadmapItem }) {
  return (
    <>
      <h3>{item.title}</h3>
      <RoadmapStatusBadge status={item.status} />
      <ul>
        {item.items.map((entry) => (
          <li key={entry}>{entry}</li>
        ))}
      </ul>
    </>
  );
}
