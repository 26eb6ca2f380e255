import type { Answer } from './api/answer.ts';
import { memoryStore, type MailStore } from './emails/mail-store.ts';
import { createResendApi, type ResendApi, type ResendApiOptions } from './resend-api.ts';

// The API without a server: what a server that mounts it (the fake's own, the local Supabase's outbox)
// gets from the head of a request, and the answer to its body.

const mail = (to: unknown = ['ada@example.com'], extra: Record<string, unknown> = {}) =>
  Buffer.from(
    JSON.stringify({ from: 'A <a@example.com>', to, subject: 'Hi', text: 'Hi', ...extra }),
  );

function call(
  api: ResendApi,
  body: Buffer,
  headers: Record<string, string> = {},
  request: { method?: string; path?: string } = {},
): Promise<Answer> {
  const admission = api.admit({
    method: request.method ?? 'POST',
    path: request.path ?? '/emails',
    headers: { authorization: 'Bearer re_test', ...headers },
  });
  return 'refuse' in admission ? Promise.resolve(admission.refuse) : admission.answer(body);
}

const api = (options: ResendApiOptions = {}) => createResendApi({ ratePerSecond: 0, ...options });

describe('the Resend API', () => {
  it('honours a key for 24 hours, then takes the same key as a new send', async () => {
    let clock = 0;
    const store = memoryStore();
    const resend = api({ store, now: () => clock });
    const first = await call(resend, mail(), { 'idempotency-key': 'k' });
    clock += 24 * 60 * 60 * 1000 - 1;
    expect(await call(resend, mail(), { 'idempotency-key': 'k' })).toEqual(first);
    expect(store.accepted()).toHaveLength(1);
    clock += 1;
    const later = await call(resend, mail(), { 'idempotency-key': 'k' });
    expect(later.status).toBe(200);
    expect(later.body).not.toEqual(first.body);
    expect(store.accepted()).toHaveLength(2);
    expect(resend.stats()).toMatchObject({ requests: 3, accepted: 2, replayed: 1 });
  });

  it('answers 409 to a repeat of a key whose first send is still being taken', async () => {
    let release = () => {};
    const kept: string[] = [];
    const slowStore: MailStore = {
      find: () => Promise.resolve(undefined),
      keep: (taken) =>
        new Promise((resolve) => {
          kept.push(taken.id);
          release = () => resolve();
        }),
      keepBatch: () => Promise.resolve(),
    };
    const resend = api({ store: slowStore });
    const first = call(resend, mail(), { 'idempotency-key': 'k' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await call(resend, mail(), { 'idempotency-key': 'k' })).toMatchObject({
      status: 409,
      body: { name: 'concurrent_idempotent_requests' },
    });
    release();
    expect(await first).toEqual({ status: 200, body: { id: kept[0] } });
    expect(kept).toHaveLength(1);
  });

  it('answers a replay without rolling for a failure', async () => {
    const rolls = [0.9, 0.01];
    const resend = api({ errorRate: 0.5, random: () => rolls.shift() ?? 0.9 });
    const first = await call(resend, mail(), { 'idempotency-key': 'k' });
    expect(first.status).toBe(200);
    expect(await call(resend, mail(), { 'idempotency-key': 'k' })).toEqual(first);
    expect(rolls).toEqual([0.01]);
  });

  it.each([
    [mail([]), 'The `to` field must be an address or a list of 1 to 50 addresses.'],
    [mail(Array.from({ length: 51 }, (_, i) => `a${i}@example.com`)), 'list of 1 to 50'],
    [mail(['a@example.com'], { from: '' }), 'The `from` field is required.'],
    [mail(['a@example.com'], { text: undefined }), 'Either `html` or `text` must be provided.'],
    [
      mail(['a@example.com'], { headers: { 'X-A': 'one\r\nBcc: b@example.com' } }),
      'Header names and values must be printable ASCII strings.',
    ],
    [Buffer.from('{'), 'Invalid JSON body.'],
  ])('refuses a body it cannot send with 422 (%#)', async (body, message) => {
    const store = memoryStore();
    const answer = await call(api({ store }), body);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ statusCode: 422, name: 'validation_error' });
    expect((answer.body as { message: string }).message).toContain(message);
    expect(store.accepted()).toEqual([]);
  });

  it('takes html or text alone, one address or a list, and keeps the headers', async () => {
    const store = memoryStore();
    const resend = api({ store });
    await call(resend, mail('ada@example.com', { headers: { 'List-Unsubscribe': '<https://x>' } }));
    await call(resend, mail(['a@example.com', 'b@example.com'], { text: undefined, html: '<p>' }));
    expect(store.accepted()).toEqual([
      expect.objectContaining({
        to: ['ada@example.com'],
        html: '',
        text: 'Hi',
        headers: { 'List-Unsubscribe': '<https://x>' },
        idempotencyKey: '',
      }),
      expect.objectContaining({ to: ['a@example.com', 'b@example.com'], html: '<p>', text: '' }),
    ]);
  });

  it('decides the route, the key and the idempotency key from the head', () => {
    const resend = api({ apiKey: 're_right' });
    const admit = (headers: Record<string, string>, request = {}) =>
      resend.admit({ method: 'POST', path: '/emails', headers, ...request });
    const refusal = (admission: ReturnType<typeof admit>) =>
      'refuse' in admission ? admission.refuse.status : 'admitted';
    expect(refusal(admit({ authorization: 'Bearer re_right' }, { path: '/domains' }))).toBe(404);
    expect(refusal(admit({ authorization: 'Bearer re_right' }, { method: 'GET' }))).toBe(405);
    expect(refusal(admit({}))).toBe(401);
    expect(refusal(admit({ authorization: 'Bearer re_wrong' }))).toBe(403);
    expect(
      refusal(admit({ authorization: 'Bearer re_right', 'idempotency-key': 'k'.repeat(257) })),
    ).toBe(400);
    const admitted = admit({ authorization: 'Bearer re_right' });
    expect(admitted).toMatchObject({
      bodyLimit: 1024 * 1024,
      tooLarge: { status: 413, body: { name: 'payload_too_large' } },
    });
  });
});

describe('POST /emails/batch', () => {
  const batch = (items: unknown[]) => Buffer.from(JSON.stringify(items));
  const one = (to: string, extra: Record<string, unknown> = {}) => ({
    from: 'A <a@example.com>',
    to: [to],
    subject: 'Hi',
    text: 'Hi',
    ...extra,
  });
  const post = (resend: ResendApi, body: Buffer, headers: Record<string, string> = {}) =>
    call(resend, body, headers, { path: '/emails/batch' });

  it('takes up to 100 mails in one request, counted once against the rate, each recorded', async () => {
    const store = memoryStore();
    const resend = createResendApi({ ratePerSecond: 2, store, now: () => 0 });
    const items = Array.from({ length: 100 }, (_, i) => one(`u${i}@example.com`));
    const answer = await post(resend, batch(items), { 'idempotency-key': 'batch/k' });
    expect(answer.status).toBe(200);
    const { data } = answer.body as { data: Array<{ id: string }> };
    expect(data).toHaveLength(100);
    expect(store.accepted().map((mail) => [mail.id, mail.to[0], mail.batchIndex])).toEqual(
      items.map((item, i) => [data[i].id, item.to[0], i]),
    );
    expect(store.accepted().every((mail) => mail.idempotencyKey === 'batch/k')).toBe(true);
    // The second request in the same second is within the rate of 2; the third is not.
    expect((await post(resend, batch([one('x@example.com')]))).status).toBe(200);
    expect((await post(resend, batch([one('y@example.com')]))).status).toBe(429);
    expect(resend.stats()).toMatchObject({ requests: 3, accepted: 101, rateLimited: 1 });
  });

  it('answers a repeat of its key with the first answer, and 409 for another body', async () => {
    const store = memoryStore();
    const resend = api({ store });
    const body = batch([one('a@example.com'), one('b@example.com')]);
    const first = await post(resend, body, { 'idempotency-key': 'batch/k' });
    expect(await post(resend, body, { 'idempotency-key': 'batch/k' })).toEqual(first);
    expect(store.accepted()).toHaveLength(2);
    expect(
      await post(resend, batch([one('a@example.com')]), { 'idempotency-key': 'batch/k' }),
    ).toMatchObject({ status: 409, body: { name: 'invalid_idempotent_request' } });
    // A batch's key is not a single send's: the same key on /emails is another request's body.
    expect((await call(resend, mail(), { 'idempotency-key': 'batch/k' })).status).toBe(409);
    expect(resend.stats()).toMatchObject({ accepted: 2, replayed: 1 });
  });

  it('strict (the default): one invalid mail refuses the request, and nothing is taken', async () => {
    const store = memoryStore();
    const answer = await post(
      api({ store }),
      batch([one('a@example.com'), one('b@example.com', { from: '' })]),
    );
    expect(answer).toMatchObject({ status: 422, body: { name: 'validation_error' } });
    expect((answer.body as { message: string }).message).toContain('emails[1]');
    expect(store.accepted()).toEqual([]);
  });

  it('permissive: takes the valid mails and names the invalid ones by index', async () => {
    const store = memoryStore();
    const answer = await post(
      api({ store }),
      batch([
        one('a@example.com'),
        one('b@example.com', { attachments: [{ filename: 'x.pdf', content: 'AA==' }] }),
        one('c@example.com', { scheduled_at: 'in 1 hour' }),
        one('d@example.com', { subject: '' }),
        one('e@example.com'),
      ]),
      { 'x-batch-validation': 'permissive' },
    );
    expect(answer.status).toBe(200);
    const body = answer.body as { data: Array<{ id: string }>; errors: unknown[] };
    expect(body.errors).toEqual([
      { index: 1, message: 'Attachments are not supported in batch emails.' },
      { index: 2, message: 'Scheduling is not supported in batch emails.' },
      { index: 3, message: 'The `subject` field is required.' },
    ]);
    expect(store.accepted().map((mail) => [mail.id, mail.to[0]])).toEqual([
      [body.data[0].id, 'a@example.com'],
      [body.data[1].id, 'e@example.com'],
    ]);
  });

  it.each([
    ['an empty list', batch([])],
    ['101 mails', batch(Array.from({ length: 101 }, (_, i) => one(`u${i}@example.com`)))],
    ['an object, not a list', Buffer.from(JSON.stringify(one('a@example.com')))],
  ])('refuses %s with 422, permissive or not', async (_label, body) => {
    const store = memoryStore();
    const resend = api({ store });
    for (const headers of [{}, { 'x-batch-validation': 'permissive' }] as Array<
      Record<string, string>
    >) {
      expect(await post(resend, body, headers)).toMatchObject({
        status: 422,
        body: { name: 'validation_error' },
      });
    }
    expect(store.accepted()).toEqual([]);
  });

  it('fails a whole request at its error rate, after taking it or not', async () => {
    const store = memoryStore();
    const resend = api({ store, errorRate: 1, failAfterAccepting: true });
    const body = batch([one('a@example.com'), one('b@example.com')]);
    expect((await post(resend, body, { 'idempotency-key': 'batch/f' })).status).toBe(500);
    expect(store.accepted()).toHaveLength(2);
    // The retry under the key is answered from the first, nothing taken twice.
    expect((await post(resend, body, { 'idempotency-key': 'batch/f' })).status).toBe(200);
    expect(store.accepted()).toHaveLength(2);
  });
});
