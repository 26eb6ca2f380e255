import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createResendTransport,
  retryAfterMs,
  UNCONFIGURED_TRANSPORT,
} from '../../functions/_shared/mail/resend-transport.ts';
import type { MailMessage } from '../../functions/_shared/mail/types.ts';

// One try per call: a local HTTP server answers as api.resend.com would, and each answer must come out
// as the delivery the queue acts on (sent, throttled, failed: try again, refused: dead letter).
describe('Resend transport', () => {
  let server: Server;
  let endpoint: string;
  const requests: Array<{ authorization?: string; key?: string; body: unknown }> = [];
  let answer: { status: number; body: unknown; headers?: Record<string, string>; delayMs?: number };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        requests.push({
          authorization: req.headers.authorization,
          key: req.headers['idempotency-key'] as string | undefined,
          body: JSON.parse(raw) as unknown,
        });
        setTimeout(() => {
          if (res.destroyed) return;
          res
            .writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers })
            .end(JSON.stringify(answer.body));
        }, answer.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    requests.length = 0;
    answer = { status: 200, body: { id: 're_1' } };
  });

  const message: MailMessage = {
    from: 'Agentora <hello@agentora.ai>',
    to: 'ada@example.com',
    subject: 'Hi',
    html: '<p>Hi</p>',
    text: 'Hi',
    idempotencyKey: 'mail/0b0f3d4e-0000-4000-8000-000000000001',
  };
  const transport = () => createResendTransport({ apiKey: 're_key', endpoint, timeoutMs: 200 });

  it('posts the message once with the API key and the idempotency key, and returns the provider id', async () => {
    await expect(transport().deliver(message)).resolves.toEqual({ status: 'sent', id: 're_1' });
    expect(requests).toEqual([
      {
        authorization: 'Bearer re_key',
        key: message.idempotencyKey,
        body: {
          from: message.from,
          to: ['ada@example.com'],
          subject: 'Hi',
          html: '<p>Hi</p>',
          text: 'Hi',
        },
      },
    ]);
  });

  it('reads 429 as throttled, with the wait Retry-After names', async () => {
    answer = {
      status: 429,
      body: { name: 'rate_limit_exceeded', message: 'Too many requests.' },
      headers: { 'retry-after': '3' },
    };
    await expect(transport().deliver(message)).resolves.toEqual({
      status: 'throttled',
      retryAfterMs: 3000,
      reason: 'Resend answered HTTP 429: Too many requests.',
    });
    expect(requests).toHaveLength(1);
  });

  it("reads a 429 for the day's or month's quota as a wait of at least 15 minutes", async () => {
    answer = {
      status: 429,
      body: { name: 'daily_quota_exceeded', message: 'You have reached your daily email quota.' },
      headers: { 'retry-after': '1' },
    };
    await expect(transport().deliver(message)).resolves.toMatchObject({
      status: 'throttled',
      retryAfterMs: 15 * 60 * 1000,
    });
  });

  it.each([
    [401, 'missing_api_key'],
    [403, 'invalid_api_key'],
  ])(
    'reads HTTP %s (%s) as a minute on hold for every message, not as a dead letter',
    async (status, name) => {
      answer = { status, body: { name, message: 'API key is invalid.' } };
      await expect(transport().deliver(message)).resolves.toEqual({
        status: 'throttled',
        retryAfterMs: 60_000,
        reason: `Resend answered HTTP ${status}: API key is invalid.`,
      });
    },
  );

  it('takes the wait from Retry-After, an HTTP date, ratelimit-reset, or else one second', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '0.2' }), now)).toBe(200);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Wed, 25 Nov 2026 12:00:05 GMT' }), now)).toBe(
      5000,
    );
    expect(retryAfterMs(new Headers({ 'ratelimit-reset': '2' }), now)).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBe(1000);
    expect(retryAfterMs(new Headers(), now)).toBe(1000);
    // Never longer than an hour, whatever the header says.
    expect(retryAfterMs(new Headers({ 'retry-after': '99999999' }), now)).toBe(3_600_000);
  });

  it('reads a lost answer (timeout) as failed: it may have gone out, so the queue tries again', async () => {
    answer = { status: 200, body: { id: 're_1' }, delayMs: 1_000 };
    await expect(transport().deliver(message)).resolves.toMatchObject({ status: 'failed' });
  });

  it('reads no answer at all as failed', async () => {
    const nowhere = createResendTransport({
      apiKey: 're_key',
      endpoint: 'http://127.0.0.1:9/emails',
    });
    await expect(nowhere.deliver(message)).resolves.toMatchObject({ status: 'failed' });
  });

  it.each([
    [500, 'application_error'],
    [502, 'bad_gateway'],
    [408, 'timeout'],
    [409, 'concurrent_idempotent_requests'],
  ])('reads HTTP %s (%s) as failed', async (status, name) => {
    answer = { status, body: { name, message: 'busy' } };
    await expect(transport().deliver(message)).resolves.toEqual({
      status: 'failed',
      reason: `Resend answered HTTP ${status}: busy`,
    });
  });

  it('reads a 2xx without an id as failed, not as sent', async () => {
    answer = { status: 200, body: {} };
    await expect(transport().deliver(message)).resolves.toMatchObject({ status: 'failed' });
  });

  it.each([
    [400, 'validation_error'],
    [422, 'invalid_parameter'],
    [409, 'invalid_idempotent_request'],
  ])('reads HTTP %s (%s) as refused for good', async (status, name) => {
    answer = { status, body: { name, message: 'Invalid `to` field.' } };
    await expect(transport().deliver(message)).resolves.toEqual({
      status: 'refused',
      reason: `Resend answered HTTP ${status}: Invalid \`to\` field.`,
    });
    expect(requests).toHaveLength(1);
  });

  it('without a key, never claims a send', async () => {
    await expect(UNCONFIGURED_TRANSPORT.deliver(message)).resolves.toMatchObject({
      status: 'failed',
    });
  });

  describe('a batch (POST /emails/batch)', () => {
    const second: MailMessage = { ...message, to: 'bob@example.com', subject: 'Hello' };
    const batch = () => transport().deliverBatch?.([message, second], 'batch/k');

    it('posts both under the batch key, permissive, and reads one id per message in order', async () => {
      answer = { status: 200, body: { data: [{ id: 're_a' }, { id: 're_b' }], errors: [] } };
      await expect(batch()).resolves.toEqual({
        status: 'answered',
        results: [
          { status: 'sent', id: 're_a' },
          { status: 'sent', id: 're_b' },
        ],
      });
      expect(requests).toEqual([
        expect.objectContaining({
          key: 'batch/k',
          body: [
            expect.objectContaining({ to: ['ada@example.com'], subject: 'Hi' }),
            expect.objectContaining({ to: ['bob@example.com'], subject: 'Hello' }),
          ],
        }),
      ]);
    });

    it('reads a refused message by its index, the others taken in order', async () => {
      answer = {
        status: 200,
        body: { data: [{ id: 're_b' }], errors: [{ index: 0, message: 'Invalid `to` field.' }] },
      };
      await expect(batch()).resolves.toEqual({
        status: 'answered',
        results: [
          { status: 'refused', reason: 'Resend refused it in a batch: Invalid `to` field.' },
          { status: 'sent', id: 're_b' },
        ],
      });
    });

    it.each([
      ['ids for fewer messages than sent', { data: [{ id: 're_a' }] }],
      ['an index out of range', { data: [{ id: 're_a' }], errors: [{ index: 2, message: 'x' }] }],
      ['no data', { errors: [] }],
    ])('takes %s as no clear answer (try again under the key)', async (_label, body) => {
      answer = { status: 200, body };
      await expect(batch()).resolves.toMatchObject({ status: 'failed' });
    });

    it.each([400, 413, 422])(
      'splits a batch refused whole (%i): nothing was taken, each goes alone',
      async (status) => {
        answer = { status, body: { name: 'validation_error', message: 'No.' } };
        await expect(batch()).resolves.toMatchObject({ status: 'split' });
      },
    );

    it('waits out a 429 and retries a 5xx for the whole batch', async () => {
      answer = {
        status: 429,
        body: { name: 'rate_limit_exceeded' },
        headers: { 'Retry-After': '2' },
      };
      await expect(batch()).resolves.toMatchObject({ status: 'throttled', retryAfterMs: 2000 });
      answer = { status: 500, body: { name: 'internal_server_error' } };
      await expect(batch()).resolves.toMatchObject({ status: 'failed' });
    });
  });
});
