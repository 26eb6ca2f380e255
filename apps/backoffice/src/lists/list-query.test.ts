/** @jest-environment node */
import {
  filterArguments,
  readListQuery,
  sourceLabel,
  writeListQuery,
  type ListViewQuery,
} from './list-query';

const list = (search: string) => readListQuery(search) as ListViewQuery;

describe("a list's address", () => {
  it('reads back what it wrote', () => {
    const query = {
      ...readListQuery(''),
      view: 'applications' as const,
      search: 'ada lovelace',
      from: '2026-11-01',
      to: '2026-11-30',
      status: 'reviewing' as const,
      source: 'news.ycombinator.com',
      sort: 'last_name' as const,
      descending: false,
      page: 3,
    };
    expect(readListQuery(writeListQuery(query))).toEqual(query);
    const referrals = { ...readListQuery(''), view: 'referrals' as const, suspected: true };
    expect(writeListQuery(referrals)).toBe('?view=referrals&suspected=yes');
    expect(readListQuery(writeListQuery(referrals))).toEqual(referrals);
  });

  it('falls back to the defaults for anything unknown or malformed, never throws', () => {
    const query = readListQuery(
      '?view=__proto__&from=2026-13-45&to=yesterday&confirmed=maybe&status=hired&sort=password&page=-2&source=a%20b&suspected=1&q=' +
        'x'.repeat(500),
    );
    expect(query).toMatchObject({
      view: 'overview',
      from: '',
      to: '',
      confirmed: '',
      status: '',
      source: '',
      suspected: false,
      sort: 'created_at',
      descending: true,
      page: 1,
    });
    expect(query.search).toHaveLength(200);
    expect(readListQuery('?view=waitlist&sort=last_name').sort).toBe('created_at');
  });

  it('writes only what differs from the defaults', () => {
    expect(writeListQuery(readListQuery('?view=newsletter'))).toBe('?view=newsletter');
    expect(writeListQuery(readListQuery('?view=sources'))).toBe('?view=sources');
  });
});

describe('a source as typed', () => {
  it('is a lowercase label, trimmed, or no filter', () => {
    expect(sourceLabel(' News.YCombinator.com ')).toBe('news.ycombinator.com');
    expect(sourceLabel('direct')).toBe('direct');
    expect(sourceLabel('launch-post+1')).toBe('launch-post+1');
    for (const bad of ['', '-x', 'a b', 'a/b', 'x'.repeat(254), null]) {
      expect([bad, sourceLabel(bad)]).toEqual([bad, '']);
    }
  });
});

describe("a list's filters as the database functions take them", () => {
  it('gives a sign-up list its form, source and yes/no filters, and blanks as null', () => {
    expect(filterArguments(list('?view=waitlist&q=%20&confirmed=yes&invited=no'))).toEqual({
      p_search: null,
      p_from: null,
      p_to: null,
      p_source: null,
      p_form: 'waitlist',
      p_confirmed: true,
      p_invited: false,
    });
    expect(filterArguments(list('?view=newsletter&invited=no&source=direct'))).toMatchObject({
      p_invited: null,
      p_source: 'direct',
    });
  });

  it('gives the applications their status and source', () => {
    expect(
      filterArguments(list('?view=applications&status=offer&from=2026-01-01&source=launch-post')),
    ).toEqual({
      p_search: null,
      p_from: '2026-01-01',
      p_to: null,
      p_source: 'launch-post',
      p_status: 'offer',
    });
  });
});
