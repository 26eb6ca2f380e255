import { openTestDatabase, type TestDatabase } from '@agentora/local-supabase/testing';
import { DIRECT_SOURCE } from '../functions/_shared/rules/attribution.ts';

// Page views and landings (supabase/schemas/visits.sql): public.record_visit, which the
// record-visit function calls with the service role, the counts it keeps in public.visit_counts, and
// private.source_label. The rate limits are the production ones.
let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase({ rateLimits: 'production' });
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.asSuperuser('delete from public.visit_counts');
  await db.asSuperuser('delete from private.visit_reach');
});

interface Visit {
  path: string;
  landing?: boolean;
  source?: string | null;
  medium?: string | null;
  campaign?: string | null;
  referrerHost?: string | null;
}

let nextAddress = 0;
const newAddress = () => `192.0.2.${(nextAddress += 1)}`;

async function record(visit: Visit, address = newAddress()): Promise<boolean> {
  const { rows } = await db.as(
    'service_role',
    'select public.record_visit($1, $2, $3, $4, $5, $6, $7) as counted',
    [
      visit.path,
      visit.landing ?? false,
      visit.source ?? null,
      visit.medium ?? null,
      visit.campaign ?? null,
      visit.referrerHost ?? null,
      address,
    ],
  );
  return rows[0].counted as boolean;
}

async function counts() {
  const { rows } = await db.asSuperuser(
    `select day = (now() at time zone 'UTC')::date as today, path, source, medium, campaign,
            referrer_host, views::integer, landings::integer
       from public.visit_counts order by path, source, referrer_host`,
  );
  return rows;
}

describe('record_visit', () => {
  it("counts made-up combinations past a day's limit together under /other: a script cannot grow the table", async () => {
    const { rows } = await db.asSuperuser('select private.visit_rows_per_day() as limit');
    const limit = rows[0].limit as number;
    await db.asSuperuser(
      `insert into public.visit_counts (day, path, source, views, landings)
       select (now() at time zone 'UTC')::date, '/', 'tag-' || n, 1, 1 from generate_series(1, $1) n`,
      [limit - 1],
    );
    // The last free row is taken, then every new combination lands in one row.
    await record({ path: '/blog', source: 'last-one', landing: true });
    for (const source of ['junk-1', 'junk-2', 'junk-3']) {
      await record({ path: '/made-up', source, landing: true });
    }
    // A combination seen today still counts as itself.
    await record({ path: '/', source: 'tag-1' });
    const stored = await counts();
    expect(stored).toHaveLength(limit + 1);
    expect(stored).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '/blog', source: 'last-one', views: 1 }),
        expect.objectContaining({ path: '/other', source: 'other', views: 3, landings: 3 }),
        expect.objectContaining({ path: '/', source: 'tag-1', views: 2 }),
      ]),
    );
  });

  it('keeps a real campaign that comes after made-up sources from 20 client addresses filled the day', async () => {
    const { rows } = await db.asSuperuser('select private.visit_rows_per_day() as limit');
    const limit = rows[0].limit as number;
    const addresses = Array.from({ length: 20 }, newAddress);
    // Each address makes up its share of the day's rows, one view each, within its 60 a minute.
    for (let n = 0; n < limit; n += 1) {
      await record({ path: '/', source: `made-up-${n}`, landing: true }, addresses[n % 20]);
    }
    // The campaign: five visitors, each landing on the home page and reading the waitlist page.
    for (let i = 0; i < 5; i += 1) {
      const visitor = newAddress();
      await record({ path: '/', source: 'launch-week', landing: true }, visitor);
      await record({ path: '/waitlist', source: 'launch-week' }, visitor);
    }
    // Then another address makes up more: what it adds cannot outreach the campaign.
    const another = newAddress();
    for (let n = 0; n < 40; n += 1) {
      await record({ path: '/', source: `more-${n}`, landing: true }, another);
    }
    // What it made up is remembered (for its reach) only as far as its day's share of buckets goes.
    const remembered = await db.asSuperuser(
      `select count(*)::integer as n from private.visit_reach where source like 'more-%'`,
    );
    const share = await db.asSuperuser(
      `select max_requests from public.rate_limit_rules where action = 'visit-reach'`,
    );
    expect(remembered.rows[0].n).toBe(share.rows[0].max_requests);
    const stored = await counts();
    expect(stored).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '/', source: 'launch-week', views: 5, landings: 5 }),
        expect.objectContaining({
          path: '/waitlist',
          source: 'launch-week',
          views: 5,
          landings: 0,
        }),
      ]),
    );
    // The table stays the size it was; every view is counted, under its own row or under /other.
    expect(stored.length).toBeLessThanOrEqual(limit + 1);
    expect(stored.reduce((sum, row) => sum + (row.views as number), 0)).toBe(limit + 10 + 40);
    expect(stored.reduce((sum, row) => sum + (row.landings as number), 0)).toBe(limit + 5 + 40);
  });

  it("adds one view (and one landing) to today's row of the path and source; unknown fields are ''", async () => {
    const address = newAddress();
    expect(await record({ path: '/', landing: true }, address)).toBe(true);
    await record({ path: '/' }, address);
    await record({ path: '/' }, address);
    await record({ path: '/coming-soon', landing: true, source: 'newsletter', medium: 'email' });
    await record({ path: '/coming-soon', referrerHost: 'news.ycombinator.com' });
    await record({ path: '/coming-soon', referrerHost: 'news.ycombinator.com', landing: true });
    expect(await counts()).toEqual([
      {
        today: true,
        path: '/',
        source: '',
        medium: '',
        campaign: '',
        referrer_host: '',
        views: 3,
        landings: 1,
      },
      {
        today: true,
        path: '/coming-soon',
        source: '',
        medium: '',
        campaign: '',
        referrer_host: 'news.ycombinator.com',
        views: 2,
        landings: 1,
      },
      {
        today: true,
        path: '/coming-soon',
        source: 'newsletter',
        medium: 'email',
        campaign: '',
        referrer_host: '',
        views: 1,
        landings: 1,
      },
    ]);
  });

  it('counts at most 60 a minute per client address, and answers false for the rest', async () => {
    const address = newAddress();
    const answers: boolean[] = [];
    for (let i = 0; i < 61; i += 1) answers.push(await record({ path: '/careers' }, address));
    expect(answers).toEqual([...Array(60).fill(true), false]);
    expect(await record({ path: '/careers' })).toBe(true);
    expect((await counts()).map((row) => row.views)).toEqual([61]);
    const { rows } = await db.asSuperuser(
      `select max_requests, window_seconds from public.rate_limit_rules where action = 'record-visit'`,
    );
    expect(rows).toEqual([{ max_requests: 60, window_seconds: 60 }]);
  });

  it('refuses what is not of the shapes, with 23514', async () => {
    for (const visit of [
      { path: 'no-slash' },
      { path: '/with?query' },
      { path: `/${'a'.repeat(200)}` },
      { path: '/', source: 'Upper' },
      { path: '/', medium: 'two words' },
      { path: '/', campaign: '-leading' },
      { path: '/', referrerHost: 'https://example.com' },
      { path: '/', referrerHost: 'Example.com' },
    ]) {
      await expect(record(visit)).rejects.toMatchObject({ code: '23514' });
    }
    expect(await counts()).toEqual([]);
  });

  it('is the service role’s alone, and so are the counts', async () => {
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(
        db.as(role, `select public.record_visit('/', true, null, null, null, null, '192.0.2.200')`),
      ).rejects.toMatchObject({ code: '42501' });
      await expect(db.as(role, 'select * from public.visit_counts')).rejects.toMatchObject({
        code: '42501',
      });
    }
    await expect(db.as('service_role', 'delete from public.visit_counts')).rejects.toMatchObject({
      code: '42501',
    });
  });
});

describe('private.source_label', () => {
  it.each([
    ['newsletter', 'news.ycombinator.com', 'newsletter'],
    [null, 'news.ycombinator.com', 'news.ycombinator.com'],
    ['', 'news.ycombinator.com', 'news.ycombinator.com'],
    [null, null, DIRECT_SOURCE],
    ['', '', DIRECT_SOURCE],
  ])('(%j, %j) is %j', async (source, host, label) => {
    const { rows } = await db.asSuperuser('select private.source_label($1, $2) as label', [
      source,
      host,
    ]);
    expect(rows[0].label).toBe(label);
  });
});
