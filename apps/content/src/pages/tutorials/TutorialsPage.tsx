import { useId, useState } from 'react';
import styled from 'styled-components';
import { Section } from '@agentora/ui';
import { LEARNING_PATHS } from '../../data/tutorials/learning-paths';
import { TUTORIAL_CATEGORIES, TUTORIAL_LEVELS, TUTORIALS } from '../../data/tutorials/tutorials';
import { splitFeatured } from '../../filters/featured';
import {
  filterTutorials,
  NO_TUTORIAL_FILTER,
  type TutorialFilter,
} from '../../filters/tutorial-filter';
import { CardList } from '../../components/cards/CardList';
import { FilterBar } from '../../components/filters/FilterBar';
import { OptionSelect } from '../../components/filters/OptionSelect';
import { ResultStatus } from '../../components/filters/ResultStatus';
import { SearchBox } from '../../components/filters/SearchBox';
import { PageHero } from '../../components/page/PageHero';
import { SectionHeader } from '../../components/page/SectionHeader';
import { StatList } from '../../components/stats/StatList';
import { LearningPaths } from './LearningPaths';
import { TutorialCard } from './TutorialCard';

export const NO_TUTORIALS_MESSAGE = 'No tutorials found matching your criteria.';

const averageRating =
  TUTORIALS.reduce((sum, tutorial) => sum + tutorial.rating, 0) / TUTORIALS.length;

const TUTORIAL_STATS = [
  { value: '15,000+', label: 'Students' },
  { value: String(TUTORIALS.length), label: 'Tutorials' },
  { value: String(LEARNING_PATHS.length), label: 'Learning paths' },
  { value: averageRating.toFixed(1), label: 'Average rating' },
];

const Block = styled.div`
  margin-bottom: ${({ theme }) => theme.space.xxl};
  > h3 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

export function TutorialsPage() {
  const [filter, setFilter] = useState<TutorialFilter>(NO_TUTORIAL_FILTER);
  const catalogueId = useId();
  const { featured, rest } = splitFeatured(filterTutorials(TUTORIALS, filter));
  const shown = (featured ? 1 : 0) + rest.length;

  return (
    <>
      <PageHero
        eyebrow="Learn"
        title="Tutorials & Learning Paths"
        lead="Hands-on tutorials for building, buying and deploying AI agents, from your first agent to running them across a business."
      >
        <StatList stats={TUTORIAL_STATS} />
      </PageHero>
      <LearningPaths />
      <Section aria-labelledby={catalogueId}>
        <SectionHeader
          titleId={catalogueId}
          title="Browse Tutorials"
          lead="Search and filter by category and level; results update as you type."
        />
        <FilterBar label="Filter tutorials" selects={2}>
          <SearchBox
            label="Search tutorials"
            placeholder="Search by title, topic or instructor"
            value={filter.search}
            onChange={(search) => setFilter({ ...filter, search })}
          />
          <OptionSelect
            label="Category"
            name="category"
            options={TUTORIAL_CATEGORIES}
            value={filter.category}
            onChange={(category) => setFilter({ ...filter, category })}
          />
          <OptionSelect
            label="Level"
            name="level"
            options={TUTORIAL_LEVELS}
            value={filter.level}
            onChange={(level) => setFilter({ ...filter, level })}
          />
        </FilterBar>
        <ResultStatus
          shown={shown}
          total={TUTORIALS.length}
          noun="tutorials"
          emptyMessage={NO_TUTORIALS_MESSAGE}
          onClear={() => setFilter(NO_TUTORIAL_FILTER)}
        />
        {featured && (
          <Block>
            <h3>Featured Tutorial</h3>
            <TutorialCard tutorial={featured} featured />
          </Block>
        )}
        {rest.length > 0 && (
          <Block>
            <h3>{featured ? 'More Tutorials' : 'Tutorials'}</h3>
            <CardList $min="300px" $tracks="fill">
              {rest.map((tutorial) => (
                <li key={tutorial.id}>
                  <TutorialCard tutorial={tutorial} />
                </li>
              ))}
            </CardList>
          </Block>
        )}
      </Section>
    </>
  );
}
