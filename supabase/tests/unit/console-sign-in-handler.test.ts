import {
  CODE_NOT_VALID,
  codeMacKey,
  createConsoleSignInHandler,
  randomSignInCode,
  type SignInCodeStore,
} from '../../functions/console-sign-in/handler.ts';
import { SIGN_IN_CODE_EXPIRY_SECONDS } from '../../functions/_shared/mail/sign-in-code-email.ts';
import type { Delivery, MailMessage } from '../../functions/_shared/mail/types.ts';
import { CONSOLE_SIGN_IN } from '../../functions/_shared/rules/console-sign-in.ts';

// console-sign-in's handler with fakes: the answers, which never depend on whether the address is staff,
// the time they take, what is stored and mailed, and what is logged. The function through the local
// server, with its SQL, is in console-sign-in.test.ts.

const STAFF = 'ada@agentora.ai';
const CODE = '0123456789';
const SITE = 'https://agentora.example';

function setUp(
  options: {
    staff?: string[];
    limited?: boolean;
    storeError?: Error;
    delivery?: Delivery;
    slot?: number;
    /** How long the database takes, in the fake clock's ms. */
    dbMs?: number;
  } = {},
) {
  let clock = 1_000_000;
  const staff = new Set(options.staff ?? [STAFF]);
  const stored = new Map<string, string[]>();
  const mailed: MailMessage[] = [];
  const sleeps: number[] = [];
  const errors: string[] = [];
  const tasks: Array<() => Promise<unknown>> = [];
  const slots: Array<[number, number]> = [];
  const calls: Array<{ fn: string; email: string; client: string | null }> = [];
  const store: SignInCodeStore = {
    async requestCode(email, mac, client) {
      calls.push({ fn: 'request', email, client });
      if (options.storeError) throw options.storeError;
      if (options.limited) return 'limited';
      clock += options.dbMs ?? 5;
      if (!staff.has(email)) return false;
      stored.set(email, [...(stored.get(email) ?? []), mac]);
      return true;
    },
    async checkCode(email, mac, client) {
      calls.push({ fn: 'check', email, client });
      if (options.storeError) throw options.storeError;
      if (options.limited) return 'limited';
      clock += options.dbMs ?? 5;
      if (!(stored.get(email) ?? []).includes(mac)) return null;
      stored.delete(email);
      return 'console-00000000000000000000000000000001@staff.invalid';
    },
  };
  const handler = (async () =>
    createConsoleSignInHandler({
      store,
      signInToken: async (authEmail) => ({ tokenHash: `hash of ${authEmail}`, type: 'magiclink' }),
      codeMac: await codeMacKey('a test mail link secret of 32 characters'),
      transport: {
        deliver: async (message) => {
          mailed.push(message);
          return options.delivery ?? { status: 'sent', id: 're_1' };
        },
      },
      takeSendSlot: async (intervalMs, maxWaitMs) => {
        slots.push([intervalMs, maxWaitMs]);
        return options.slot ?? 0;
      },
      sendsPerSecond: 2,
      afterAnswer: (task) => void tasks.push(task),
      siteOrigins: new Set([SITE]),
      siteUrl: SITE,
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
      },
      randomCode: () => CODE,
      logError: (message, error) => errors.push(`${message}: ${String(error)}`),
    }))();
  const call = async (body: unknown, headers: Record<string, string> = {}) => {
    const started = clock;
    const response = await (
      await handler
    )(
      new Request('http://functions.local/console-sign-in', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'cf-connecting-ip': '203.0.113.7',
          ...headers,
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
    return { status: response.status, body: await response.json(), ms: clock - started };
  };
  const runAfterAnswer = async () => {
    for (const task of tasks.splice(0)) await task();
  };
  return { call, runAfterAnswer, mailed, sleeps, errors, stored, slots, calls };
}

describe('asking for a code', () => {
  it('answers every address the same, in the same time; only a staff address is stored and mailed', async () => {
    const { call, runAfterAnswer, mailed, stored, calls } = setUp();
    const staff = await call({ email: ` ${STAFF.toUpperCase()} ` });
    const stranger = await call({ email: 'stranger@example.com' });
    expect(staff).toEqual({
      status: 200,
      body: { success: true },
      ms: CONSOLE_SIGN_IN.answerFloorMs,
    });
    expect(stranger).toEqual(staff);
    expect(calls).toEqual([
      { fn: 'request', email: STAFF, client: '203.0.113.7' },
      { fn: 'request', email: 'stranger@example.com', client: '203.0.113.7' },
    ]);
    // Only the code's HMAC is stored, never the code.
    expect(stored.get(STAFF)).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
    expect(JSON.stringify([...stored])).not.toContain(CODE);

    expect(mailed).toEqual([]);
    await runAfterAnswer();
    expect(mailed).toHaveLength(1);
    const [mail] = mailed;
    expect(mail).toMatchObject({
      from: 'Agentora <hello@agentora.ai>',
      to: STAFF,
      subject: 'Your Agentora console sign-in code',
      idempotencyKey: expect.stringMatching(/^console-sign-in\/[0-9a-f-]{36}$/),
    });
    expect(mail.headers).toBeUndefined();
    expect(mail.text).toContain(`Enter this code to sign in to the Agentora console:\n\n${CODE}\n`);
    expect(mail.text).toContain('The code works once, for 10 minutes.');
    expect(mail.text).toContain(
      "If you didn't ask to sign in to the Agentora console, ignore this email.",
    );
    expect(mail.html).toContain(`<strong style="color:#ffffff">${CODE}</strong>`);
    expect(SIGN_IN_CODE_EXPIRY_SECONDS).toBe(CONSOLE_SIGN_IN.codeLifetimeSeconds);
  });

  it('takes longer than the floor only when the database does, for every address alike', async () => {
    const slow = setUp({ dbMs: 900 });
    const staff = await slow.call({ email: STAFF });
    const stranger = await slow.call({ email: 'stranger@example.com' });
    expect([staff.ms, stranger.ms]).toEqual([900, 900]);
  });

  it('waits for the provider pace after the answer, and logs a failed mail without code or address', async () => {
    const { call, runAfterAnswer, slots, errors } = setUp({
      slot: 250,
      delivery: { status: 'refused', reason: `HTTP 422: Invalid \`to\` field: ${STAFF} (${CODE})` },
    });
    expect((await call({ email: STAFF })).status).toBe(200);
    await runAfterAnswer();
    expect(slots).toEqual([[525, 30_000]]);
    expect(errors).toEqual([
      'console-sign-in: the code was not mailed (refused): HTTP 422: Invalid `to` field: <the address> (<the code>)',
    ]);
  });

  it('does not mail when no send slot comes in time', async () => {
    const { call, runAfterAnswer, mailed, errors } = setUp({ slot: -1 });
    await call({ email: STAFF });
    await runAfterAnswer();
    expect(mailed).toEqual([]);
    expect(errors).toHaveLength(1);
  });

  it("answers 429 over the client address's limit, whatever the address", async () => {
    const { call } = setUp({ limited: true });
    for (const email of [STAFF, 'stranger@example.com']) {
      expect(await call({ email })).toMatchObject({
        status: 429,
        body: { success: false, error: expect.stringContaining('Too many requests') },
      });
    }
  });

  it('refuses what is not an address, another site, other methods and bodies', async () => {
    const { call, calls } = setUp();
    for (const email of ['not an address', 'a@b', '', 42, null]) {
      expect(await call({ email })).toMatchObject({
        status: 400,
        body: { success: false, error: 'email_not_valid' },
      });
    }
    expect((await call({ email: STAFF }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('not json')).status).toBe(400);
    expect((await call({ email: 'x'.repeat(2000) + '@example.com' })).status).toBe(413);
    expect(calls).toEqual([]);
  });

  it('answers 500 when the database fails, logging neither code nor address', async () => {
    const { call, errors } = setUp({ storeError: new Error('db down') });
    expect((await call({ email: STAFF })).status).toBe(500);
    expect(errors.join('\n')).not.toMatch(new RegExp(`${CODE}|ada@`));
  });
});

describe('entering a code', () => {
  it('answers a right code with a token hash of the Auth address, once', async () => {
    const { call } = setUp();
    await call({ email: STAFF });
    const right = await call({ email: STAFF, code: CODE });
    expect(right).toMatchObject({
      status: 200,
      body: {
        success: true,
        token_hash: 'hash of console-00000000000000000000000000000001@staff.invalid',
        type: 'magiclink',
      },
    });
    expect(await call({ email: STAFF, code: CODE })).toMatchObject({
      status: CODE_NOT_VALID.status,
      body: CODE_NOT_VALID.body,
    });
  });

  it('refuses a wrong code, a code of another address and any code of a stranger alike, in the same time', async () => {
    const { call } = setUp({ staff: [STAFF, 'grace@agentora.ai'] });
    await call({ email: STAFF });
    const answers = [
      await call({ email: STAFF, code: '9999999999' }),
      await call({ email: 'grace@agentora.ai', code: CODE }),
      await call({ email: 'stranger@example.com', code: CODE }),
    ];
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 403,
        body: CODE_NOT_VALID.body,
        ms: CONSOLE_SIGN_IN.answerFloorMs,
      });
    }
  });

  it('refuses a code of another shape without asking the database', async () => {
    const { call, calls } = setUp();
    for (const code of ['12345', '01234567890', 'abcdefghij', 1234567890]) {
      expect((await call({ email: STAFF, code })).status).toBe(403);
    }
    expect(calls).toEqual([]);
  });

  it("answers 429 over the client address's limit on checks", async () => {
    const { call } = setUp({ limited: true });
    expect((await call({ email: STAFF, code: CODE })).status).toBe(429);
  });
});

describe('the codes', () => {
  it('are ten digits, each of the ten as likely', () => {
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 2000; i += 1) {
      const code = randomSignInCode();
      expect(code).toMatch(/^[0-9]{10}$/);
      for (const digit of code) counts[Number(digit)] += 1;
    }
    // 20,000 digits: each near 2,000.
    for (const count of counts) expect(count).toBeGreaterThan(1700);
  });

  it('are stored as an HMAC of the address and the code under a key of their own', async () => {
    const mac = await codeMacKey('a test mail link secret of 32 characters');
    const other = await codeMacKey('another mail link secret, 32 chars');
    expect(await mac(STAFF, CODE)).toMatch(/^[0-9a-f]{64}$/);
    expect(await mac(STAFF, CODE)).toBe(await mac(STAFF, CODE));
    expect(await mac(STAFF, CODE)).not.toBe(await mac('grace@agentora.ai', CODE));
    expect(await mac(STAFF, CODE)).not.toBe(await other(STAFF, CODE));
  });
});
