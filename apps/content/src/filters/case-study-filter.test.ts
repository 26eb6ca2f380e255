/** @jest-environment node */
import { CASE_STUDIES } from '../data/case-studies/case-studies';
import type { CaseStudy } from '../data/types';
import { NO_CASE_STUDY_FILTER, filterCaseStudies } from './case-study-filter';

const study = (id: string, overrides: Partial<CaseStudy>): CaseStudy => ({
  ...CASE_STUDIES[0],
  id,
  company: `Company ${id}`,
  challenge: `Challenge ${id}`,
  solution: `Solution ${id}`,
  testimonial: 'Quote mentions zeppelin',
  tags: [],
  featured: false,
  ...overrides,
});

const studies: CaseStudy[] = [
  study('a', { company: 'Northwind', industry: 'SaaS' }),
  study('b', { industry: 'Finance', challenge: 'Manual invoice matching' }),
  study('c', {
    industry: 'Healthcare',
    solution: 'A scheduling agent for clinics',
    tags: ['Invoices'],
  }),
  study('d', { industry: 'E-commerce', tags: ['Recommendations'] }),
];
const ids = (list: CaseStudy[]) => list.map((item) => item.id);

describe('filterCaseStudies', () => {
  it('returns every study with no search and industry All', () => {
    expect(ids(filterCaseStudies(studies, NO_CASE_STUDY_FILTER))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(filterCaseStudies(studies, { search: '  ', industry: 'All' }))).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('search alone matches company, industry, challenge, solution and tags, case-insensitively and trimmed', () => {
    expect(ids(filterCaseStudies(studies, { search: ' NORTHWIND ', industry: 'All' }))).toEqual([
      'a',
    ]); // company
    expect(ids(filterCaseStudies(studies, { search: 'healthcare', industry: 'All' }))).toEqual([
      'c',
    ]); // industry
    expect(ids(filterCaseStudies(studies, { search: 'invoice', industry: 'All' }))).toEqual([
      'b',
      'c',
    ]); // challenge, tag
    expect(ids(filterCaseStudies(studies, { search: 'clinics', industry: 'All' }))).toEqual(['c']); // solution
    expect(ids(filterCaseStudies(studies, { search: 'recommend', industry: 'All' }))).toEqual([
      'd',
    ]); // tag
    expect(filterCaseStudies(studies, { search: 'zeppelin', industry: 'All' })).toEqual([]); // testimonial is not searched
  });

  it('industry alone keeps only that industry; an industry without studies gives none', () => {
    expect(ids(filterCaseStudies(studies, { search: '', industry: 'Finance' }))).toEqual(['b']);
    expect(filterCaseStudies(studies, { search: '', industry: 'Manufacturing' })).toEqual([]);
    expect(filterCaseStudies(CASE_STUDIES, { search: '', industry: 'Real Estate' })).toEqual([]);
  });

  it('search and industry combine: a study must match both', () => {
    expect(ids(filterCaseStudies(studies, { search: 'invoice', industry: 'Healthcare' }))).toEqual([
      'c',
    ]);
    expect(filterCaseStudies(studies, { search: 'northwind', industry: 'Finance' })).toEqual([]);
  });
});
