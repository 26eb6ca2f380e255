import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalSupabase } from '@agentora/local-supabase';
import {
  DEFAULT_MIGRATIONS_DIR,
  freshPostgresDatabase,
  raiseRateLimits,
} from '@agentora/local-supabase/testing';
import { CONFIRM_LINK, mailsTo, signUp, tokenIn, callFunction } from './test-support/consent.ts';
import { openTestDatabase, type TestDatabase } from '@agentora/local-supabase/testing';
import { clientFor, uniqueEmail, type TestServer } from '@agentora/local-supabase/testing';

// public.apply_retention and public.expire_applications (supabase/schemas/privacy.sql) with a clock the
// test controls, and the local server's timer that runs the first as pg_cron does on hosted Supabase.
const DAY = 86_400_000;
const at = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

describe('apply_retention', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.close());

  async function signup(table: string, createdDaysAgo: number, confirmed = false): Promise<string> {
    const email = uniqueEmail(table.split('_')[0]);
    const extra = table === 'waitlist_signups' ? ', first_name, last_name, company' : '';
    const values = table === 'waitlist_signups' ? ", 'A', 'B', 'C'" : '';
    await db.asSuperuser(
      `insert into public.${table} (email, created_at, confirmed_at${extra})
       values ($1, $2, $3${values})`,
      [email, at(-createdDaysAgo), confirmed ? at(-createdDaysAgo) : null],
    );
    return email;
  }
  const exists = async (table: string, email: string) =>
    (await db.asSuperuser(`select 1 from public.${table} where email = $1`, [email])).rows
      .length === 1;

  it('gives rows stored before confirmation existed their 30 days from the migration', async () => {
    const legacy = await signup('early_access_signups', 400);
    await db.asSuperuser('select public.apply_retention(now())');
    expect(await exists('early_access_signups', legacy)).toBe(true);
    await db.asSuperuser('select public.apply_retention($1)', [at(31)]);
    expect(await exists('early_access_signups', legacy)).toBe(false);
  });

  it('deletes unconfirmed sign-ups older than 30 days, keeps younger and confirmed ones, and expired tokens go', async () => {
    await db.asSuperuser(
      `update public.retention_settings set confirmation_required_since = now() - interval '1 year'`,
    );
    const rows: Array<[string, string, boolean]> = [];
    for (const table of ['early_access_signups', 'newsletter_subscriptions', 'waitlist_signups']) {
      rows.push([table, await signup(table, 31), false]);
      rows.push([table, await signup(table, 29), true]);
      rows.push([table, await signup(table, 400, true), true]);
    }
    await db.asSuperuser(
      `insert into public.email_tokens (token_hash, purpose, mailbox_sha256, expires_at) values
         (repeat('a', 64), 'erase', repeat('b', 64), now() - interval '1 second'),
         (repeat('c', 64), 'copy', repeat('b', 64), now() + interval '1 hour')`,
    );
    const { rows: result } = await db.asSuperuser('select public.apply_retention(now()) as result');
    expect(result[0].result).toEqual({
      unconfirmed: { early_access: 1, newsletter: 1, waitlist: 1 },
      expired_tokens: 1,
      settled_mail: 0,
    });
    for (const [table, email, kept] of rows) expect(await exists(table, email)).toBe(kept);
    const { rows: tokens } = await db.asSuperuser('select purpose from public.email_tokens');
    expect(tokens).toEqual([{ purpose: 'copy' }]);
  });

  it('keeps sent mail 7 days and dead letters 30, and never touches mail still to send', async () => {
    await db.asSuperuser('delete from public.mail_queue');
    const message = async (status: string, daysAgo: number) => {
      const id = crypto.randomUUID();
      await db.asSuperuser(
        `insert into public.mail_queue
           (id, kind, action, recipient, status, created_at, sent_at, dead_at)
         values ($1, 'privacy_link', 'copy', case when $2 = 'sent' then null else 'a@example.com' end,
                 $2, $3, case when $2 = 'sent' then $3::timestamptz end,
                 case when $2 = 'dead' then $3::timestamptz end)`,
        [id, status, at(-daysAgo)],
      );
      return id;
    };
    const kept = [
      await message('sent', 6),
      await message('dead', 29),
      await message('queued', 400),
    ];
    await message('sent', 8);
    await message('dead', 31);
    const { rows: result } = await db.asSuperuser('select public.apply_retention(now()) as result');
    expect(result[0].result).toMatchObject({ settled_mail: 2 });
    const { rows } = await db.asSuperuser('select id from public.mail_queue');
    expect(rows.map((row) => row.id).sort()).toEqual(kept.sort());
  });

  it('is for the service role and the scheduler only', async () => {
    await expect(db.as('anon', 'select public.apply_retention(now())')).rejects.toMatchObject({
      code: '42501',
    });
    await expect(
      db.as('service_role', 'select public.apply_retention(now())'),
    ).resolves.toBeDefined();
    await expect(
      db.as('service_role', 'select public.apply_retention(null)'),
    ).rejects.toMatchObject({
      code: '22004',
    });
  });
});

describe('expire_applications', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.close());

  it('deletes applications after 12 months and queues their résumés for removal', async () => {
    const insert = (email: string, createdAt: string, resume: string | null) =>
      db.asSuperuser(
        `insert into public.general_applications
           (first_name, last_name, email, why_join, created_at, resume_path, resume_filename)
         values ('A', 'B', $1, 'Why', $2, $3, $4)`,
        [email, createdAt, resume, resume && 'cv.pdf'],
      );
    const old = `resumes/1700000000000-${'a'.repeat(32)}.pdf`;
    await insert(uniqueEmail('old'), at(-366), old);
    await insert(uniqueEmail('young'), at(-300), `resumes/1700000000001-${'b'.repeat(32)}.pdf`);
    const { rows } = await db.asSuperuser('select public.expire_applications(now()) as result');
    expect(rows[0].result).toEqual({ applications: 1, resume_paths: [old] });
    expect((await db.asSuperuser('select path from public.resume_removals')).rows).toEqual([
      { path: old },
    ]);
    expect(
      (await db.asSuperuser('select count(*)::int as n from public.general_applications')).rows,
    ).toEqual([{ n: 1 }]);
  });
});

describe("the local server's retention timer", () => {
  it('runs apply_retention with the clock it is given', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'local-supabase-retention-'));
    // A fresh migrated database on test-postgres's server (PGlite without one), as startTestServer's.
    const postgres = await freshPostgresDatabase({ migratedBy: DEFAULT_MIGRATIONS_DIR });
    let offsetDays = 0;
    // How many runs started on each clock (a run reads the clock as it starts; runs follow one
    // another, so once a second has started on a clock, one has finished on it).
    const runsOn = new Map<number, number>();
    const runsAfterTwo = async (days: number) => {
      for (let tries = 0; tries < 200 && (runsOn.get(days) ?? 0) < 2; tries += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(runsOn.get(days) ?? 0).toBeGreaterThanOrEqual(2);
    };
    const server = await startLocalSupabase({
      port: 0,
      dataDir,
      inMemory: true,
      databaseUrl: postgres?.url,
      retention: {
        intervalMs: 100,
        now: () => {
          runsOn.set(offsetDays, (runsOn.get(offsetDays) ?? 0) + 1);
          return new Date(Date.now() + offsetDays * DAY);
        },
      },
    });
    try {
      await raiseRateLimits(server.url, server.serviceKey);
      const t = {
        server,
        anon: clientFor(server.url, server.anonKey),
        service: clientFor(server.url, server.serviceKey),
      } as TestServer;
      const unconfirmed = uniqueEmail('silent');
      const confirmed = uniqueEmail('keen');
      await signUp(t, 'newsletter_subscriptions', unconfirmed);
      await signUp(t, 'newsletter_subscriptions', confirmed);
      const [mail] = await mailsTo(t, confirmed);
      const token = tokenIn(mail.text, CONFIRM_LINK);
      expect((await callFunction(t, 'confirm-email', { token })).status).toBe(200);
      // A whole run after the confirmation, on today's clock: both are kept.
      runsOn.clear();
      await runsAfterTwo(0);
      const emails = async () =>
        ((await t.service.from('newsletter_subscriptions').select('email')).data ?? []).map(
          (row) => row.email,
        );
      expect(await emails()).toHaveLength(2);

      offsetDays = 31;
      await runsAfterTwo(31);
      expect(await emails()).toEqual([confirmed]);
    } finally {
      await server.stop();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
