import { useId, useState } from 'react';
import styled from 'styled-components';
import { ClockIcon, SectionTitle } from '@agentora/ui';
import {
  CASE_STUDIES,
  CASE_STUDY_INDUSTRIES,
  CASE_STUDY_STATS,
} from '../../data/case-studies/case-studies';
import {
  filterCaseStudies,
  NO_CASE_STUDY_FILTER,
  type CaseStudyFilter,
} from '../../filters/case-study-filter';
import { splitFeatured } from '../../filters/featured';
import { CardList } from '../../components/cards/CardList';
import { FilterBar } from '../../components/filters/FilterBar';
import { OptionSelect } from '../../components/filters/OptionSelect';
import { ResultStatus } from '../../components/filters/ResultStatus';
import { SearchBox } from '../../components/filters/SearchBox';
import { FollowSection } from '../../components/page/FollowSection';
import { PageHero } from '../../components/page/PageHero';
import { StatList } from '../../components/stats/StatList';
import { CaseStudyCard } from './CaseStudyCard';

export const NO_CASE_STUDIES_MESSAGE = 'No case studies found matching your criteria.';
export const REPORTS_NOTE = 'Full reports will be available at launch.';

const Block = styled.section`
  margin-bottom: ${({ theme }) => theme.space.xxl};
  > h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Note = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function CaseStudiesPage() {
  const [filter, setFilter] = useState<CaseStudyFilter>(NO_CASE_STUDY_FILTER);
  const noteId = useId();
  const featuredTitleId = useId();
  const gridTitleId = useId();
  const { featured, rest } = splitFeatured(filterCaseStudies(CASE_STUDIES, filter));
  const shown = (featured ? 1 : 0) + rest.length;

  return (
    <>
      <PageHero
        eyebrow="Customer Stories"
        title="Case Studies"
        lead="How teams in our beta programme put AI agents to work, with the numbers before and after."
      >
        <StatList stats={CASE_STUDY_STATS} />
      </PageHero>
      <FollowSection>
        <FilterBar label="Filter case studies" selects={1}>
          <SearchBox
            label="Search case studies"
            placeholder="Search by company, industry or challenge"
            value={filter.search}
            onChange={(search) => setFilter({ ...filter, search })}
          />
          <OptionSelect
            label="Industry"
            name="industry"
            options={CASE_STUDY_INDUSTRIES}
            value={filter.industry}
            onChange={(industry) => setFilter({ ...filter, industry })}
          />
        </FilterBar>
        <Note id={noteId}>
          <ClockIcon size={16} />
          {REPORTS_NOTE}
        </Note>
        <ResultStatus
          shown={shown}
          total={CASE_STUDIES.length}
          noun="case studies"
          emptyMessage={NO_CASE_STUDIES_MESSAGE}
          onClear={() => setFilter(NO_CASE_STUDY_FILTER)}
        />
        {featured && (
          <Block aria-labelledby={featuredTitleId}>
            <SectionTitle id={featuredTitleId}>Featured Case Study</SectionTitle>
            <CaseStudyCard study={featured} featured reportNoteId={noteId} />
          </Block>
        )}
        {rest.length > 0 && (
          <Block aria-labelledby={gridTitleId}>
            <SectionTitle id={gridTitleId}>
              {featured ? 'More Case Studies' : 'Case Studies'}
            </SectionTitle>
            <CardList $min="320px" $tracks="fill">
              {rest.map((study) => (
                <li key={study.id}>
                  <CaseStudyCard study={study} reportNoteId={noteId} />
                </li>
              ))}
            </CardList>
          </Block>
        )}
      </FollowSection>
    </>
  );
}
