import { createThankYouEmailHandler } from '../../../supabase/functions/send-thank-you-email/handler.ts';
import { parseThankYouRequest } from '../../../supabase/functions/send-thank-you-email/payload.ts';
import type {
  MailMessage,
  ThankYouLedger,
  ThankYouType,
} from '../../../supabase/functions/send-thank-you-email/types.ts';

// The handler's own rules (payload, CORS, status codes, giving a claim back when mail fails), with an
// in-memory ledger in place of the database; the real ledger runs in functions.test.ts.
function memoryLedger(eligible: Array<[ThankYouType, string]>) {
  const open = new Map(eligible.map(([type, email], i) => [`${type}:${email}`, `claim-${i}`]));
  const released: string[] = [];
  const ledger: ThankYouLedger = {
    async claim(type, email) {
      const key = `${type}:${email.toLowerCase()}`;
      const id = open.get(key) ?? null;
      open.delete(key);
      return id;
    },
    async release(type, claimId) {
      released.push(claimId);
      open.set(`${type}:released`, claimId);
    },
  };
  return { ledger, released };
}

function post(body: unknown): Request {
  return new Request('http://functions.local/send-thank-you-email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('send-thank-you-email handler', () => {
  const sent: MailMessage[] = [];
  const transport = {
    send: async (message: MailMessage) => (sent.push(message), { id: `mail-${sent.length}` }),
  };
  const quiet = () => undefined;

  beforeEach(() => {
    sent.length = 0;
  });

  it('answers preflights with the CORS headers supabase-js needs', async () => {
    const handler = createThankYouEmailHandler({
      ledger: memoryLedger([]).ledger,
      transport,
      logError: quiet,
    });
    const response = await handler(new Request('http://functions.local/', { method: 'OPTIONS' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    for (const header of ['authorization', 'x-client-info', 'apikey', 'content-type']) {
      expect(response.headers.get('access-control-allow-headers')).toContain(header);
    }
  });

  it('mails an eligible sign-up once and reports success, emailId and type', async () => {
    const handler = createThankYouEmailHandler({
      ledger: memoryLedger([['newsletter', 'ada@example.com']]).ledger,
      transport,
      logError: quiet,
    });
    const first = await handler(
      post({ to: 'Ada@Example.com', type: 'newsletter', firstName: 'Ada' }),
    );
    expect(first.status).toBe(200);
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    expect(await first.json()).toEqual({ success: true, emailId: 'mail-1', type: 'newsletter' });
    expect(sent).toEqual([
      expect.objectContaining({ to: 'Ada@Example.com', from: 'Agentora <hello@agentora.ai>' }),
    ]);

    const second = await handler(
      post({ to: 'ada@example.com', type: 'newsletter', firstName: 'Ada' }),
    );
    expect(second.status).toBe(403);
    expect(await second.json()).toEqual({
      success: false,
      error: expect.stringContaining('No recent sign-up'),
    });
    expect(sent).toHaveLength(1);
  });

  it('gives the claim back when the transport fails, so a retry can still send', async () => {
    const { ledger, released } = memoryLedger([['career', 'ada@example.com']]);
    const failing = { send: async () => Promise.reject(new Error('provider down')) };
    const errors: string[] = [];
    const handler = createThankYouEmailHandler({
      ledger,
      transport: failing,
      logError: (message) => errors.push(message),
    });
    const response = await handler(
      post({ to: 'ada@example.com', type: 'career', firstName: 'Ada' }),
    );
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      success: false,
      error: 'The email could not be sent.',
    });
    expect(released).toEqual(['claim-0']);
    expect(errors).toEqual(['send-thank-you-email: the mail was not accepted']);
  });

  it('answers 500 without details when the ledger fails', async () => {
    const broken: ThankYouLedger = {
      claim: () => Promise.reject(new Error('db down')),
      release: async () => undefined,
    };
    const handler = createThankYouEmailHandler({ ledger: broken, transport, logError: quiet });
    const response = await handler(
      post({ to: 'ada@example.com', type: 'newsletter', firstName: 'Ada' }),
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      success: false,
      error: 'The sign-up could not be checked.',
    });
  });

  it('refuses other methods and non-JSON bodies', async () => {
    const handler = createThankYouEmailHandler({
      ledger: memoryLedger([]).ledger,
      transport,
      logError: quiet,
    });
    expect((await handler(new Request('http://functions.local/', { method: 'GET' }))).status).toBe(
      405,
    );
    const notJson = await handler(post('{not json'));
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({
      success: false,
      error: 'The request body must be JSON.',
    });
  });
});

describe('thank-you payload', () => {
  it('accepts the spec payloads and keeps only the extras each type uses', () => {
    expect(
      parseThankYouRequest({ to: ' ada@example.com ', type: 'early_access', firstName: 'Ada' }),
    ).toEqual({
      ok: true,
      request: {
        to: 'ada@example.com',
        type: 'early_access',
        firstName: 'Ada',
        additionalData: {},
      },
    });
    expect(
      parseThankYouRequest({
        to: 'ada@example.com',
        type: 'waitlist',
        firstName: 'Ada',
        additionalData: { company: 'AE', useCase: '', lastName: 'Lovelace' },
      }),
    ).toEqual({
      ok: true,
      request: {
        to: 'ada@example.com',
        type: 'waitlist',
        firstName: 'Ada',
        additionalData: { company: 'AE' },
      },
    });
  });

  it.each([
    [null, 'JSON object'],
    [[], 'JSON object'],
    [{ to: 'not-an-email', type: 'newsletter', firstName: 'A' }, '"to"'],
    [{ to: 42, type: 'newsletter', firstName: 'A' }, '"to"'],
    [{ to: 'a@example.com', type: 'spam', firstName: 'A' }, '"type"'],
    [{ to: 'a@example.com', type: 'newsletter' }, '"firstName"'],
    [{ to: 'a@example.com', type: 'newsletter', firstName: 'A'.repeat(101) }, '"firstName"'],
    [
      { to: 'a@example.com', type: 'waitlist', firstName: 'A', additionalData: 'x' },
      '"additionalData"',
    ],
    [
      { to: 'a@example.com', type: 'career', firstName: 'A', additionalData: { position: 7 } },
      '"additionalData.position"',
    ],
    [
      {
        to: 'a@example.com',
        type: 'waitlist',
        firstName: 'A',
        additionalData: { useCase: 'x'.repeat(2001) },
      },
      '"additionalData.useCase"',
    ],
  ])('refuses %j', (body, mention) => {
    const result = parseThankYouRequest(body);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain(mention);
  });
});
