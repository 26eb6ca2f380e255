/** @jest-environment node */
import { ALL, matchesOption, matchesSearch, normalizeSearch } from './text-search';

describe('text search', () => {
  it('trims and lower-cases the search', () => {
    expect(normalizeSearch('  Market ANALYSIS \t')).toBe('market analysis');
  });

  it('lets everything through on an empty or blank search', () => {
    expect(matchesSearch('', ['anything'])).toBe(true);
    expect(matchesSearch('   ', ['anything'])).toBe(true);
  });

  it('matches a substring of any string field, ignoring case and surrounding spaces', () => {
    expect(matchesSearch('  COMPUTE ', ['Shared compute pool'])).toBe(true);
    expect(matchesSearch('pool', ['first', 'Shared compute pool'])).toBe(true);
    expect(matchesSearch('ledger', ['Shared compute pool'])).toBe(false);
  });

  it('matches any entry of a list field', () => {
    expect(matchesSearch('pricing', ['title', ['Creators', 'Pricing']])).toBe(true);
    expect(matchesSearch('payout', ['title', ['Creators', 'Pricing']])).toBe(false);
  });
});

describe('select option', () => {
  it("passes every value on 'All' and only the exact value otherwise", () => {
    expect(matchesOption(ALL, 'Finance')).toBe(true);
    expect(matchesOption('Finance', 'Finance')).toBe(true);
    expect(matchesOption('Finance', 'SaaS')).toBe(false);
  });
});
