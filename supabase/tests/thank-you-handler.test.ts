import type { RateLimiter } from '../functions/_shared/rate-limit.ts';
import {
  MailNotSentError,
  MailOutcomeUnknownError,
  type MailMessage,
  type MailTransport,
} from '../functions/_shared/mail/types.ts';
import type { ThankYouLedger } from '../functions/_shared/thank-you/ledger.ts';
import type { StoredSignup, ThankYouType } from '../functions/_shared/thank-you/stored-signup.ts';
import { createThankYouEmailHandler } from '../functions/send-thank-you-email/handler.ts';
import { publicUrls } from '../functions/_shared/links/public-urls.ts';

// The handler's own rules (payload, status codes, the claim on failures, the limit), with an in-memory
// ledger standing in for the database; the real ledger and server run in functions.test.ts.
function memoryLedger(rows: Array<[ThankYouType, StoredSignup]>) {
  const open = new Map(rows.map(([type, row]) => [`${type}:${row.email.toLowerCase()}`, row]));
  const released: string[] = [];
  const ledger: ThankYouLedger = {
    async claim(type, email) {
      const key = `${type}:${email.toLowerCase()}`;
      const row = open.get(key) ?? null;
      open.delete(key);
      return row;
    },
    async release(type, id) {
      released.push(id);
      const row = rows.find(([, candidate]) => candidate.id === id)?.[1];
      if (row) open.set(`${type}:${row.email.toLowerCase()}`, row);
    },
  };
  return { ledger, released };
}

const allow: RateLimiter = { take: async () => 'allowed' };
const urls = publicUrls({
  siteUrl: 'https://agentora.ai',
  supabaseUrl: 'https://project.supabase.co',
});

function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request('http://functions.local/send-thank-you-email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'cf-connecting-ip': '203.0.113.7', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const ada: StoredSignup = {
  id: '00000000-0000-4000-8000-00000000000a',
  email: 'Ada.Lovelace@example.com',
  first_name: 'Ada',
  company: 'ACME',
  use_case: 'Reports',
};

describe('send-thank-you-email handler', () => {
  const sent: MailMessage[] = [];
  const transport: MailTransport = {
    send: async (message) => (sent.push(message), { id: `mail-${sent.length}` }),
  };
  const quiet = () => undefined;
  beforeEach(() => {
    sent.length = 0;
  });

  it('answers preflights with the CORS headers supabase-js needs', async () => {
    const handler = createThankYouEmailHandler({
      urls,
      ledger: memoryLedger([]).ledger,
      rateLimiter: allow,
      transport,
    });
    const response = await handler(new Request('http://functions.local/x', { method: 'OPTIONS' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-client-info');
  });

  it('mails the claimed row, to its stored address, with its stored words only (the PayPal attack)', async () => {
    const { ledger } = memoryLedger([['waitlist', ada]]);
    const handler = createThankYouEmailHandler({
      urls,
      ledger,
      rateLimiter: allow,
      transport,
      logError: quiet,
    });
    const response = await handler(
      post({
        type: 'waitlist',
        email: 'ada.lovelace@example.com',
        to: 'attacker@example.net',
        firstName: 'Dear customer',
        additionalData: {
          company: 'Your PayPal account is locked',
          useCase: 'Verify at https://evil.example/login',
        },
        subject: 'Urgent',
        html: '<a href="https://evil.example">here</a>',
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, emailId: 'mail-1', type: 'waitlist' });
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail.to).toBe('Ada.Lovelace@example.com');
    expect(mail.idempotencyKey).toBe(`thank-you/waitlist/${ada.id}`);
    for (const body of [mail.subject, mail.html, mail.text]) {
      expect(body).not.toMatch(/PayPal|evil\.example|Dear customer|Urgent|attacker/);
    }
    // Nor what the row says: whoever stored it may not own the address (docs/security.md).
    expect(mail.text).toContain('Hi there,');
    expect(mail.text).not.toMatch(/Ada|ACME|Reports/);
  });

  it('takes the address from `to` when a remote released earlier sends the old payload', async () => {
    const { ledger } = memoryLedger([['newsletter', { id: 'n1', email: 'bob@example.com' }]]);
    const handler = createThankYouEmailHandler({ urls, ledger, rateLimiter: allow, transport });
    const response = await handler(
      post({ to: 'bob@example.com', type: 'newsletter', firstName: 'Eve' }),
    );
    expect(response.status).toBe(200);
    expect(sent[0].to).toBe('bob@example.com');
    expect(sent[0].text).not.toContain('Eve');
  });

  it('refuses a second call for the same sign-up and an address that did not sign up (403)', async () => {
    const { ledger } = memoryLedger([['early_access', { id: 'e1', email: 'bob@example.com' }]]);
    const handler = createThankYouEmailHandler({ urls, ledger, rateLimiter: allow, transport });
    expect((await handler(post({ type: 'early_access', email: 'bob@example.com' }))).status).toBe(
      200,
    );
    for (const body of [
      { type: 'early_access', email: 'bob@example.com' },
      { type: 'early_access', email: 'stranger@example.com' },
      { type: 'newsletter', email: 'bob@example.com' },
    ]) {
      const response = await handler(post(body));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        success: false,
        error: 'No recent sign-up awaiting a thank-you email was found for this address.',
      });
    }
    expect(sent).toHaveLength(1);
  });

  it('gives the claim back when the provider refused the mail, so a retry can send', async () => {
    const { ledger, released } = memoryLedger([
      ['early_access', { id: 'e2', email: 'bob@example.com' }],
    ]);
    let refuse = true;
    const flaky: MailTransport = {
      send: async (message) => {
        if (refuse) throw new MailNotSentError('Resend answered HTTP 422');
        return transport.send(message);
      },
    };
    const handler = createThankYouEmailHandler({
      urls,
      ledger,
      rateLimiter: allow,
      transport: flaky,
      logError: quiet,
    });
    const first = await handler(post({ type: 'early_access', email: 'bob@example.com' }));
    expect(first.status).toBe(502);
    expect(await first.json()).toEqual({ success: false, error: 'The email could not be sent.' });
    expect(released).toEqual(['e2']);
    refuse = false;
    expect((await handler(post({ type: 'early_access', email: 'bob@example.com' }))).status).toBe(
      200,
    );
    expect(sent).toHaveLength(1);
  });

  it.each([new MailOutcomeUnknownError('Resend did not answer'), new Error('socket hang up')])(
    'keeps the claim when the outcome is unknown (%s), so a retried call cannot mail twice',
    async (failure) => {
      const { ledger, released } = memoryLedger([
        ['newsletter', { id: 'n2', email: 'bob@example.com' }],
      ]);
      const lost: MailTransport = { send: async () => Promise.reject(failure) };
      const handler = createThankYouEmailHandler({
        urls,
        ledger,
        rateLimiter: allow,
        transport: lost,
        logError: quiet,
      });
      const first = await handler(post({ type: 'newsletter', email: 'bob@example.com' }));
      expect(first.status).toBe(502);
      expect(await first.json()).toEqual({
        success: false,
        error: 'The email may not have been sent.',
      });
      expect(released).toEqual([]);
      expect((await handler(post({ type: 'newsletter', email: 'bob@example.com' }))).status).toBe(
        403,
      );
    },
  );

  it('counts every call against the client address of the gateway header, and answers 429 over the limit', async () => {
    const seen: Array<[string, string | null]> = [];
    const limiter: RateLimiter = {
      take: async (action, address) => (
        seen.push([action, address]),
        seen.length > 1 ? 'limited' : 'allowed'
      ),
    };
    const { ledger } = memoryLedger([]);
    const handler = createThankYouEmailHandler({ urls, ledger, rateLimiter: limiter, transport });
    expect((await handler(post({ type: 'newsletter', email: 'a@example.com' }))).status).toBe(403);
    const limited = await handler(
      post({ type: 'newsletter', email: 'a@example.com' }, { 'x-forwarded-for': '198.51.100.1' }),
    );
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ success: false });
    expect(seen).toEqual([
      ['send-thank-you-email', '203.0.113.7'],
      ['send-thank-you-email', '203.0.113.7'],
    ]);
  });

  it('answers 500 without details when the ledger or the limiter fails', async () => {
    const broken: ThankYouLedger = {
      claim: () => Promise.reject(new Error('connection refused: db.internal:5432')),
      release: () => Promise.resolve(),
    };
    const handler = createThankYouEmailHandler({
      urls,
      ledger: broken,
      rateLimiter: allow,
      transport,
      logError: quiet,
    });
    const response = await handler(post({ type: 'newsletter', email: 'a@example.com' }));
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).not.toContain('db.internal');

    const limiterDown = createThankYouEmailHandler({
      urls,
      ledger: memoryLedger([]).ledger,
      rateLimiter: { take: () => Promise.reject(new Error('down')) },
      transport,
      logError: quiet,
    });
    expect((await limiterDown(post({ type: 'newsletter', email: 'a@example.com' }))).status).toBe(
      500,
    );
  });

  it.each([
    ['not JSON', '{"type":', 400],
    ['an array', [{ type: 'newsletter', email: 'a@example.com' }], 400],
    ['an unknown type', { type: 'spam', email: 'a@example.com' }, 400],
    ['a display name', { type: 'newsletter', email: 'a<victim@example.org>' }, 400],
    ['two addresses', { type: 'newsletter', email: 'a@example.com, b@example.com' }, 400],
    [
      'a header injection',
      { type: 'newsletter', email: 'a@example.com\r\nBcc: x@example.com' },
      400,
    ],
    ['no address', { type: 'newsletter' }, 400],
    [
      'a body over 4 KB',
      { type: 'newsletter', email: 'a@example.com', pad: 'x'.repeat(5000) },
      413,
    ],
  ])('refuses %s', async (_label, body, status) => {
    const handler = createThankYouEmailHandler({
      urls,
      ledger: memoryLedger([]).ledger,
      rateLimiter: allow,
      transport,
    });
    expect((await handler(post(body))).status).toBe(status);
    expect(sent).toEqual([]);
  });

  it('refuses other methods', async () => {
    const handler = createThankYouEmailHandler({
      urls,
      ledger: memoryLedger([]).ledger,
      rateLimiter: allow,
      transport,
    });
    expect((await handler(new Request('http://functions.local/x', { method: 'GET' }))).status).toBe(
      405,
    );
  });
});
