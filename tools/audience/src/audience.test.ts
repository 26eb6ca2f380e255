import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startLocalSupabase, type LocalSupabase } from '@agentora/local-supabase';
import {
  localResendAudience,
  sendQueuedMail,
  syncAudienceNow,
} from '@agentora/local-supabase/testing';
import { pendingLine, statusText } from './audience-calls.ts';

// `npm run audience` against the real local server (its Resend at /resend, the sync on Deno): the
// backfill queues the members stored before the sync existed, once; status shows each list; requeue
// tries the failures again; a wrong command line is refused before anything is read.
const run = promisify(execFile);
let server: LocalSupabase;
let service: SupabaseClient;

beforeAll(async () => {
  server = await startLocalSupabase({
    port: 0,
    dataDir: await mkdtemp(path.join(tmpdir(), 'audience-test-')),
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

const main = path.join(import.meta.dirname, 'main.ts');
const command = (args: string[]) =>
  run(process.execPath, ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', main, ...args], {
    env: {
      ...process.env,
      SUPABASE_URL: server.url,
      SUPABASE_SECRET_KEY: '',
      SUPABASE_SERVICE_ROLE_KEY: '',
    },
  });

/** Confirmed newsletter members stored before the sync existed: their rows queued nothing. */
async function membersBefore(emails: string[]) {
  for (const email of emails) {
    const { error } = await service
      .from('newsletter_subscriptions')
      .insert({ email, confirmed_at: new Date().toISOString() });
    if (error) throw new Error(error.message);
  }
  await service.from('audience_contacts').delete().neq('address_sha256', '');
  await service.from('mail_queue').delete().neq('kind', '');
}

it('backfill queues the members Resend lacks, once; the sync makes them; status shows it', async () => {
  const emails = ['early.one@example.com', 'early.two@example.com', "o'bad@example.com"];
  await membersBefore(emails);
  expect((await command(['backfill', '--list', 'newsletter'])).stdout).toBe(
    'Queued 3 address(es) for Resend (newsletter).\n',
  );
  expect((await command(['backfill'])).stdout).toBe(
    'Nothing to queue: every confirmed member is in Resend or already waiting.\n',
  );
  await sendQueuedMail(server);
  await syncAudienceNow(server);
  const segment = (await localResendAudience(server)).segments.find(
    (item) => item.name === 'Agentora newsletter',
  );
  expect(segment?.emails.sort()).toEqual(['early.one@example.com', 'early.two@example.com']);
  const { stdout } = await command(['status']);
  expect(stdout).toMatch(/^newsletter\s+\S+\s+2\s+0\s+1$/m);
  expect(stdout).toContain('0 waiting (0 due), 1 failed');
  expect(stdout).toMatch(/newsletter {2}Resend answered HTTP 422: Invalid `email` field\./);
  expect((await command(['requeue'])).stdout).toBe('Queued 1 failed change(s) again.\n');
  // Run again, it queues nothing more: the failure is waiting already.
  expect((await command(['backfill'])).stdout).toMatch(/^Nothing to queue/);
});

it('refuses a wrong command line before reading anything', async () => {
  for (const args of [
    [],
    ['backfill', 'extra'],
    ['status', '--wait'],
    ['backfill', '--list', 'career'],
  ]) {
    await expect(command(args)).rejects.toMatchObject({ code: 2 });
  }
});

it('says what waits in words', () => {
  expect(pendingLine({ queued: 3, due: 2, sending: 1, dead: 0, scanning: true })).toBe(
    '4 waiting (2 due), 0 failed, looking at what Resend already holds',
  );
  expect(
    statusText(
      [{ list: 'newsletter', segment_id: null, contacts: 0, waiting: 1, failed: 0 }],
      { queued: 1, due: 1, sending: 0, dead: 0, scanning: false },
      [],
    ),
  ).toContain('newsletter    (not found or made yet)                      0        1       0');
});
