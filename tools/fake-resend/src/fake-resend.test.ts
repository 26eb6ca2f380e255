import { startFakeResend, type FakeResend, type FakeResendOptions } from './index.ts';

let provider: FakeResend | undefined;
afterEach(async () => {
  await provider?.stop();
  provider = undefined;
});

async function start(options: FakeResendOptions = {}): Promise<FakeResend> {
  provider = await startFakeResend(options);
  return provider;
}

const mail = (to = 'ada@example.com', subject = 'Hello') => ({
  from: 'Agentora <hello@agentora.ai>',
  to: [to],
  subject,
  html: '<p>Hi</p>',
  text: 'Hi',
});

function send(
  fake: FakeResend,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${fake.url}/emails`, {
    method: 'POST',
    headers: { Authorization: 'Bearer re_test', 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('the fake Resend', () => {
  it('accepts a mail, answers its id, and keeps a record of it', async () => {
    const fake = await start();
    const response = await send(fake, mail(), { 'Idempotency-Key': 'k-1' });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    expect(fake.accepted()).toEqual([
      expect.objectContaining({
        id,
        idempotencyKey: 'k-1',
        to: ['ada@example.com'],
        subject: 'Hello',
      }),
    ]);
  });

  it('answers a repeated key with the first id and sends nothing; another body with that key gets 409', async () => {
    const fake = await start({ ratePerSecond: 0 });
    const first = (await (await send(fake, mail(), { 'Idempotency-Key': 'k-2' })).json()) as {
      id: string;
    };
    const again = await send(fake, mail(), { 'Idempotency-Key': 'k-2' });
    expect(await again.json()).toEqual({ id: first.id });
    const changed = await send(fake, mail('ada@example.com', 'Other'), {
      'Idempotency-Key': 'k-2',
    });
    expect(changed.status).toBe(409);
    expect(await changed.json()).toMatchObject({ name: 'invalid_idempotent_request' });
    expect(fake.accepted()).toHaveLength(1);
    expect(fake.stats()).toMatchObject({ accepted: 1, replayed: 1 });
  });

  it('answers 429 with Retry-After above its rate, and takes mail again once the second has passed', async () => {
    let clock = 1_000_000;
    const fake = await start({ ratePerSecond: 2, now: () => clock });
    const statuses = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push((await send(fake, mail(`a${i}@example.com`))).status);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await send(fake, mail('late@example.com'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.headers.get('ratelimit-reset')).toBe('1');
    expect(await limited.json()).toMatchObject({ statusCode: 429, name: 'rate_limit_exceeded' });
    clock += 1000;
    expect((await send(fake, mail('late@example.com'))).status).toBe(200);
    expect(fake.accepted().map((m) => m.to[0])).toEqual([
      'a0@example.com',
      'a1@example.com',
      'late@example.com',
    ]);
  });

  it('fails the share of requests it is told to, before or after taking the mail', async () => {
    const rolls = [0.01, 0.9, 0.01];
    const before = await start({
      ratePerSecond: 0,
      errorRate: 0.05,
      random: () => rolls.shift() ?? 1,
    });
    expect((await send(before, mail(), { 'Idempotency-Key': 'x' })).status).toBe(500);
    expect((await send(before, mail(), { 'Idempotency-Key': 'x' })).status).toBe(200);
    expect(before.accepted()).toHaveLength(1);
    await before.stop();

    // A 500 after taking the mail: the retry with the same key gets the first id, and one mail exists.
    provider = await startFakeResend({
      ratePerSecond: 0,
      errorRate: 1,
      failAfterAccepting: true,
    });
    expect((await send(provider, mail(), { 'Idempotency-Key': 'y' })).status).toBe(500);
    expect((await send(provider, mail(), { 'Idempotency-Key': 'y' })).status).toBe(200);
    expect(provider.accepted()).toHaveLength(1);
  });

  it('refuses a missing or wrong key, a bad body, and other routes, as Resend does', async () => {
    const fake = await start({ apiKey: 're_right' });
    const call = (headers: Record<string, string>, body: unknown = mail()) =>
      fetch(`${fake.url}/emails`, { method: 'POST', headers, body: JSON.stringify(body) });
    expect((await call({})).status).toBe(401);
    expect((await call({ Authorization: 'Bearer re_wrong' })).status).toBe(403);
    expect((await call({ Authorization: 'Bearer re_right' }, { to: 'a@example.com' })).status).toBe(
      422,
    );
    expect((await fetch(`${fake.url}/domains`)).status).toBe(404);
    expect(fake.accepted()).toEqual([]);
  });

  it('adds the latency it is given to every answer', async () => {
    const fake = await start({ latencyMs: 150 });
    const started = performance.now();
    await send(fake, mail());
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('serves the contacts API over HTTP: the query string, the body limit, the shared rate', async () => {
    let clock = 2_000_000;
    const fake = await start({ ratePerSecond: 3, now: () => clock });
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${fake.url}${path}`, {
        method,
        headers: { Authorization: 'Bearer re_test', 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    for (const email of ['a@example.com', 'b@example.com']) {
      expect((await call('POST', '/contacts', { email })).status).toBe(201);
    }
    const page = await call('GET', '/contacts?limit=1');
    expect(await page.json()).toMatchObject({
      object: 'list',
      has_more: true,
      data: [{ email: 'b@example.com' }],
    });
    const limited = await send(fake, mail());
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '1']);
    clock += 1000;
    const tooLarge = await call('PATCH', '/contacts/a@example.com', {
      first_name: 'x'.repeat(1024 * 1024),
    });
    expect([tooLarge.status, await tooLarge.json()]).toEqual([
      413,
      expect.objectContaining({ name: 'payload_too_large' }),
    ]);
    expect(fake.audience().contacts.map((contact) => contact.first_name)).toEqual([null, null]);
    expect(fake.accepted()).toEqual([]);
  });
});
