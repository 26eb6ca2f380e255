import type { CaseStudy, CaseStudyIndustryFilter } from '../data/types';
import { matchesOption, matchesSearch } from './text-search';

export interface CaseStudyFilter {
  search: string;
  industry: CaseStudyIndustryFilter;
}

export const NO_CASE_STUDY_FILTER: CaseStudyFilter = { search: '', industry: 'All' };

/** Studies matching both the search (company, industry, challenge, solution, tags) and the industry. */
export function filterCaseStudies(
  studies: readonly CaseStudy[],
  { search, industry }: CaseStudyFilter,
): CaseStudy[] {
  return studies.filter(
    (study) =>
      matchesOption(industry, study.industry) &&
      matchesSearch(search, [
        study.company,
        study.industry,
        study.challenge,
        study.solution,
        study.tags,
      ]),
  );
}
