import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createResendTransport,
  UNCONFIGURED_TRANSPORT,
} from '../functions/_shared/mail/resend-transport.ts';
import {
  MailNotSentError,
  MailOutcomeUnknownError,
  type MailMessage,
} from '../functions/_shared/mail/types.ts';

// A local HTTP server stands in for api.resend.com and behaves like it: a repeated Idempotency-Key gets
// the first send's answer and no second message.
describe('Resend transport', () => {
  let server: Server;
  let endpoint: string;
  const requests: Array<{ authorization?: string; key?: string; body: unknown }> = [];
  /** Messages Resend "sent", by idempotency key. */
  const delivered = new Map<string, { id: string; body: unknown }>();
  let behaviour: {
    status?: number;
    body?: unknown;
    /** Takes the message, then answers this late (the transport's timeout is shorter). */
    answerAfterMs?: number;
    /** Answers without taking the message. */
    refuse?: boolean;
  } = {};

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const key = req.headers['idempotency-key'] as string | undefined;
        const body = JSON.parse(raw) as unknown;
        requests.push({ authorization: req.headers.authorization, key, body });
        const answer = (status: number, payload: unknown, delay = 0) =>
          setTimeout(() => {
            if (!res.destroyed) {
              res
                .writeHead(status, { 'Content-Type': 'application/json' })
                .end(JSON.stringify(payload));
            }
          }, delay);
        if (behaviour.refuse) return answer(behaviour.status ?? 422, behaviour.body ?? {});
        const previous = key ? delivered.get(key) : undefined;
        if (previous) return answer(200, { id: previous.id });
        const id = `re_${delivered.size + 1}`;
        if (key) delivered.set(key, { id, body });
        const delay = behaviour.answerAfterMs ?? 0;
        behaviour = { ...behaviour, answerAfterMs: 0 }; // only the first answer is late
        return answer(behaviour.status ?? 200, behaviour.body ?? { id }, delay);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    requests.length = 0;
    delivered.clear();
    behaviour = {};
  });

  let keys = 0;
  const message = (): MailMessage => ({
    from: 'Agentora <hello@agentora.ai>',
    to: 'ada@example.com',
    subject: 'Hi',
    html: '<p>Hi</p>',
    text: 'Hi',
    idempotencyKey: `thank-you/newsletter/${(keys += 1)}`,
  });

  it('posts the message with the API key and the idempotency key, and returns the provider id', async () => {
    const mail = message();
    await expect(createResendTransport({ apiKey: 're_key', endpoint }).send(mail)).resolves.toEqual(
      {
        id: 're_1',
      },
    );
    expect(requests).toEqual([
      {
        authorization: 'Bearer re_key',
        key: mail.idempotencyKey,
        body: {
          from: mail.from,
          to: ['ada@example.com'],
          subject: 'Hi',
          html: '<p>Hi</p>',
          text: 'Hi',
        },
      },
    ]);
  });

  it('retries an answer lost to the timeout with the same key, and the message goes out once', async () => {
    behaviour = { answerAfterMs: 400 };
    const mail = message();
    const transport = createResendTransport({
      apiKey: 're_key',
      endpoint,
      timeoutMs: 100,
      retryDelaysMs: [10],
    });
    await expect(transport.send(mail)).resolves.toEqual({ id: 're_1' });
    expect(requests.map((request) => request.key)).toEqual([
      mail.idempotencyKey,
      mail.idempotencyKey,
    ]);
    expect(delivered.size).toBe(1);
    // A later send of the same sign-up (say, a retried request) cannot mail twice either.
    await expect(transport.send(mail)).resolves.toEqual({ id: 're_1' });
    expect(delivered.size).toBe(1);
  });

  it('reports an unknown outcome when no attempt gets an answer', async () => {
    const transport = createResendTransport({
      apiKey: 're_key',
      endpoint: 'http://127.0.0.1:9/emails',
      attempts: 2,
      retryDelaysMs: [1],
    });
    await expect(transport.send(message())).rejects.toBeInstanceOf(MailOutcomeUnknownError);
  });

  it.each([500, 502, 409])('treats HTTP %s as an unknown outcome', async (status) => {
    behaviour = { refuse: true, status, body: { message: 'busy' } };
    const transport = createResendTransport({
      apiKey: 're_key',
      endpoint,
      attempts: 2,
      retryDelaysMs: [1],
    });
    await expect(transport.send(message())).rejects.toBeInstanceOf(MailOutcomeUnknownError);
    expect(requests).toHaveLength(2);
  });

  it.each([400, 401, 403, 422, 429])(
    'treats HTTP %s as not sent, without retrying',
    async (status) => {
      behaviour = { refuse: true, status, body: { message: 'Invalid `to` field.' } };
      const attempt = createResendTransport({ apiKey: 're_key', endpoint }).send(message());
      await expect(attempt).rejects.toBeInstanceOf(MailNotSentError);
      await expect(attempt).rejects.toThrow(
        `Resend answered HTTP ${status}: Invalid \`to\` field.`,
      );
      expect(requests).toHaveLength(1);
    },
  );

  it('without a key, never claims a send', async () => {
    await expect(UNCONFIGURED_TRANSPORT.send(message())).rejects.toBeInstanceOf(MailNotSentError);
  });
});
