import {
  apiHeaders,
  fetchFromAddress,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '@agentora/local-supabase/testing';
import { CONSOLE_SIGN_IN } from '../functions/_shared/rules/console-sign-in.ts';
import { addStaff } from './test-support/console.ts';
import {
  askForConsoleCode,
  enterConsoleCode,
  newestCode,
  signInMails,
  type Answer,
} from './test-support/console-sign-in.ts';

// The console's sign-in as a stranger can reach it, with the production limits (issue 37, holes 10 and
// 11): what the answers say about who is staff, and what junk code requests cost staff. The design and
// what it leaves are in docs/security.md, "The console".
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimits: 'production' });
});
afterAll(() => t.stop());

/** Supabase Auth's own code endpoint, as anyone may call it with the publishable key. */
async function authOtp(email: string, createUser: boolean, from: typeof fetch): Promise<Answer> {
  const response = await from(`${t.server.url}/auth/v1/otp`, {
    method: 'POST',
    headers: apiHeaders(t.server.publishableKey, { 'X-Supabase-Api-Version': '2024-01-01' }),
    body: JSON.stringify({ email, create_user: createUser }),
  });
  const body = (await response.json()) as { code?: string };
  return { status: response.status, code: response.ok ? '' : String(body.code) };
}

/** Signs a staff member in through the console from `from`, with the newest code of their inbox. */
async function signInAsStaff(email: string, from: typeof fetch) {
  const code = await newestCode(t, email);
  if (code === undefined) throw new Error(`no sign-in code reached ${email}`);
  const entered = await enterConsoleCode(t, email, code, from);
  if (!('session' in entered)) throw new Error(`the code was refused: ${JSON.stringify(entered)}`);
  return entered;
}

describe('who is staff', () => {
  it('cannot be told from the answers of any sign-in path a stranger can call', async () => {
    const from = fetchFromAddress('127.0.2.1');
    // Someone on the staff list who has used the console, someone who is not and asked for a code
    // anyway, and an address nobody has typed yet.
    const staff = uniqueEmail('staff');
    await addStaff(t, staff);
    expect(await askForConsoleCode(t, staff, from)).toEqual({ status: 200, code: '' });
    await signInAsStaff(staff, from);
    const outsider = uniqueEmail('outsider');
    await askForConsoleCode(t, outsider, from);
    const stranger = uniqueEmail('stranger');

    const probe = async (email: string) => ({
      authWithoutSignUp: await authOtp(email, false, from),
      authWithSignUp: await authOtp(email, true, from),
      console: await askForConsoleCode(t, email, from),
      wrongCode: await enterConsoleCode(t, email, '0123456789', from),
    });
    const answers = {
      staff: await probe(staff),
      outsider: await probe(outsider),
      stranger: await probe(stranger),
    };
    expect(answers.staff).toEqual(answers.stranger);
    expect(answers.outsider).toEqual(answers.stranger);
  });
});

describe('a burst of junk code requests', () => {
  it('leaves a staff member able to get a code and sign in', async () => {
    const staff = uniqueEmail('on-call');
    await addStaff(t, staff);
    const attackers = ['127.0.3.1', '127.0.3.2', '127.0.3.3', '127.0.3.4'].map(fetchFromAddress);

    // 22 made-up addresses from 4 client addresses at once, through the console and through Auth
    // directly, and 8 requests for the staff member's own address.
    const junk = Array.from({ length: 22 }, (_, i) => ({
      email: uniqueEmail(`junk${i}`),
      from: attackers[i % attackers.length],
    }));
    await Promise.all(
      junk.flatMap(({ email, from }) => [
        askForConsoleCode(t, email, from),
        authOtp(email, true, from),
      ]),
    );
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => askForConsoleCode(t, staff, attackers[i % 4])),
    );

    const own = fetchFromAddress('127.0.3.9');
    expect(await askForConsoleCode(t, staff, own)).toEqual({ status: 200, code: '' });
    const { client } = await signInAsStaff(staff, own);
    const { data, error } = await client.rpc('console_whoami');
    expect(error).toBeNull();
    expect(data).toEqual({ email: staff, staff: true });

    // None of the made-up addresses was mailed, and the staff member's inbox got the burst of codes the
    // attackers' requests made, no more: their own request made none (the pace refused it), and the
    // newest of those signed them in.
    for (const { email } of junk) expect(await signInMails(t, email)).toEqual([]);
    const deadline = Date.now() + 5_000;
    while (
      (await signInMails(t, staff)).length < CONSOLE_SIGN_IN.mailBurst &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await signInMails(t, staff)).toHaveLength(CONSOLE_SIGN_IN.mailBurst);
  });
});
