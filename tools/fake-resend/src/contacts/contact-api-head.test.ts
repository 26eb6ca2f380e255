import { memoryAudience } from './audience.ts';
import { createResendApi } from '../resend-api.ts';
import { API_KEY, callApi, contactApi } from '../test-support/call-api.ts';
import type { ResendApiOptions } from '../resend-api.ts';

// What every contact and segment endpoint shares with POST /emails: the API key, one rate for all
// routes (429 with Retry-After), the injected faults (500 before or after the change), the body limit
// (413), 405 for a method the path lacks; each refusal changes nothing.

const SEGMENT = ':segment';

/** Every endpoint, with a body it takes; `changes` when it changes the audience. */
const ENDPOINTS: Array<{ method: string; path: string; body?: unknown; changes: boolean }> = [
  { method: 'POST', path: '/contacts', body: { email: 'new@example.com' }, changes: true },
  { method: 'GET', path: '/contacts', changes: false },
  { method: 'GET', path: '/contacts/ada@example.com', changes: false },
  {
    method: 'PATCH',
    path: '/contacts/ada@example.com',
    body: { unsubscribed: true },
    changes: true,
  },
  { method: 'DELETE', path: '/contacts/ada@example.com', changes: true },
  { method: 'GET', path: '/contacts/ada@example.com/segments', changes: false },
  { method: 'POST', path: `/contacts/grace@example.com/segments/${SEGMENT}`, changes: true },
  { method: 'DELETE', path: `/contacts/ada@example.com/segments/${SEGMENT}`, changes: true },
  { method: 'POST', path: '/segments', body: { name: 'Updates' }, changes: true },
  { method: 'GET', path: '/segments', changes: false },
  { method: 'GET', path: `/segments/${SEGMENT}`, changes: false },
  { method: 'DELETE', path: `/segments/${SEGMENT}`, changes: true },
  { method: 'GET', path: `/segments/${SEGMENT}/contacts`, changes: false },
];

/** An API over an audience holding a segment with ada in it, and grace in none. */
function withAudience(options: ResendApiOptions = {}) {
  const audience = memoryAudience({ now: options.now });
  const segment = audience.createSegment('Newsletter');
  audience.createContact({ email: 'ada@example.com' }, [segment.id]);
  audience.createContact({ email: 'grace@example.com' }, []);
  const setup = contactApi({ ...options, audience });
  const path = (endpoint: { path: string }) => endpoint.path.replace(SEGMENT, segment.id);
  return { ...setup, path };
}

const mail = { from: 'a@agentora.ai', to: 'ada@example.com', subject: 'Hi', text: 'Hi' };

describe.each(ENDPOINTS)('$method $path', (endpoint) => {
  it('refuses a missing key (401) or a wrong one (403), changing nothing', async () => {
    const { call, audience, path } = withAudience();
    const before = audience.view();
    const headers: Array<[Record<string, string>, number, string]> = [
      [{}, 401, 'missing_api_key'],
      [{ authorization: 'Bearer re_wrong' }, 403, 'invalid_api_key'],
      [{ authorization: API_KEY }, 401, 'missing_api_key'],
    ];
    for (const [given, status, name] of headers) {
      const answer = await call(endpoint.method, path(endpoint), {
        body: endpoint.body,
        headers: given,
      });
      expect(answer).toMatchObject({ status, body: { statusCode: status, name } });
    }
    expect(audience.view()).toEqual(before);
  });

  it('shares the rate with POST /emails: 429 with Retry-After, then answered once the second has passed', async () => {
    let clock = 1_000_000;
    const { api, call, audience, path } = withAudience({ ratePerSecond: 1, now: () => clock });
    expect((await callApi(api, 'POST', '/emails', { body: mail })).status).toBe(200);
    const before = audience.view();
    const limited = await call(endpoint.method, path(endpoint), { body: endpoint.body });
    expect(limited).toEqual({
      status: 429,
      body: {
        statusCode: 429,
        name: 'rate_limit_exceeded',
        message: 'Too many requests. You can only make 1 requests per second.',
      },
      headers: {
        'Retry-After': '1',
        'ratelimit-limit': '1',
        'ratelimit-remaining': '0',
        'ratelimit-reset': '1',
      },
    });
    expect(audience.view()).toEqual(before);
    clock += 1000;
    expect(
      (await call(endpoint.method, path(endpoint), { body: endpoint.body })).status,
    ).toBeLessThan(300);
    expect(api.stats()).toMatchObject({ requests: 3, rateLimited: 1 });
  });

  it('fails at the error rate with 500, the change not made', async () => {
    const { api, call, audience, path } = withAudience({ errorRate: 1 });
    const before = audience.view();
    expect(await call(endpoint.method, path(endpoint), { body: endpoint.body })).toEqual({
      status: 500,
      body: {
        statusCode: 500,
        name: 'internal_server_error',
        message: 'An unexpected error occurred.',
      },
    });
    expect(audience.view()).toEqual(before);
    expect(api.stats()).toMatchObject({ failed: 1 });
  });

  it('fails at the error rate after the change, when told to, as a lost answer leaves it', async () => {
    const { call, audience, path } = withAudience({ errorRate: 1, failAfterAccepting: true });
    const before = audience.view();
    expect((await call(endpoint.method, path(endpoint), { body: endpoint.body })).status).toBe(500);
    if (endpoint.changes) expect(audience.view()).not.toEqual(before);
    else expect(audience.view()).toEqual(before);
  });

  it('refuses a body over 1 MB with 413, changing nothing', async () => {
    const { call, audience, path } = withAudience();
    const before = audience.view();
    const body = Buffer.from(JSON.stringify({ name: 'x'.repeat(1024 * 1024) }));
    expect(await call(endpoint.method, path(endpoint), { body })).toMatchObject({
      status: 413,
      body: { statusCode: 413, name: 'payload_too_large' },
    });
    expect(audience.view()).toEqual(before);
  });

  it('answers 405 to a method the path does not take', async () => {
    const { call, path } = withAudience();
    for (const method of ['PUT', 'HEAD', 'constructor', 'toString']) {
      expect(await call(method, path(endpoint))).toMatchObject({
        status: 405,
        body: { name: 'method_not_allowed' },
      });
    }
  });
});

it('counts contact and email requests against one rate, 2 a second by default', async () => {
  const audience = memoryAudience();
  const api = createResendApi({ audience, now: () => 5_000 });
  const statuses = [];
  for (const [method, path, body] of [
    ['POST', '/emails', mail],
    ['POST', '/contacts', { email: 'ada@example.com' }],
    ['GET', '/contacts', undefined],
    ['POST', '/emails', mail],
  ] as const) {
    statuses.push((await callApi(api, method, path, { body })).status);
  }
  expect(statuses).toEqual([200, 201, 429, 429]);
});

it('serves no contact or segment path without an audience, as the local server mounts it', async () => {
  const api = createResendApi({ ratePerSecond: 0 });
  for (const { method, path } of ENDPOINTS) {
    expect(await callApi(api, method, path.replace(SEGMENT, 'x'))).toMatchObject({
      status: 404,
      body: { name: 'not_found', message: 'The requested endpoint does not exist.' },
    });
  }
});
