import type { RateLimiter } from '../../functions/_shared/rate-limit.ts';
import { publicUrls } from '../../functions/_shared/links/public-urls.ts';
import { storedTokenHashes } from '../../functions/_shared/mail-queue/link-tokens.ts';
import { renderQueuedMail } from '../../functions/_shared/mail-queue/render-queued-mail.ts';
import type { MailTokenHashes, ThankYouLedger } from '../../functions/_shared/thank-you/ledger.ts';
import type { MailList } from '../../functions/_shared/rules/mail-lists.ts';
import { tokenHash } from '../../functions/_shared/tokens/email-token.ts';
import { createThankYouEmailHandler } from '../../functions/send-thank-you-email/handler.ts';

// The handler's own rules (payload, status codes, the queue's answers, the limit), with an in-memory
// ledger standing in for the database; the real ledger, queue and server run in functions.test.ts and
// mail-queue.test.ts.
type Queued = { type: MailList; email: string; messageId: string; tokens: MailTokenHashes };

/**
 * Each sign-up's mail was queued with its row (supabase/schemas/mail-kinds.sql): `queued` answers its message
 * id, the same every time, and `asked` records what the handler asked about.
 */
function memoryLedger(signups: Array<[MailList, string]>, unconfirmed: string[] = []) {
  const messages = new Map(
    signups.map(([type, email]) => [`${type}:${email.toLowerCase()}`, newMessageId()]),
  );
  const asked: Array<{ type: MailList; email: string; messageId: string | null }> = [];
  const again: Queued[] = [];
  const ledger: ThankYouLedger = {
    async queued(type, email) {
      const messageId = messages.get(`${type}:${email.toLowerCase()}`) ?? null;
      asked.push({ type, email, messageId });
      return messageId;
    },
    async queueAgain(type, email, messageId, tokens) {
      if (!unconfirmed.includes(`${type}:${email.toLowerCase()}`)) return false;
      again.push({ type, email, messageId, tokens });
      return true;
    },
  };
  return { ledger, queued: asked, again };
}

const allow: RateLimiter = { take: async () => 'allowed' };
const linkSecret = 'a-test-secret-of-at-least-32-characters';
const urls = publicUrls({
  siteUrl: 'https://agentora.ai',
  supabaseUrl: 'https://project.supabase.co',
});
let ids = 0;
const newMessageId = () => `00000000-0000-4000-8000-${String((ids += 1)).padStart(12, '0')}`;
const quiet = () => undefined;

function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request('http://functions.local/send-thank-you-email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'cf-connecting-ip': '203.0.113.7', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function handlerWith(
  ledger: ThankYouLedger,
  extra: Partial<Parameters<typeof createThankYouEmailHandler>[0]> = {},
) {
  return createThankYouEmailHandler({
    ledger,
    rateLimiter: allow,
    linkSecret,
    newMessageId,
    logError: quiet,
    ...extra,
  });
}

describe('send-thank-you-email handler', () => {
  it('answers preflights with the CORS headers supabase-js needs', async () => {
    const response = await handlerWith(memoryLedger([]).ledger)(
      new Request('http://functions.local/x', { method: 'OPTIONS' }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-client-info');
  });

  it('queues the sign-up named by type and address alone, answers with the message id, then sends', async () => {
    const { ledger, queued } = memoryLedger([['waitlist', 'ada.lovelace@example.com']]);
    let sendsAfterAnswer = 0;
    const handler = handlerWith(ledger, { afterAnswer: () => (sendsAfterAnswer += 1) });
    const response = await handler(
      post({
        type: 'waitlist',
        email: 'Ada.Lovelace@example.com',
        to: 'attacker@example.net',
        firstName: 'Dear customer',
        additionalData: { company: 'Your PayPal account is locked' },
        subject: 'Urgent',
        html: '<a href="https://evil.example">here</a>',
      }),
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ success: true, type: 'waitlist', messageId: queued[0].messageId });
    expect(body.messageId).toEqual(expect.any(String));
    // Nothing else of the request reaches the queue; the worker renders from the stored row.
    expect(queued).toEqual([
      { type: 'waitlist', email: 'Ada.Lovelace@example.com', messageId: body.messageId },
    ]);
    expect(sendsAfterAnswer).toBe(1);
  });

  it('the worker stores the hashes of exactly the tokens its mail carries', async () => {
    const messageId = newMessageId();
    const queuedMail = {
      id: messageId,
      lease: 'l',
      attempts: 1,
      to: 'bob@example.com',
      kind: 'thank_you' as const,
      list: 'early_access' as const,
    };
    const mail = await renderQueuedMail(queuedMail, { urls, linkSecret });
    const confirm = /\/email\/confirm\?token=([\w-]{43})/.exec(mail.text)?.[1] as string;
    const unsubscribe = /\/email\/unsubscribe\?token=([\w-]{43})/.exec(mail.text)?.[1] as string;
    expect(await storedTokenHashes(linkSecret, queuedMail)).toEqual([
      { id: messageId, purpose: 'confirm', hash: await tokenHash(confirm) },
      { id: messageId, purpose: 'unsubscribe', hash: await tokenHash(unsubscribe) },
    ]);
    expect(await storedTokenHashes(linkSecret, { ...queuedMail, list: 'career' })).toEqual([
      { id: messageId, purpose: 'unsubscribe', hash: expect.any(String) },
    ]);
    expect(mail.idempotencyKey).toBe(`mail/${messageId}`);
    // The same message renders to the same bytes: a retry under its key is the same request.
    expect(
      await renderQueuedMail({ ...queuedMail, lease: 'other', attempts: 4 }, { urls, linkSecret }),
    ).toEqual(mail);
  });

  it('takes the address from `to` when a remote released earlier sends the old payload', async () => {
    const { ledger, queued } = memoryLedger([['newsletter', 'bob@example.com']]);
    const response = await handlerWith(ledger)(
      post({ to: 'bob@example.com', type: 'newsletter', firstName: 'Eve' }),
    );
    expect(response.status).toBe(200);
    expect(queued.map((entry) => entry.email)).toEqual(['bob@example.com']);
  });

  it('answers a second call for the same sign-up with the same message, and refuses an address that did not sign up (403)', async () => {
    const { ledger, queued } = memoryLedger([['early_access', 'bob@example.com']]);
    const handler = handlerWith(ledger);
    const first = await handler(post({ type: 'early_access', email: 'bob@example.com' }));
    const second = await handler(post({ type: 'early_access', email: 'bob@example.com' }));
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await second.json()).toEqual(await first.json());
    for (const body of [
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
    expect(queued.map((entry) => entry.messageId !== null)).toEqual([true, true, false, false]);
  });

  it('answers "not sent" (500) when the queue cannot take the mail, and sends nothing after', async () => {
    let sendsAfterAnswer = 0;
    const broken: ThankYouLedger = {
      queued: () => Promise.reject(new Error('connection refused: db.internal:5432')),
      queueAgain: () => Promise.reject(new Error('connection refused: db.internal:5432')),
    };
    const handler = handlerWith(broken, { afterAnswer: () => (sendsAfterAnswer += 1) });
    const response = await handler(post({ type: 'newsletter', email: 'a@example.com' }));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      success: false,
      error: 'The email could not be sent.',
    });
    expect(sendsAfterAnswer).toBe(0);
  });

  it('`again`: the same 202 whether a fresh confirmation was queued, refused, or failed', async () => {
    const { ledger, again } = memoryLedger([], ['newsletter:late@example.com']);
    const handler = handlerWith(ledger);
    const answers = [];
    for (const email of ['late@example.com', 'member-or-stranger@example.com']) {
      const response = await handler(post({ type: 'newsletter', email, again: true }));
      answers.push([response.status, await response.json()]);
    }
    const broken = handlerWith({
      queued: () => Promise.reject(new Error('down')),
      queueAgain: () => Promise.reject(new Error('down')),
    });
    const failed = await broken(
      post({ type: 'newsletter', email: 'late@example.com', again: true }),
    );
    answers.push([failed.status, await failed.json()]);
    expect(answers).toEqual(
      Array.from({ length: 3 }, () => [202, { success: true, type: 'newsletter' }]),
    );
    expect(again.map((entry) => entry.email)).toEqual(['late@example.com']);
  });

  it('`again` is for the lists only, and must be a boolean', async () => {
    const handler = handlerWith(memoryLedger([]).ledger);
    expect(
      (await handler(post({ type: 'career', email: 'a@example.com', again: true }))).status,
    ).toBe(400);
    expect(
      (await handler(post({ type: 'newsletter', email: 'a@example.com', again: 'yes' }))).status,
    ).toBe(400);
  });

  it('counts every call against the client address of the gateway header, and answers 429 over the limit', async () => {
    const seen: Array<[string, string | null]> = [];
    const limiter: RateLimiter = {
      take: async (action, address) => (
        seen.push([action, address]),
        seen.length > 1 ? 'limited' : 'allowed'
      ),
    };
    const handler = handlerWith(memoryLedger([]).ledger, { rateLimiter: limiter });
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

  it('answers 500 without details when the limiter fails', async () => {
    const handler = handlerWith(memoryLedger([]).ledger, {
      rateLimiter: { take: () => Promise.reject(new Error('down at db.internal')) },
    });
    const response = await handler(post({ type: 'newsletter', email: 'a@example.com' }));
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).not.toContain('db.internal');
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
    const { ledger, queued } = memoryLedger([['newsletter', 'a@example.com']]);
    expect((await handlerWith(ledger)(post(body))).status).toBe(status);
    expect(queued).toEqual([]);
  });

  it('refuses other methods', async () => {
    const handler = handlerWith(memoryLedger([]).ledger);
    expect((await handler(new Request('http://functions.local/x', { method: 'GET' }))).status).toBe(
      405,
    );
  });
});
