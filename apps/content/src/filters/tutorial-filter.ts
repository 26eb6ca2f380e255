import type { Tutorial, TutorialCategoryFilter, TutorialLevelFilter } from '../data/types';
import { matchesOption, matchesSearch } from './text-search';

export interface TutorialFilter {
  search: string;
  category: TutorialCategoryFilter;
  level: TutorialLevelFilter;
}

export const NO_TUTORIAL_FILTER: TutorialFilter = { search: '', category: 'All', level: 'All' };

/** Tutorials matching the search (title, description, topics, instructor), the category and the level. */
export function filterTutorials(
  tutorials: readonly Tutorial[],
  { search, category, level }: TutorialFilter,
): Tutorial[] {
  return tutorials.filter(
    (tutorial) =>
      matchesOption(category, tutorial.category) &&
      matchesOption(level, tutorial.level) &&
      matchesSearch(search, [
        tutorial.title,
        tutorial.description,
        tutorial.topics,
        tutorial.instructor,
      ]),
  );
}
