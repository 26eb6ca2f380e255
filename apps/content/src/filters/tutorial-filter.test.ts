/** @jest-environment node */
import { TUTORIALS } from '../data/tutorials/tutorials';
import type { Tutorial } from '../data/types';
import { NO_TUTORIAL_FILTER, filterTutorials } from './tutorial-filter';

const tutorial = (id: string, overrides: Partial<Tutorial>): Tutorial => ({
  ...TUTORIALS[0],
  id,
  title: `Title ${id}`,
  description: `Description ${id}`,
  instructor: `Instructor ${id}`,
  topics: [],
  tools: ['Zeppelin'],
  featured: false,
  ...overrides,
});

const tutorials: Tutorial[] = [
  tutorial('a', { title: 'First agent', category: 'Getting Started', level: 'Beginner' }),
  tutorial('b', {
    description: 'Clean data with an agent',
    category: 'Data Science',
    level: 'Intermediate',
    topics: ['Reporting'],
  }),
  tutorial('c', {
    category: 'Data Science',
    level: 'Advanced',
    instructor: 'Maya Chen',
    topics: ['Anomaly detection'],
  }),
  tutorial('d', { category: 'Finance', level: 'Advanced', topics: ['Agent audit trails'] }),
];
const ids = (list: Tutorial[]) => list.map((item) => item.id);
const only = (overrides: Partial<typeof NO_TUTORIAL_FILTER>) => ({
  ...NO_TUTORIAL_FILTER,
  ...overrides,
});

describe('filterTutorials', () => {
  it('returns every tutorial with no search and both selects on All', () => {
    expect(ids(filterTutorials(tutorials, NO_TUTORIAL_FILTER))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(filterTutorials(tutorials, only({ search: '   ' })))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('search alone matches title, description, topics and instructor, case-insensitively and trimmed', () => {
    expect(ids(filterTutorials(tutorials, only({ search: ' FIRST ' })))).toEqual(['a']); // title
    expect(ids(filterTutorials(tutorials, only({ search: 'clean data' })))).toEqual(['b']); // description
    expect(ids(filterTutorials(tutorials, only({ search: 'anomaly' })))).toEqual(['c']); // topic
    expect(ids(filterTutorials(tutorials, only({ search: 'maya' })))).toEqual(['c']); // instructor
    expect(ids(filterTutorials(tutorials, only({ search: 'agent' })))).toEqual(['a', 'b', 'd']);
    expect(filterTutorials(tutorials, only({ search: 'zeppelin' }))).toEqual([]); // tools are not searched
  });

  it('category alone and level alone each keep only their value', () => {
    expect(ids(filterTutorials(tutorials, only({ category: 'Data Science' })))).toEqual(['b', 'c']);
    expect(ids(filterTutorials(tutorials, only({ level: 'Advanced' })))).toEqual(['c', 'd']);
    expect(filterTutorials(tutorials, only({ category: 'No-Code' }))).toEqual([]);
  });

  it('category and level combine: both must match', () => {
    expect(
      ids(filterTutorials(tutorials, only({ category: 'Data Science', level: 'Advanced' }))),
    ).toEqual(['c']);
    expect(
      filterTutorials(tutorials, only({ category: 'Getting Started', level: 'Advanced' })),
    ).toEqual([]);
  });

  it('search combines with the category, with the level, and with both', () => {
    expect(ids(filterTutorials(tutorials, only({ search: 'agent', category: 'Finance' })))).toEqual(
      ['d'],
    );
    expect(ids(filterTutorials(tutorials, only({ search: 'agent', level: 'Beginner' })))).toEqual([
      'a',
    ]);
    expect(
      ids(
        filterTutorials(
          tutorials,
          only({ search: 'agent', category: 'Data Science', level: 'Intermediate' }),
        ),
      ),
    ).toEqual(['b']);
    expect(
      filterTutorials(
        tutorials,
        only({ search: 'agent', category: 'Data Science', level: 'Advanced' }),
      ),
    ).toEqual([]);
  });

  it('works on the built-in tutorials', () => {
    expect(
      filterTutorials(TUTORIALS, only({ category: 'No-Code', level: 'Beginner' })).map(
        (item) => item.title,
      ),
    ).toEqual(['No-Code Agent Workflows']);
  });
});
