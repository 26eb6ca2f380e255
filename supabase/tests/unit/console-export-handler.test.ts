import type { CallerDatabase, RpcResult } from '../../functions/_shared/console/as-caller.ts';
import {
  createConsoleExportHandler,
  EXPORT_PAGE_SIZE,
} from '../../functions/console-export/handler.ts';
import { EXPORT_COLUMNS } from '../../functions/console-export/export-request.ts';

// console-export's own rules with an in-memory database: the request, the answers, the file and how it
// is read page by page. The RPCs themselves, the session check and row-level security are in
// console-export.test.ts, through the local server.
const TOKEN = 'eyJhbGciOiJFUzI1NiJ9.eyJyb2xlIjoiYXV0aGVudGljYXRlZCJ9.c2lnbmF0dXJl';

interface Call {
  fn: string;
  args: Record<string, unknown>;
}

type Row = Record<string, unknown> & { id: string; created_at: string };

/** The id console_log_export answers in these tests. */
const EXPORT_ID = 4242;

/** Rows in (created_at, id) order, served by keyset pages as console_export_rows does. */
function fakeDatabase(
  rows: Row[],
  options: { refuse?: RpcResult; failPage?: number; stuck?: boolean } = {},
) {
  const calls: Call[] = [];
  const authorizations: string[] = [];
  let pages = 0;
  const database: CallerDatabase = {
    rpc: async (fn, args) => {
      calls.push({ fn, args });
      if (options.refuse) return options.refuse;
      if (fn === 'console_log_export') return { data: EXPORT_ID, error: null, status: 200 };
      pages += 1;
      if (pages === options.failPage) {
        return { data: null, error: { message: 'connection lost', code: '08006' }, status: 503 };
      }
      const after =
        options.stuck || args.p_after_id === null
          ? -1
          : rows.findIndex((row) => row.id === args.p_after_id);
      const page = rows.slice(after + 1, after + 1 + Number(args.p_limit));
      return { data: page, error: null, status: 200 };
    },
  };
  return {
    calls,
    authorizations,
    pages: () => pages,
    databaseFor: (authorization: string) => {
      authorizations.push(authorization);
      return database;
    },
  };
}

const signup = (i: number, extra: Record<string, unknown> = {}): Row => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  email: `person${i}@example.com`,
  created_at: `2025-11-01T10:00:00.${String(i).padStart(6, '0')}+00:00`,
  confirmed_at: null,
  ...extra,
});

const NOW = () => new Date('2025-11-28T23:59:00Z');

function get(query: string, headers: Record<string, string> = {}): Request {
  return new Request(`http://functions.local/console-export?${query}`, {
    headers: { authorization: `Bearer ${TOKEN}`, ...headers },
  });
}

// ignoreBOM keeps the byte order mark in the text, where the file has it.
const text = async (response: Response) =>
  new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());

describe('console-export handler', () => {
  it('answers the preflight for GET and POST', async () => {
    const handler = createConsoleExportHandler(fakeDatabase([]));
    const answer = await handler(
      new Request('http://functions.local/console-export', { method: 'OPTIONS' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(answer.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  it.each([
    ['', 'Name the list: kind=early_access|waitlist|newsletter|applications.'],
    ['kind=everyone', 'Name the list: kind=early_access|waitlist|newsletter|applications.'],
    ['kind=waitlist&from=2025-13-01', 'from is a day, YYYY-MM-DD.'],
    ['kind=waitlist&from=2025-11-02&to=2025-11-01', 'from is after to.'],
    ['kind=waitlist&confirmed=yes', 'confirmed is true or false.'],
    ['kind=applications&confirmed=true', 'confirmed applies to the sign-up lists only.'],
    ['kind=newsletter&invited=true', 'invited applies to early access and the waitlist only.'],
    ['kind=applications&invited=false', 'invited applies to early access and the waitlist only.'],
    ['kind=waitlist&status=offer', 'status applies to applications only.'],
    [
      'kind=applications&status=hired',
      'status is one of pending, reviewing, interviewing, offer, rejected, withdrawn.',
    ],
    [`kind=waitlist&search=${'x'.repeat(201)}`, 'search is text of at most 200 characters.'],
    ...['news ycombinator', '-direct', 'a/b', 'x'.repeat(254)].map((source) => [
      `kind=newsletter&source=${encodeURIComponent(source)}`,
      "source is a source label: 'direct', a campaign source or a referring host (at most 253 characters).",
    ]),
  ])('refuses %j with 400, before asking the database anything', async (query, error) => {
    const database = fakeDatabase([]);
    const answer = await createConsoleExportHandler(database)(get(query));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ success: false, error });
    expect(database.calls).toEqual([]);
  });

  it.each([
    ['no Authorization', {}],
    ['a key instead of a session', { authorization: 'Bearer sb_publishable_abc' }],
    ['another scheme', { authorization: `Basic ${TOKEN}` }],
  ])('answers 401 to %s, before asking the database anything', async (_, headers) => {
    const database = fakeDatabase([]);
    const request = new Request('http://functions.local/console-export?kind=waitlist', {
      headers,
    });
    const answer = await createConsoleExportHandler(database)(request);
    expect(answer.status).toBe(401);
    expect((await answer.json()).success).toBe(false);
    expect(database.calls).toEqual([]);
  });

  it.each([
    [{ status: 401, error: { message: 'JWT expired', code: 'PGRST303' } }, 401],
    [{ status: 401, error: { message: 'permission denied', code: '42501' } }, 401],
    [{ status: 403, error: { message: 'Staff only', code: '42501' } }, 403],
    [{ status: 400, error: { message: 'Staff only', code: '42501' } }, 403],
    [{ status: 500, error: { message: 'boom', code: 'XX000' } }, 500],
  ])('maps a refused log call (%j) to %i, and reads no rows', async (refusal, status) => {
    const database = fakeDatabase([signup(1)], { refuse: { data: null, ...refusal } });
    const answer = await createConsoleExportHandler({
      ...database,
      logError: () => undefined,
    })(get('kind=newsletter'));
    expect(answer.status).toBe(status);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(await text(answer)).not.toContain('person1');
    expect(database.calls.map((call) => call.fn)).toEqual(['console_log_export']);
  });

  it('logs the export with its filter, then streams the file as the caller, read by the export id', async () => {
    const rows = [
      signup(1, {
        first_name: '=HYPERLINK("https://evil.example","x")',
        last_name: 'Tim',
        company: 'ACME, Inc.',
        invited_at: null,
      }),
      signup(2, { first_name: 'Grace', last_name: 'Hopper', company: 'Navy' }),
    ];
    Object.assign(rows[0], { source: 'direct', landing_path: '/' });
    const database = fakeDatabase(rows);
    const answer = await createConsoleExportHandler({ ...database, now: NOW })(
      get('kind=waitlist&search=%20ada%20&confirmed=false&invited=&sort=email&from=2025-11-01'),
    );
    expect(answer.status).toBe(200);
    expect(Object.fromEntries(answer.headers)).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="agentora-waitlist-2025-11-28.csv"',
      'cache-control': 'no-store',
      'access-control-expose-headers': 'Content-Disposition',
    });
    expect(database.authorizations).toEqual([`Bearer ${TOKEN}`]);
    expect(database.calls[0]).toEqual({
      fn: 'console_log_export',
      args: {
        p_kind: 'waitlist',
        p_filter: { search: 'ada', from: '2025-11-01', confirmed: false },
      },
    });
    expect(database.calls[1]).toEqual({
      fn: 'console_export_rows',
      args: {
        p_export: EXPORT_ID,
        p_after_created_at: null,
        p_after_id: null,
        p_limit: EXPORT_PAGE_SIZE,
      },
    });

    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines[0]).toBe(EXPORT_COLUMNS.waitlist.join(','));
    expect(lines[1]).toBe(
      `${rows[0].id},person1@example.com,"'=HYPERLINK(""https://evil.example"",""x"")",Tim,"ACME, Inc.",,,,,${rows[0].created_at},,,,,,,direct,,,,,/`,
    );
    expect(lines[2].split(',').slice(0, 5)).toEqual([
      rows[1].id,
      'person2@example.com',
      'Grace',
      'Hopper',
      'Navy',
    ]);
    expect(lines.slice(3)).toEqual(['']);
  });

  it('filters every list by source, in lower case, together with its other filters', async () => {
    for (const [query, filter] of [
      ['kind=early_access&source=%20News.YCombinator.com%20', { source: 'news.ycombinator.com' }],
      ['kind=waitlist&source=direct&confirmed=true', { confirmed: true, source: 'direct' }],
      [
        'kind=applications&source=launch-post&status=offer&from=2025-11-01',
        { from: '2025-11-01', status: 'offer', source: 'launch-post' },
      ],
      ['kind=newsletter&source=', {}],
    ] as const) {
      const database = fakeDatabase([]);
      const answer = await createConsoleExportHandler(database)(get(query));
      expect([query, answer.status]).toEqual([query, 200]);
      expect([query, database.calls[0].args.p_filter]).toEqual([query, filter]);
    }
  });

  it('takes the request as a JSON body too, and logs applications with their own filter', async () => {
    const database = fakeDatabase([]);
    const answer = await createConsoleExportHandler({ ...database, now: NOW })(
      new Request('http://functions.local/console-export?kind=waitlist', {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'applications', status: 'offer', to: '2025-11-30' }),
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toContain('agentora-applications-');
    expect(database.calls).toEqual([
      {
        fn: 'console_log_export',
        args: { p_kind: 'applications', p_filter: { to: '2025-11-30', status: 'offer' } },
      },
      {
        fn: 'console_export_rows',
        args: {
          p_export: EXPORT_ID,
          p_after_created_at: null,
          p_after_id: null,
          p_limit: EXPORT_PAGE_SIZE,
        },
      },
    ]);
    expect(await text(answer)).toBe(`\uFEFF${EXPORT_COLUMNS.applications.join(',')}\r\n`);
  });

  it('reads 5,500 rows a page of 1,000 at a time, each page only when the reader wants it', async () => {
    const rows = Array.from({ length: 5_500 }, (_, i) => signup(i + 1));
    const database = fakeDatabase(rows);
    const answer = await createConsoleExportHandler(database)(get('kind=newsletter'));
    expect(database.pages()).toBe(1);

    const reader = answer.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      // Never more than one page beyond what the reader has taken.
      expect(database.pages()).toBeLessThanOrEqual(Math.max(1, chunks.length - 1));
    }
    expect(database.pages()).toBe(6);
    const pageCalls = database.calls.filter((call) => call.fn === 'console_export_rows');
    expect(pageCalls.every((call) => call.args.p_export === EXPORT_ID)).toBe(true);
    expect(pageCalls.map((call) => call.args.p_after_id)).toEqual([
      null,
      rows[999].id,
      rows[1999].id,
      rows[2999].id,
      rows[3999].id,
      rows[4999].id,
    ]);
    expect(pageCalls[1].args.p_after_created_at).toBe(rows[999].created_at);

    const csv = new TextDecoder().decode(Buffer.concat(chunks));
    const lines = csv.split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(5_501);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(5_500);
  });

  it('asks for no second page when the first is not full', async () => {
    const database = fakeDatabase([signup(1)]);
    const answer = await createConsoleExportHandler(database)(get('kind=early_access'));
    expect(await text(answer)).toContain('person1@example.com');
    expect(database.pages()).toBe(1);
  });

  it('ends the download with an error, not a short file, when a later page fails', async () => {
    const rows = Array.from({ length: 2_500 }, (_, i) => signup(i + 1));
    const errors: string[] = [];
    const answer = await createConsoleExportHandler({
      ...fakeDatabase(rows, { failPage: 2 }),
      logError: (message) => errors.push(message),
    })(get('kind=newsletter'));
    expect(answer.status).toBe(200);
    await expect(answer.arrayBuffer()).rejects.toThrow('connection lost');
    expect(errors).toEqual(['console-export: the export stopped part-way']);
  });

  it('stops when a page does not move past the previous one', async () => {
    const rows = Array.from({ length: 1_000 }, (_, i) => signup(i + 1));
    const answer = await createConsoleExportHandler({
      ...fakeDatabase(rows, { stuck: true }),
      logError: () => undefined,
    })(get('kind=newsletter'));
    await expect(answer.arrayBuffer()).rejects.toThrow('did not move past');
  });

  it('answers 500 when the database cannot be reached at all', async () => {
    const answer = await createConsoleExportHandler({
      databaseFor: () => ({
        rpc: () => Promise.reject(new TypeError('fetch failed')),
      }),
      logError: () => undefined,
    })(get('kind=newsletter'));
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({ success: false, error: 'The export could not be made.' });
  });

  it.each([null, '12', 0, 1.5, { id: 1 }])(
    'answers 500 and reads no rows when the log answers no export id (%j)',
    async (answer) => {
      const calls: string[] = [];
      const answered = await createConsoleExportHandler({
        databaseFor: () => ({
          rpc: async (fn) => {
            calls.push(fn);
            return {
              data: fn === 'console_log_export' ? answer : [signup(1)],
              error: null,
              status: 200,
            };
          },
        }),
        logError: () => undefined,
      })(get('kind=newsletter'));
      expect(answered.status).toBe(500);
      expect(await answered.json()).toEqual({
        success: false,
        error: 'The export could not be made.',
      });
      expect(calls).toEqual(['console_log_export']);
    },
  );

  it.each([
    [
      {
        status: 403,
        error: { message: 'That export was logged by another staff member', code: '42501' },
      },
      403,
    ],
    [{ status: 400, error: { message: 'No such export', code: '22023' } }, 500],
  ])('maps a refused first page (%j) to %i', async (refusal, status) => {
    const answered = await createConsoleExportHandler({
      databaseFor: () => ({
        rpc: async (fn) =>
          fn === 'console_log_export'
            ? { data: EXPORT_ID, error: null, status: 200 }
            : { data: null, ...refusal },
      }),
      logError: () => undefined,
    })(get('kind=newsletter'));
    expect(answered.status).toBe(status);
  });

  it('answers 500 when the first page is not what the RPC should return', async () => {
    const database: CallerDatabase = {
      rpc: async (fn) =>
        fn === 'console_log_export'
          ? { data: EXPORT_ID, error: null, status: 200 }
          : { data: [{ email: 'no id' }], error: null, status: 200 },
    };
    const answer = await createConsoleExportHandler({
      databaseFor: () => database,
      logError: () => undefined,
    })(get('kind=newsletter'));
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({ success: false, error: 'The export could not be made.' });
  });
});
