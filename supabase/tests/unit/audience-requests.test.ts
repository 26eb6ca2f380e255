import {
  createResendContactsApi,
  UNCONFIGURED_CONTACTS_API,
} from '../../functions/_shared/audience/resend-contacts.ts';
import { settlementOf } from '../../functions/_shared/audience/settlement.ts';
import { requestFor, type AudienceStep } from '../../functions/_shared/audience/steps.ts';

// The audience's requests to Resend (functions/_shared/audience): each step's one HTTP request, how an
// answer is read (Resend's statuses, Retry-After, its words), and how it is settled. With a fake fetch.

describe("each step is one request of Resend's API", () => {
  const cases: Array<[AudienceStep, string, string, unknown]> = [
    [
      { op: 'find_segment', list: 'newsletter', name: 'Agentora newsletter' },
      'GET',
      '/segments',
      undefined,
    ],
    [
      { op: 'create_segment', list: 'newsletter', name: 'Agentora newsletter' },
      'POST',
      '/segments',
      { name: 'Agentora newsletter' },
    ],
    [{ op: 'scan', after: null }, 'GET', '/contacts?limit=100', undefined],
    [{ op: 'scan', after: 'c-9' }, 'GET', '/contacts?limit=100&after=c-9', undefined],
    [{ op: 'get', email: 'a+b@example.com' }, 'GET', '/contacts/a%2Bb%40example.com', undefined],
    [
      { op: 'create', email: 'a@example.com', unsubscribed: false, segments: ['s1', 's2'] },
      'POST',
      '/contacts',
      { email: 'a@example.com', unsubscribed: false, segments: ['s1', 's2'] },
    ],
    [{ op: 'check', contact: 'c-1' }, 'GET', '/contacts/c-1', undefined],
    [{ op: 'memberships', contact: 'c-1' }, 'GET', '/contacts/c-1/segments', undefined],
    [
      { op: 'update', contact: 'c-1', unsubscribed: true },
      'PATCH',
      '/contacts/c-1',
      { unsubscribed: true },
    ],
    [
      { op: 'join', contact: 'c-1', list: 'newsletter', segment: 's/1' },
      'POST',
      '/contacts/c-1/segments/s%2F1',
      undefined,
    ],
    [
      { op: 'leave', contact: 'c-1', list: 'newsletter', segment: 's1' },
      'DELETE',
      '/contacts/c-1/segments/s1',
      undefined,
    ],
    [{ op: 'delete', contact: 'a@example.com' }, 'DELETE', '/contacts/a%40example.com', undefined],
  ];
  it.each(cases)('%j', (step, method, path, body) => {
    expect(requestFor(step)).toEqual({ method, path, ...(body === undefined ? {} : { body }) });
  });
});

/** A Resend that answers every request with `status` and `body` (and headers), and records them. */
function resendAnswering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const api = createResendContactsApi({
    apiKey: 're_test',
    baseUrl: 'https://resend.test/',
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json', ...headers },
      });
    }) as typeof fetch,
  });
  return { api, calls };
}

const error = (statusCode: number, name: string, message: string) => ({
  statusCode,
  name,
  message,
});

describe('an answer, read', () => {
  it('sends the key as a bearer and JSON only with a body', async () => {
    const { api, calls } = resendAnswering(201, { object: 'contact', id: 'c-1' });
    await api.call({ method: 'POST', path: '/contacts', body: { email: 'a@example.com' } });
    await api.call({ method: 'GET', path: '/contacts/c-1' });
    expect(
      calls.map((call) => [call.url, call.init.method, call.init.headers, call.init.body]),
    ).toEqual([
      [
        'https://resend.test/contacts',
        'POST',
        { Authorization: 'Bearer re_test', 'Content-Type': 'application/json' },
        '{"email":"a@example.com"}',
      ],
      ['https://resend.test/contacts/c-1', 'GET', { Authorization: 'Bearer re_test' }, undefined],
    ]);
  });

  it.each([
    [
      404,
      error(404, 'not_found', 'Contact not found'),
      {},
      { kind: 'missing', reason: 'Resend answered HTTP 404: Contact not found' },
    ],
    [
      429,
      error(429, 'rate_limit_exceeded', 'Too many requests.'),
      { 'Retry-After': '3' },
      { kind: 'throttled', waitMs: 3000, reason: 'Resend answered HTTP 429: Too many requests.' },
    ],
    [
      429,
      error(429, 'daily_quota_exceeded', 'Quota.'),
      { 'Retry-After': '1' },
      { kind: 'throttled', waitMs: 900000, reason: 'Resend answered HTTP 429: Quota.' },
    ],
    [
      401,
      error(401, 'restricted_api_key', 'This API key is restricted to only send emails'),
      {},
      {
        kind: 'misconfigured',
        waitMs: 60000,
        reason: 'Resend answered HTTP 401: This API key is restricted to only send emails',
      },
    ],
    [
      403,
      error(403, 'invalid_api_key', 'API key is invalid'),
      {},
      {
        kind: 'misconfigured',
        waitMs: 60000,
        reason: 'Resend answered HTTP 403: API key is invalid',
      },
    ],
    [
      500,
      error(500, 'internal_server_error', 'Failed.'),
      {},
      { kind: 'failed', reason: 'Resend answered HTTP 500: Failed.' },
    ],
    [
      409,
      error(409, 'resource_locked', 'Another request is already updating this resource'),
      {},
      {
        kind: 'failed',
        reason: 'Resend answered HTTP 409: Another request is already updating this resource',
      },
    ],
    [
      422,
      error(422, 'validation_error', 'Invalid `email` field.'),
      {},
      { kind: 'refused', reason: 'Resend answered HTTP 422: Invalid `email` field.' },
    ],
  ])('HTTP %i %j', async (status, body, headers, expected) => {
    const { api } = resendAnswering(status, body, headers);
    expect(await api.call({ method: 'GET', path: '/contacts/c-1' })).toEqual(expected);
  });

  it('no answer may have gone through; no key is a setting to mend, tried by nobody', async () => {
    const api = createResendContactsApi({
      apiKey: 're_test',
      baseUrl: 'https://resend.test',
      fetch: (() => Promise.reject(new TypeError('connection reset'))) as typeof fetch,
    });
    expect(await api.call({ method: 'GET', path: '/segments' })).toEqual({
      kind: 'failed',
      reason: 'Resend did not answer: TypeError: connection reset',
    });
    expect(
      await UNCONFIGURED_CONTACTS_API.call({ method: 'GET', path: '/segments' }),
    ).toMatchObject({
      kind: 'misconfigured',
      waitMs: 60000,
    });
  });
});

describe('settled', () => {
  const ok = (body: unknown) => ({ kind: 'ok' as const, body });
  const half = () => 0.5;

  it('keeps of each answer what the database needs', () => {
    expect(
      settlementOf(
        { op: 'find_segment', list: 'newsletter', name: 'Agentora newsletter' },
        ok({
          object: 'list',
          has_more: false,
          data: [
            { id: 's0', name: 'Other' },
            { id: 's1', name: 'Agentora newsletter' },
          ],
        }),
        1,
      ),
    ).toEqual({ outcome: 'done', result: { segment_id: 's1' } });
    expect(
      settlementOf(
        { op: 'find_segment', list: 'newsletter', name: 'Agentora newsletter' },
        ok({ object: 'list', data: [] }),
        1,
      ),
    ).toEqual({ outcome: 'done', result: {} });
    expect(
      settlementOf(
        { op: 'create', email: 'a@example.com', unsubscribed: false, segments: [] },
        ok({ object: 'contact', id: 'c-1' }),
        1,
      ),
    ).toEqual({
      outcome: 'done',
      result: { id: 'c-1' },
    });
    expect(
      settlementOf(
        { op: 'get', email: 'a@example.com' },
        ok({
          object: 'contact',
          id: 'c-1',
          email: 'a@example.com',
          unsubscribed: true,
          first_name: null,
        }),
        1,
      ),
    ).toEqual({ outcome: 'done', result: { id: 'c-1', unsubscribed: true } });
    expect(
      settlementOf(
        { op: 'memberships', contact: 'c-1' },
        ok({ object: 'list', data: [{ id: 's1', name: 'x' }, { id: 's2' }] }),
        1,
      ),
    ).toEqual({ outcome: 'done', result: { segment_ids: ['s1', 's2'] } });
    expect(
      settlementOf(
        { op: 'scan', after: null },
        ok({
          object: 'list',
          has_more: true,
          data: [{ id: 'c-1', email: 'a@example.com', unsubscribed: false, first_name: 'A' }],
        }),
        1,
      ),
    ).toEqual({
      outcome: 'done',
      result: {
        data: [{ id: 'c-1', email: 'a@example.com', unsubscribed: false }],
        has_more: true,
      },
    });
    // An empty page ends the look, whatever it says.
    expect(
      settlementOf(
        { op: 'scan', after: 'c-1' },
        ok({ object: 'list', has_more: true, data: [] }),
        1,
      ),
    ).toEqual({
      outcome: 'done',
      result: { data: [], has_more: false },
    });
  });

  it('an answer without what it should hold is tried again', () => {
    expect(
      settlementOf(
        { op: 'create', email: 'a@example.com', unsubscribed: false, segments: [] },
        ok({ object: 'contact' }),
        2,
        half,
      ),
    ).toEqual({
      outcome: 'retry',
      delayMs: 7500,
      reason: "Resend's answer to create lacked what it should hold.",
    });
  });

  it("a 404 is the database's to read, but deleting what is not there is done", () => {
    const missing = {
      kind: 'missing' as const,
      reason: 'Resend answered HTTP 404: Contact not found',
    };
    expect(settlementOf({ op: 'update', contact: 'c-1', unsubscribed: true }, missing, 1)).toEqual({
      outcome: 'missing',
      reason: 'Resend answered HTTP 404: Contact not found',
    });
    expect(settlementOf({ op: 'delete', contact: 'c-1' }, missing, 1)).toEqual({
      outcome: 'done',
      result: {},
    });
  });

  it('429 waits as asked, a key refused holds the sync alone, a failure backs off, a refusal is dead with its words', () => {
    const step: AudienceStep = { op: 'join', contact: 'c-1', list: 'newsletter', segment: 's1' };
    expect(settlementOf(step, { kind: 'throttled', waitMs: 2000, reason: 'r' }, 1)).toEqual({
      outcome: 'throttled',
      delayMs: 2000,
      reason: 'r',
    });
    expect(settlementOf(step, { kind: 'misconfigured', waitMs: 60000, reason: 'k' }, 1)).toEqual({
      outcome: 'released',
      delayMs: 60000,
      reason: 'k',
    });
    expect(settlementOf(step, { kind: 'failed', reason: 'f' }, 3, half)).toEqual({
      outcome: 'retry',
      delayMs: 15000,
      reason: 'f',
    });
    expect(
      settlementOf(
        step,
        { kind: 'refused', reason: 'Resend answered HTTP 422: Invalid `email` field.' },
        1,
      ),
    ).toEqual({
      outcome: 'dead',
      reason: 'Resend answered HTTP 422: Invalid `email` field.',
    });
  });
});
