import { filterArguments, readListQuery, writeListQuery } from './list-query';

describe("a list's address", () => {
  it('reads back what it wrote', () => {
    const query = {
      ...readListQuery(''),
      view: 'applications' as const,
      search: 'ada lovelace',
      from: '2026-11-01',
      to: '2026-11-30',
      status: 'reviewing' as const,
      sort: 'last_name' as const,
      descending: false,
      page: 3,
    };
    expect(readListQuery(writeListQuery(query))).toEqual(query);
  });

  it('falls back to the defaults for anything unknown or malformed, never throws', () => {
    const query = readListQuery(
      '?view=__proto__&from=2026-13-45&to=yesterday&confirmed=maybe&status=hired&sort=password&page=-2&q=' +
        'x'.repeat(500),
    );
    expect(query).toMatchObject({
      view: 'overview',
      from: '',
      to: '',
      confirmed: '',
      status: '',
      sort: 'created_at',
      descending: true,
      page: 1,
    });
    expect(query.search).toHaveLength(200);
    expect(readListQuery('?view=waitlist&sort=last_name').sort).toBe('created_at');
  });

  it('writes only what differs from the defaults', () => {
    expect(writeListQuery(readListQuery('?view=newsletter'))).toBe('?view=newsletter');
  });
});

describe("a list's filters as the database functions take them", () => {
  it('gives a sign-up list its form and yes/no filters, and blanks as null', () => {
    expect(filterArguments(readListQuery('?view=waitlist&q=%20&confirmed=yes&invited=no'))).toEqual(
      {
        p_search: null,
        p_from: null,
        p_to: null,
        p_form: 'waitlist',
        p_confirmed: true,
        p_invited: false,
      },
    );
    expect(filterArguments(readListQuery('?view=newsletter&invited=no'))).toMatchObject({
      p_invited: null,
    });
  });

  it('gives the applications their status', () => {
    expect(
      filterArguments(readListQuery('?view=applications&status=offer&from=2026-01-01')),
    ).toEqual({
      p_search: null,
      p_from: '2026-01-01',
      p_to: null,
      p_status: 'offer',
    });
  });
});
