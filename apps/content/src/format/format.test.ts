import { formatDate, formatShortDate } from './date';
import { formatCount, plural } from './number';

it('formats ISO days in en-US without shifting them across time zones', () => {
  expect(formatDate('2025-10-28')).toBe('October 28, 2025');
  expect(formatShortDate('2026-01-02')).toBe('Jan 2, 2026');
});

it('formats counts with thousands separators and plurals', () => {
  expect(formatCount(15580)).toBe('15,580');
  expect(plural(1, 'article')).toBe('1 article');
  expect(plural(5, 'article')).toBe('5 articles');
  expect(plural(2, 'case study', 'case studies')).toBe('2 case studies');
});
