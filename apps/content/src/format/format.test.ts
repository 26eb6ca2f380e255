/** @jest-environment node */
import { formatDate, formatDayOfMonth, formatShortDate, formatShortMonth } from './date';
import { formatCount, plural } from './number';

it('formats ISO days in en-US without shifting them across time zones', () => {
  expect(formatDate('2025-10-28')).toBe('October 28, 2025');
  expect(formatShortDate('2026-01-02')).toBe('Jan 2, 2026');
  expect(formatShortMonth('2025-12-31')).toBe('Dec');
  expect(formatDayOfMonth('2025-12-03')).toBe('3');
});

it('writes every month as en-US Intl does', () => {
  const long = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const short = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  for (let month = 1; month <= 12; month++) {
    const iso = `2026-${String(month).padStart(2, '0')}-09`;
    expect(formatDate(iso)).toBe(long.format(new Date(iso)));
    expect(formatShortDate(iso)).toBe(short.format(new Date(iso)));
  }
});

it('rejects what is not an ISO day', () => {
  expect(() => formatDate('28/10/2025')).toThrow(RangeError);
  expect(() => formatDate('2025-13-01')).toThrow(RangeError);
});

it('formats counts with thousands separators and plurals', () => {
  expect(formatCount(15580)).toBe('15,580');
  expect(formatCount(1234567)).toBe('1,234,567');
  expect(formatCount(999)).toBe('999');
  expect(formatCount(-4820)).toBe('-4,820');
  expect(() => formatCount(1.5)).toThrow(RangeError);
  expect(plural(1, 'article')).toBe('1 article');
  expect(plural(5, 'article')).toBe('5 articles');
  expect(plural(2, 'case study', 'case studies')).toBe('2 case studies');
});
