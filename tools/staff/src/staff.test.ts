import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startLocalSupabase, type LocalSupabase } from '@agentora/local-supabase';
import { CONSOLE_SIGN_IN } from '@agentora/backend-rules/console-sign-in';
import { codeInMail, outboxMail, type OutboxMessage } from '@agentora/local-supabase/testing';
import { addStaff, listStaff, removeStaff } from './staff-list.ts';

const run = promisify(execFile);
let server: LocalSupabase;
let service: SupabaseClient;

beforeAll(async () => {
  server = await startLocalSupabase({
    port: 0,
    dataDir: await mkdtemp(path.join(tmpdir(), 'staff-test-')),
    inMemory: true,
  });
  service = createClient(server.url, server.serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
});
afterAll(async () => {
  await server.stop();
  await rm(server.dataDir, { recursive: true, force: true });
});

let seq = 0;
const address = (label: string) => `${label}.${Date.now()}${(seq += 1)}@example.com`;

async function signInMails(email: string): Promise<OutboxMessage[]> {
  const messages = await outboxMail({ url: server.url }, email);
  return messages.filter((message) => /sign-in code/.test(message.subject));
}

const visitor = () =>
  createClient(server.url, server.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });

/** Asks console-sign-in for a code, as the console's first step does: every address gets 200. */
async function askForCode(client: SupabaseClient, email: string): Promise<void> {
  const asked = await client.functions.invoke(CONSOLE_SIGN_IN.functionName, { body: { email } });
  if (asked.error) throw asked.error;
}

/**
 * The code of the first sign-in mail to the address that is not one of `seen`, once it has come. The
 * code is mailed after the answer; on a busy machine that can take seconds, so it is waited for. No
 * conclusion is drawn from how long it took: that no code came is decided by mailsACode, on an event.
 */
async function codeMailedTo(email: string, seen: Set<string>): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = (await signInMails(email)).find((message) => !seen.has(message.id));
    const code = mail && codeInMail(mail);
    if (code !== undefined) return code;
    if (Date.now() > deadline) throw new Error(`no sign-in code was mailed to ${email} in 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Whether asking for a code mails the address one, decided once the code asked for right after it, for
 * a staff address (the marker), has come. A code's mail asks for its send slot
 * (public.take_mail_send_slot) before console-sign-in answers; the marker's asks for its own only after
 * that answer, and the slots are handed out one send interval apart in the order asked: a code for the
 * address would have been mailed before the marker's.
 */
async function mailsACode(email: string): Promise<boolean> {
  const marker = address('marker');
  await addStaff(service, marker);
  const client = visitor();
  const seen = new Set((await signInMails(email)).map((message) => message.id));
  await askForCode(client, email);
  await askForCode(client, marker);
  await codeMailedTo(marker, new Set());
  return (await signInMails(email)).some((message) => !seen.has(message.id));
}

/**
 * Signs the address in to the console as a person does: asks console-sign-in for a code, reads it from
 * the mail, enters it, and hands Auth the token hash it answers. An address is mailed a few codes at
 * once: each test signs it in once.
 */
async function signIn(email: string): Promise<SupabaseClient> {
  const client = visitor();
  const seen = new Set((await signInMails(email)).map((message) => message.id));
  await askForCode(client, email);
  const code = await codeMailedTo(email, seen);
  const entered = await client.functions.invoke(CONSOLE_SIGN_IN.functionName, {
    body: { email, code },
  });
  if (entered.error) throw entered.error;
  const { token_hash: tokenHash, type } = entered.data as { token_hash: string; type: 'magiclink' };
  const { error } = await client.auth.verifyOtp({ token_hash: tokenHash, type });
  if (error) throw error;
  return client;
}

/** What the console asks first: whether the session is staff. */
async function isStaff(session: SupabaseClient): Promise<boolean> {
  const { data, error } = await session.rpc('console_whoami');
  if (error) throw new Error(error.message);
  return (data as { staff: boolean }).staff;
}

describe('the staff list', () => {
  it('adds an address in lower case, once, and the console then signs it in as staff', async () => {
    const email = address('Ada');
    // Not staff yet: the console mails it no code.
    expect(await mailsACode(email)).toBe(false);
    expect(await addStaff(service, `  ${email.toUpperCase()} `, 'ops@example.com')).toEqual({
      email: email.toLowerCase(),
      added: true,
    });
    expect(await addStaff(service, email)).toEqual({ email: email.toLowerCase(), added: false });
    const session = await signIn(email.toLowerCase());
    expect(await isStaff(session)).toBe(true);
    expect(await listStaff(service)).toContainEqual({
      email: email.toLowerCase(),
      added_at: expect.any(String),
      added_by: 'ops@example.com',
    });
  });

  it('removes an address, after which its sessions are not staff', async () => {
    const email = address('grace');
    await addStaff(service, email);
    const session = await signIn(email);
    expect(await isStaff(session)).toBe(true);
    expect(await removeStaff(service, email.toUpperCase())).toEqual({ email, removed: true });
    expect(await removeStaff(service, email)).toEqual({ email, removed: false });
    expect(await isStaff(session)).toBe(false);
  });

  it('lists by address', async () => {
    for (const label of ['zed', 'amy']) await addStaff(service, address(label));
    const emails = (await listStaff(service)).map((member) => member.email);
    expect(emails).toEqual([...emails].sort());
  });

  it('refuses what is not a plain address, and says why a key cannot do it', async () => {
    for (const bad of ['ada', 'Ada <ada@example.com>', 'ada@example', '']) {
      await expect(addStaff(service, bad)).rejects.toThrow('is not a plain email address');
    }
    await expect(addStaff(service, address('x'), '')).rejects.toThrow('--by takes');
    await expect(listStaff(visitor())).rejects.toThrow(
      'Reading the staff list failed: the key is not a secret (service role) key.',
    );
  });
});

describe('npm run staff', () => {
  const main = path.join(import.meta.dirname, 'main.ts');
  const command = (args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', main, ...args], {
      env: {
        ...process.env,
        SUPABASE_URL: server.url,
        SUPABASE_SECRET_KEY: '',
        SUPABASE_SERVICE_ROLE_KEY: '',
        ...env,
      },
    });

  it('adds, lists and removes with the local demo key for a loopback URL', async () => {
    const email = address('cli');
    const added = await command(['add', email, '--by', 'ops@example.com']);
    expect(added.stdout).toBe(
      `Added ${email}: they can sign in to the console with a code mailed to that address.\n`,
    );
    expect((await command(['add', email])).stdout).toBe(
      `${email} is staff already; nothing changed.\n`,
    );
    const { stdout } = await command(['list']);
    expect(stdout).toMatch(
      new RegExp(`^${email.replace(/\./g, '\\.')}\\t\\d{4}-.+\\tops@example\\.com$`, 'm'),
    );
    expect((await command(['remove', email])).stdout).toBe(
      `Removed ${email}: a session they hold sees nothing from its next request on.\n`,
    );
    await expect(command(['remove', email])).rejects.toMatchObject({
      code: 1,
      stderr: `staff: ${email} is not staff; nothing changed.\n`,
    });
  });

  it('refuses a wrong command line with one line and exit 2, or says what is wrong with the address (exit 1)', async () => {
    for (const args of [
      [],
      ['add'],
      ['list', 'x@example.com'],
      ['remove', 'a@example.com', 'b'],
      ['grant', 'a@example.com'],
      ['list', '--by', 'me'],
      ['add', 'a@example.com', '--as', 'me'],
    ]) {
      await expect(command(args)).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringMatching(/^npm run staff: .+ \(npm run staff -- --help\)\n$/),
      });
    }
    await expect(command(['add', 'Ada <ada@example.com>'])).rejects.toMatchObject({
      code: 1,
      stderr:
        'staff: "Ada <ada@example.com>" is not a plain email address (local@domain, without a name or brackets).\n',
    });
  });

  it('asks for a secret key for any other host, and says when a key or the server is wrong', async () => {
    await expect(
      command(['list'], { SUPABASE_URL: 'https://example.supabase.co' }),
    ).rejects.toMatchObject({
      code: 1,
      stderr:
        'staff: set SUPABASE_SECRET_KEY (a secret key of the project) for https://example.supabase.co\n',
    });
    await expect(
      command(['list'], { SUPABASE_SECRET_KEY: 'sb_secret_wrong' }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: 'staff: Reading the staff list failed: Invalid API key.\n',
    });
    await expect(command(['list'], { SUPABASE_URL: 'not a url' })).rejects.toMatchObject({
      code: 1,
      stderr: 'staff: SUPABASE_URL is not a URL: "not a url"\n',
    });
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    await expect(
      command(['add', address('offline')], { SUPABASE_URL: `http://127.0.0.1:${closed}` }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /^staff: Adding offline\..* failed: the API could not be reached\.\n$/,
      ),
    });
  });
});
