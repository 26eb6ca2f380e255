import { MAX_JSON_DEPTH } from '../src/http/json.ts';
import {
  apiHeaders,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '../src/testing/test-server.ts';

// Malformed and hostile input to the PostgREST subset: every one is a 400 (or a correct answer),
// never a 500, and no part of the query string ever becomes SQL text.
let t: TestServer;
const known: string[] = [];
beforeAll(async () => {
  t = await startTestServer();
  for (const label of ['fuzz', 'fuzz']) {
    const email = uniqueEmail(label);
    known.push(email);
    expect((await t.service.from('newsletter_subscriptions').insert({ email })).error).toBeNull();
  }
});
afterAll(() => t.stop());

const TABLE = 'newsletter_subscriptions';

async function get(query: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${t.server.url}/rest/v1/${TABLE}?${query}`, {
    headers: apiHeaders(t.server.serviceKey, headers),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

// Every name an object, function, array or string inherits: an `obj[key]` lookup on a plain object
// finds these for a key that came from the URL.
const INHERITED = [
  ...new Set([
    ...Object.getOwnPropertyNames(Object.prototype),
    ...Object.getOwnPropertyNames(Function.prototype),
    ...Object.getOwnPropertyNames(Array.prototype),
    ...Object.getOwnPropertyNames(String.prototype),
  ]),
].filter((name) => name !== 'length');

describe('filters, select, order and paging', () => {
  it.each(INHERITED)(
    '"%s" as an operator, an is-value, a column, a select item and an order',
    async (name) => {
      const queries = [
        `email=${name}.x`,
        `email=not.${name}.x`,
        `email=is.${name}`,
        `email=not.is.${name}`,
        `${name}=eq.x`,
        `select=${name}`,
        `select=alias:${name}`,
        `order=${name}.asc`,
        `order=email.${name}`,
        `limit=${name}`,
      ];
      for (const query of queries) {
        const { status, body } = await get(encodeURI(query));
        if (status !== 200) {
          expect({ query, status }).toEqual({ query, status: 400 });
          expect(body).toMatchObject({ code: expect.stringMatching(/^(PGRST1\d\d|42703)$/) });
        }
      }
    },
  );

  it.each(INHERITED)('"%s" as a value is only ever compared with', async (name) => {
    expect(await get(`email=eq.${encodeURIComponent(name)}`)).toEqual({ status: 200, body: [] });
    expect(await get(`email=in.(${encodeURIComponent(name)},x)`)).toEqual({
      status: 200,
      body: [],
    });
  });

  const HOSTILE: string[] = [
    'email=',
    'email=eq',
    'email=.',
    'email=.eq.x',
    'email=not.',
    'email=not',
    'email=not.not.eq.x',
    'email=eq.x;drop table newsletter_subscriptions',
    "email=eq.'); drop table newsletter_subscriptions; --",
    'email=eq."',
    'email=eq.%00',
    'email=eq.%C0%80',
    'email=like.%5C',
    'email=ilike.*%5C',
    'email=in.',
    'email=in.(',
    'email=in.(a,b',
    'email=in.("a',
    'email=in.("a\\")',
    'email=in.(,,,)',
    `email=in.(${'a,'.repeat(5000)}a)`,
    'email=is.',
    'email=is.nul',
    'email=is.NULL',
    'email=gt.' + 'x'.repeat(8000),
    'email=cs.{a}',
    'email=fts.x',
    'email=eq.x&email=neq.y',
    '=eq.x',
    '"email"=eq.x',
    'email%00=eq.x',
    'select=',
    'select=*,*',
    'select=email,',
    'select=email::text',
    'select=count()',
    'select=other_table(*)',
    'select=a:b:c',
    'select="email"',
    'order=',
    'order=,',
    'order=email.desc.nullsfirst.asc',
    'order=email;drop',
    'limit=-1',
    'limit=1e3',
    'limit=99999999999999999999999',
    'offset=99999999999999999999999',
    'limit=0x10',
    'columns=email',
    'on_conflict=email',
  ];

  it.each(HOSTILE)('%s: 200 or 400, never 500 or a syntax error', async (query) => {
    const { status, body } = await get(query);
    expect([200, 400]).toContain(status);
    if (status === 400)
      expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(body).not.toMatchObject({ code: '42601' });
  });

  it('answers well-formed filters correctly', async () => {
    const [a, b] = known;
    expect((await get(`select=email&email=eq.${a}`)).body).toEqual([{ email: a }]);
    expect((await get(`select=email&email=in.(${a},"${b}")&order=email.asc`)).body).toEqual(
      [{ email: a }, { email: b }].sort((x, y) => (x.email < y.email ? -1 : 1)),
    );
    expect((await get(`select=email&email=not.is.null&email=eq.${b}`)).body).toEqual([
      { email: b },
    ]);
    expect((await get(`select=email&email=is.null`)).body).toEqual([]);
    expect((await get(`select=email&email=like.${a.slice(0, 12)}*&limit=1`)).body).toHaveLength(1);
  });

  it('ignores Prefer values and profiles named after inherited properties', async () => {
    const prefer = await fetch(`${t.server.url}/rest/v1/${TABLE}`, {
      method: 'POST',
      headers: apiHeaders(t.server.serviceKey, {
        Prefer: 'return=constructor,count=__proto__,missing=toString',
      }),
      body: JSON.stringify({ email: uniqueEmail() }),
    });
    expect(prefer.status).toBe(201);
    const profile = await get('select=email', { 'Accept-Profile': '__proto__' });
    expect(profile.status).toBe(406);
  });
});

describe('JSON bodies nested deeper than anything real', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it.each([MAX_JSON_DEPTH + 1, 4_500, 60_000])(
    'depth %i is PGRST102 with 400 for insert, update and rpc',
    async (depth) => {
      const email = uniqueEmail('deep');
      const calls: [string, string, string][] = [
        ['POST', `/rest/v1/${TABLE}`, `{"email":${nested(depth)}}`],
        ['POST', `/rest/v1/${TABLE}`, `[${nested(depth - 1)}]`],
        ['PATCH', `/rest/v1/${TABLE}?email=eq.${email}`, `{"email":${nested(depth)}}`],
        [
          'POST',
          '/rest/v1/rpc/claim_thank_you_email',
          `{"p_type":${nested(depth)},"p_email":"a@b.c"}`,
        ],
        ['POST', `/rest/v1/${TABLE}`, `{"email":"${'['.repeat(depth)}"}`],
      ];
      for (const [method, path, body] of calls.slice(0, 4)) {
        const response = await fetch(`${t.server.url}${path}`, {
          method,
          headers: apiHeaders(t.server.serviceKey),
          body,
        });
        expect({ path, status: response.status }).toEqual({ path, status: 400 });
        expect(await response.json()).toEqual({
          code: 'PGRST102',
          details: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
          hint: null,
          message: 'Empty or invalid json',
        });
      }
      // Brackets inside a string are text, not nesting.
      const [method, path, body] = calls[4];
      const inString = await fetch(`${t.server.url}${path}`, {
        method,
        headers: apiHeaders(t.server.serviceKey),
        body,
      });
      expect(inString.status).toBe(400);
      expect(await inString.json()).toMatchObject({ code: '23514' });
    },
  );

  it('takes nesting up to the limit', async () => {
    const response = await fetch(`${t.server.url}/rest/v1/${TABLE}`, {
      method: 'POST',
      headers: apiHeaders(t.server.serviceKey),
      body: `{"email":${nested(MAX_JSON_DEPTH - 1)}}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: '23514' });
  });

  it('lists storage with the same limit', async () => {
    const response = await fetch(`${t.server.url}/storage/v1/object/list/applications`, {
      method: 'POST',
      headers: apiHeaders(t.server.serviceKey),
      body: `{"prefix":"","sortBy":${nested(4_500)}}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'InvalidRequest' });
  });
});
