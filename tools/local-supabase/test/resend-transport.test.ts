import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createResendTransport,
  UNCONFIGURED_TRANSPORT,
} from '../../../supabase/functions/send-thank-you-email/resend-transport.ts';

// A local HTTP server stands in for api.resend.com, so the request the transport makes is seen for real.
describe('Resend transport', () => {
  let server: Server;
  let endpoint: string;
  const received: Array<{ authorization: string | undefined; body: unknown }> = [];
  let answer: { status: number; body: unknown } = { status: 200, body: { id: 're_123' } };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        received.push({ authorization: req.headers.authorization, body: JSON.parse(raw) });
        res
          .writeHead(answer.status, { 'Content-Type': 'application/json' })
          .end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const message = {
    from: 'Agentora <hello@agentora.ai>',
    to: 'ada@example.com',
    subject: 'Hi',
    html: '<p>Hi</p>',
    text: 'Hi',
  };

  it('posts the message with the API key and returns the provider id', async () => {
    answer = { status: 200, body: { id: 're_123' } };
    await expect(
      createResendTransport({ apiKey: 're_key', endpoint }).send(message),
    ).resolves.toEqual({ id: 're_123' });
    expect(received.at(-1)).toEqual({
      authorization: 'Bearer re_key',
      body: {
        from: message.from,
        to: ['ada@example.com'],
        subject: 'Hi',
        html: '<p>Hi</p>',
        text: 'Hi',
      },
    });
  });

  it('rejects with the provider message when the send is refused', async () => {
    answer = {
      status: 422,
      body: { statusCode: 422, message: 'Invalid `to` field.', name: 'validation_error' },
    };
    await expect(
      createResendTransport({ apiKey: 're_key', endpoint }).send(message),
    ).rejects.toThrow('Resend answered HTTP 422: Invalid `to` field.');
  });

  it('without a key, never claims a send', async () => {
    await expect(UNCONFIGURED_TRANSPORT.send(message)).rejects.toThrow(
      'No mail transport is configured',
    );
  });
});
