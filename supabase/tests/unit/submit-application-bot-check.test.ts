import type { BotCheck } from '../../functions/_shared/bot-check/verdict.ts';
import { BOT_CHECK_FORM_FIELD } from '../../functions/_shared/rules/bot-check.ts';
import { createSubmitApplicationHandler } from '../../functions/submit-application/handler.ts';

// submit-application asks the bot check before anything else: a refused or unanswered token costs no
// rate-limit token, uploads no file and stores no row. The real function runs in submit-application.test.ts.

function setUp(check: BotCheck) {
  const calls = { checked: [] as unknown[], limited: 0, uploaded: 0, inserted: 0 };
  const handler = createSubmitApplicationHandler({
    applications: {
      insert: async () => ((calls.inserted += 1), { status: 'inserted', id: 'a1' }),
    },
    resumes: {
      upload: async () => {
        calls.uploaded += 1;
      },
      remove: async () => undefined,
      signedDownloadUrl: async () => '',
    },
    ledger: { queued: async () => 'm1', queueAgain: async () => false },
    rateLimiter: {
      take: async () => {
        calls.limited += 1;
        return 'allowed';
      },
    },
    verifyBotCheck: async (token, action, remoteIp) => {
      calls.checked.push({ token, action, remoteIp });
      return check;
    },
    linkSecret: 'a-test-secret-of-at-least-32-characters',
    logError: () => undefined,
  });
  return { handler, calls };
}

function application(token?: string): Request {
  const form = new FormData();
  form.append('first_name', 'Ada');
  form.append('last_name', 'Lovelace');
  form.append('email', 'ada@example.com');
  form.append('why_join', 'Engines.');
  form.append(
    'resume',
    new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], 'cv.pdf', {
      type: 'application/pdf',
    }),
  );
  if (token !== undefined) form.append(BOT_CHECK_FORM_FIELD, token);
  return new Request('http://functions.local/submit-application', {
    method: 'POST',
    headers: { 'cf-connecting-ip': '203.0.113.9' },
    body: form,
  });
}

describe('submit-application’s bot check', () => {
  it('sends the token with the careers action and the visitor’s address, and then takes the application', async () => {
    const { handler, calls } = setUp({ outcome: 'passed', testing: false });
    const response = await handler(application('a-token'));
    expect(response.status).toBe(200);
    expect(calls.checked).toEqual([
      { token: 'a-token', action: 'career', remoteIp: '203.0.113.9' },
    ]);
    expect(calls.inserted).toBe(1);
  });

  it.each([
    [
      'no token',
      undefined,
      { outcome: 'refused', reason: 'missing', detail: '' },
      403,
      'bot_check_failed',
    ],
    [
      'a forged token',
      'forged',
      { outcome: 'refused', reason: 'invalid', detail: '' },
      403,
      'bot_check_failed',
    ],
    [
      'a spent token',
      'spent',
      { outcome: 'refused', reason: 'spent', detail: '' },
      403,
      'bot_check_failed',
    ],
    [
      'siteverify down',
      'a-token',
      { outcome: 'unavailable', reason: 'unreachable', detail: '' },
      503,
      'bot_check_unavailable',
    ],
  ] as const)(
    'answers %s without counting, uploading or storing anything',
    async (_name, token, check, status, error) => {
      const { handler, calls } = setUp(check);
      const response = await handler(application(token));
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ success: false, error });
      expect(calls).toMatchObject({ limited: 0, uploaded: 0, inserted: 0 });
    },
  );

  it('does not take the token for a field of the application', async () => {
    const { handler, calls } = setUp({ outcome: 'passed', testing: false });
    expect((await handler(application('a-token'))).status).toBe(200);
    expect(calls.inserted).toBe(1);
  });
});
