import { readListQuery, type ListViewQuery } from '../lists/list-query';
import { attachmentName, exportUrl } from './export-csv';

const list = (search: string) => readListQuery(search) as ListViewQuery;

describe('the export request', () => {
  it("carries the list's kind and filters, and nothing of its page or sort", () => {
    const url = new URL(
      exportUrl(
        'http://127.0.0.1:54321',
        list('?view=waitlist&q=ada&confirmed=yes&page=4&sort=email'),
      ),
    );
    expect(url.pathname).toBe('/functions/v1/console-export');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      kind: 'waitlist',
      search: 'ada',
      confirmed: 'true',
    });
    expect(
      Object.fromEntries(
        new URL(exportUrl('https://x.supabase.co', list('?view=applications&status=offer')))
          .searchParams,
      ),
    ).toEqual({ kind: 'applications', status: 'offer' });
  });

  it('carries the source filter of every list', () => {
    for (const view of ['early_access', 'newsletter', 'waitlist', 'applications']) {
      const url = new URL(
        exportUrl('https://x.supabase.co', list(`?view=${view}&source=news.ycombinator.com`)),
      );
      expect([view, url.searchParams.get('source')]).toEqual([view, 'news.ycombinator.com']);
    }
  });

  it("takes the server's file name, or falls back to ours", () => {
    expect(attachmentName('attachment; filename="agentora-waitlist-2026-11-26.csv"', 'x.csv')).toBe(
      'agentora-waitlist-2026-11-26.csv',
    );
    expect(attachmentName(null, 'x.csv')).toBe('x.csv');
  });
});
