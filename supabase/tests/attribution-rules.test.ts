import { openTestDatabase, uniqueEmail, type TestDatabase } from '@agentora/local-supabase/testing';
import {
  ATTRIBUTION_FIELDS,
  CAMPAIGN_TAG_PATTERN,
  HOST_PATTERN,
  PATH_PATTERN,
  campaignTag,
  checkAttribution,
  landingPath,
  referrerHost,
  type AttributionField,
} from '../functions/_shared/rules/attribution.ts';
import { asFrom, signUpAnswer, signupFields, stored } from './test-support/growth.ts';
import { isSignupTable } from './test-support/sign-ups.ts';

// The shapes of supabase/functions/_shared/rules/attribution.ts and the CHECK constraints of
// supabase/schemas/signups.sql and visits.sql, held to each other on samples at and around every edge:
// whatever the browser normalises and the functions accept, the tables store, and nothing else.
let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const label = (n: number, c = 'a') => c.repeat(n);

const SAMPLES: Record<'tag' | 'host' | 'path', string[]> = {
  tag: [
    'newsletter',
    'a',
    '0',
    'launch-post',
    'q3.promo_v2~x+y',
    label(100),
    label(101),
    '',
    'Upper',
    '-leading',
    '.leading',
    'two words',
    'tab\tin',
    'newline\n',
    'ümlaut',
    'a/b',
    'a%20b',
  ],
  host: [
    'example.com',
    'news.ycombinator.com',
    'localhost',
    '127.0.0.1',
    'xn--bcher-kva.example',
    'a-b.c-d.e',
    `${label(63)}.com`,
    `${label(64)}.com`,
    // 253 characters, then 254.
    [label(63), label(63), label(63), label(61)].join('.'),
    [label(63), label(63), label(63), label(62)].join('.'),
    '',
    'Example.com',
    'example.com.',
    '.example.com',
    'example..com',
    '-example.com',
    'example-.com',
    'under_score.com',
    'example.com:443',
    'https://example.com',
    'example.com/path',
    'example.com\n',
    'bücher.example',
  ],
  path: [
    '/',
    '/coming-soon',
    '/careers/engineering',
    '/a.b_c~d-e/',
    '//',
    `/${label(199)}`,
    `/${label(200)}`,
    '',
    'coming-soon',
    '/with space',
    '/with?query',
    '/with#fragment',
    '/%20',
    '/ümlaut',
    '/newline\n',
    '/back\\slash',
  ],
};

const SQL_CHECK = { tag: 'is_campaign_tag', host: 'is_host_name', path: 'is_site_path' } as const;
const PATTERN = { tag: CAMPAIGN_TAG_PATTERN, host: HOST_PATTERN, path: PATH_PATTERN } as const;
const KIND_OF: Record<AttributionField, keyof typeof SAMPLES> = {
  utm_source: 'tag',
  utm_medium: 'tag',
  utm_campaign: 'tag',
  referrer_host: 'host',
  landing_path: 'path',
};

describe.each(Object.keys(SAMPLES) as Array<keyof typeof SAMPLES>)('%s shapes', (kind) => {
  it('are the same in TypeScript and in SQL on every sample', async () => {
    const { rows } = await db.asSuperuser(
      `select s.value, private.${SQL_CHECK[kind]}(s.value) as ok
         from unnest($1::text[]) with ordinality as s(value, n) order by s.n`,
      [SAMPLES[kind]],
    );
    expect(rows.map((row) => [row.value, row.ok])).toEqual(
      SAMPLES[kind].map((value) => [value, PATTERN[kind].test(value)]),
    );
    // Both sides of every edge are among the samples.
    expect(new Set(rows.map((row) => row.ok))).toEqual(new Set([true, false]));
  });
});

describe('what the site normalises', () => {
  it('is stored as it is', async () => {
    const attribution = {
      utm_source: campaignTag('  News Letter!! '),
      utm_medium: campaignTag('E-Mail'),
      utm_campaign: campaignTag(`Launch ${'x'.repeat(200)}`),
      referrer_host: referrerHost('https://News.YCombinator.com./item?id=1', 'agentora.example'),
      landing_path: landingPath('/coming-soon/'),
    };
    expect(checkAttribution(attribution)).toEqual(attribution);
    const row = signupFields('newsletter_subscriptions', attribution);
    expect(await signUpAnswer(db, 'newsletter_subscriptions', row, '198.51.100.7')).toMatchObject({
      outcome: 'stored',
    });
    expect(await stored(db, 'newsletter_subscriptions', row.email as string)).toMatchObject(
      attribution,
    );
  });
});

// Every table is written by the service role: the lists through public.sign_up (the function sign-up),
// applications by submit-application. The CHECKs hold for any role; public.sign_up answers one 'invalid'.
describe.each([
  ['early_access_signups', 'service_role'],
  ['newsletter_subscriptions', 'service_role'],
  ['waitlist_signups', 'service_role'],
  ['general_applications', 'service_role'],
] as const)('%s', (table, role) => {
  const insert = (fields: Record<string, unknown>) => {
    const row =
      table === 'general_applications'
        ? {
            first_name: 'Ada',
            last_name: 'Lovelace',
            email: uniqueEmail('apply'),
            why_join: 'Agents.',
            ...fields,
          }
        : signupFields(table, fields);
    const columns = Object.keys(row);
    return asFrom(
      db,
      role,
      '198.51.100.8',
      `insert into public.${table} (${columns.join(', ')})
       values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(row),
    );
  };

  it(`takes the five fields from ${role}, each of its shape or NULL`, async () => {
    await expect(
      insert({
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'launch',
        referrer_host: 'example.com',
        landing_path: '/',
      }),
    ).resolves.toBeDefined();
    await expect(insert({ utm_source: null, landing_path: null })).resolves.toBeDefined();
    if (isSignupTable(table))
      expect(
        await signUpAnswer(db, table, signupFields(table, { utm_source: 'newsletter' })),
      ).toMatchObject({ outcome: 'stored' });
  });

  it.each(ATTRIBUTION_FIELDS)('refuses a %s of another shape with its CHECK', async (field) => {
    const bad = SAMPLES[KIND_OF[field]].find((value) => !PATTERN[KIND_OF[field]].test(value));
    await expect(insert({ [field]: bad })).rejects.toMatchObject({
      code: '23514',
      constraint: `${table}_${field}_check`,
    });
    if (isSignupTable(table))
      expect(await signUpAnswer(db, table, signupFields(table, { [field]: bad }))).toEqual({
        outcome: 'invalid',
      });
  });
});
