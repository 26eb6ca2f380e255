import { readListQuery } from '../lists/list-query';
import { attachmentName, exportUrl } from './export-csv';

describe('the export request', () => {
  it("carries the list's kind and filters, and nothing of its page or sort", () => {
    const url = new URL(
      exportUrl(
        'http://127.0.0.1:54321',
        readListQuery('?view=waitlist&q=ada&confirmed=yes&page=4&sort=email'),
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
        new URL(
          exportUrl('https://x.supabase.co', readListQuery('?view=applications&status=offer')),
        ).searchParams,
      ),
    ).toEqual({ kind: 'applications', status: 'offer' });
  });

  it("takes the server's file name, or falls back to ours", () => {
    expect(attachmentName('attachment; filename="agentora-waitlist-2026-11-26.csv"', 'x.csv')).toBe(
      'agentora-waitlist-2026-11-26.csv',
    );
    expect(attachmentName(null, 'x.csv')).toBe('x.csv');
  });
});
