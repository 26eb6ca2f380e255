import { openTestDatabase, uniqueEmail, type TestDatabase } from '@agentora/local-supabase/testing';
import { LINE_LISTS, type LineList } from '../functions/_shared/rules/places.ts';
import {
  LINE_TABLES,
  confirmToken,
  newToken,
  signUp as signUpQueueing,
  stored,
} from './test-support/growth.ts';

// Confirmation and the place mail in SQL (supabase/schemas/consent.sql, places.sql, mail-kinds.sql):
// confirm_token_email_domain, confirm_signup's place and its 'place' message, take_queued_mail for it,
// keep_place_tokens, place_for_token, and what unsubscribing and copying do with them. The worker's side
// (tokens derived from the message id, the rendered mail) is in unit/place-mail.test.ts and
// growth-functions.test.ts.
let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());
beforeEach(() => db.asSuperuser('delete from public.mail_queue'));

/**
 * A sign-up as test-support/growth.ts makes it, without the thank-you mail its insert queues
 * (supabase/schemas/mail-kinds.sql; mail-with-the-row.test.ts): these tests are about the place mail.
 */
async function signUp(...args: Parameters<typeof signUpQueueing>) {
  const row = await signUpQueueing(...args);
  await db.asSuperuser(`delete from public.mail_queue where kind = 'thank_you'`);
  return row;
}

const ID_COLUMN = { early_access: 'early_access_id', waitlist: 'waitlist_id' } as const;

const service = async (sql: string, values: unknown[] = []) =>
  (await db.as('service_role', `select ${sql} as r`, values)).rows[0].r;

const confirm = (hash: string, disposable?: boolean) =>
  disposable === undefined
    ? service('public.confirm_signup(p_token_hash => $1)', [hash])
    : service('public.confirm_signup($1, $2)', [hash, disposable]);

async function placeMessages(list: LineList, id: unknown) {
  const { rows } = await db.asSuperuser(
    `select kind, list, status from public.mail_queue where ${ID_COLUMN[list]} = $1`,
    [id],
  );
  return rows;
}

/** A confirmed sign-up of the line with its queued place mail, leased: the take. */
async function leasedPlaceMail(list: LineList, fields: Record<string, unknown> = {}) {
  const row = await signUp(db, LINE_TABLES[list], fields);
  await confirm(await confirmToken(db, list, row.id));
  const take = (await service('public.take_queued_mail(60)')) as Record<string, unknown>;
  expect(take).toMatchObject({ kind: 'place', list });
  return { row, take };
}

describe('confirm_token_email_domain', () => {
  it('names the lower-case domain of a live confirm token’s sign-up, and uses nothing up', async () => {
    for (const [list, table] of [
      ['early_access', 'early_access_signups'],
      ['newsletter', 'newsletter_subscriptions'],
      ['waitlist', 'waitlist_signups'],
    ] as const) {
      const row = await signUp(db, table, { email: `Ada.${Date.now()}@Mail.Mailinator.COM` });
      const hash = await confirmToken(db, list, row.id);
      expect(await service('public.confirm_token_email_domain($1)', [hash])).toBe(
        'mail.mailinator.com',
      );
      expect(await service('public.confirm_token_email_domain($1)', [hash])).toBe(
        'mail.mailinator.com',
      );
      await confirm(hash);
      expect(await service('public.confirm_token_email_domain($1)', [hash])).toBeNull();
    }
  });

  it('is null for an expired, unknown or other token', async () => {
    const row = await signUp(db, 'waitlist_signups');
    const hash = await confirmToken(db, 'waitlist', row.id);
    await db.asSuperuser(
      `update public.email_tokens set expires_at = now() - interval '1 second' where token_hash = $1`,
      [hash],
    );
    const unsubscribe = newToken();
    await db.asSuperuser(
      `insert into public.email_tokens (token_hash, purpose, waitlist_id) values ($1, 'unsubscribe', $2)`,
      [unsubscribe.hash, row.id],
    );
    for (const token of [hash, unsubscribe.hash, newToken().hash]) {
      expect(await service('public.confirm_token_email_domain($1)', [token])).toBeNull();
    }
  });
});

describe.each(LINE_LISTS)('confirming a sign-up of the %s line', (list) => {
  const table = LINE_TABLES[list];

  it('answers its list and place, and queues one place mail, however many confirm links are used', async () => {
    const row = await signUp(db, table);
    const [first, second] = [
      await confirmToken(db, list, row.id),
      await confirmToken(db, list, row.id),
    ];
    const answer = (await confirm(first)) as { place: { position: number } };
    expect(answer).toEqual({
      list,
      place: { position: expect.any(Number), referral_code: row.referral_code },
    });
    expect(answer.place.position).toBeGreaterThan(0);
    expect(await placeMessages(list, row.id)).toEqual([{ kind: 'place', list, status: 'queued' }]);
    // The second link confirms nothing new and queues nothing; a used link is nothing.
    expect(await confirm(second)).toEqual(answer);
    expect(await confirm(first)).toBeNull();
    expect(await placeMessages(list, row.id)).toHaveLength(1);
    expect((await stored(db, table, row.email as string)).confirmed_at).not.toBeNull();
  });

  it('holds a referral from a disposable mailbox, and nothing else', async () => {
    const referrer = await signUp(db, table);
    const referred = await signUp(db, table, { referred_by: referrer.referral_code });
    const plain = await signUp(db, table);
    await confirm(await confirmToken(db, list, referred.id), true);
    await confirm(await confirmToken(db, list, plain.id), true);
    expect((await stored(db, table, referred.email as string)).referral_hold).toBe('disposable');
    expect((await stored(db, table, plain.email as string)).referral_hold).toBeNull();
  });

  it('keeps a hold that is already there', async () => {
    const stamp = Date.now().toString(36);
    const referrer = await signUp(db, table, { email: `ada.${stamp}@gmail.com` });
    const self = await signUp(db, table, {
      email: `ada${stamp}@gmail.com`,
      referred_by: referrer.referral_code,
    });
    expect(self.referral_hold).toBe('self');
    await confirm(await confirmToken(db, list, self.id), true);
    expect((await stored(db, table, self.email as string)).referral_hold).toBe('self');
  });
});

describe('confirming a newsletter sign-up', () => {
  it('answers no place and queues no place mail', async () => {
    const row = await signUp(db, 'newsletter_subscriptions');
    expect(await confirm(await confirmToken(db, 'newsletter', row.id), true)).toEqual({
      list: 'newsletter',
      place: null,
    });
    const { rows } = await db.asSuperuser('select * from public.mail_queue');
    expect(rows).toEqual([]);
  });
});

describe.each(LINE_LISTS)('the place mail of the %s line', (list) => {
  const table = LINE_TABLES[list];

  it('is taken with the place as it is now and the referral code, and nothing the member typed', async () => {
    const { row, take } = await leasedPlaceMail(
      list,
      list === 'waitlist' ? { first_name: 'URGENT: verify at agentora-login.example/v' } : {},
    );
    const now = (await service('public.signup_place($1, $2)', [list, row.id])) as Record<
      string,
      unknown
    >;
    expect(take).toEqual({
      id: expect.any(String),
      lease: expect.any(String),
      kind: 'place',
      list,
      action: null,
      to: row.email,
      attempts: 1,
      position: now.position,
      referral_code: row.referral_code,
      // Kept in the answer for workers released before migration 20251203000100, always null.
      first_name: null,
      // The batch it was taken in (public.take_mail_batch, supabase/schemas/mail-queue.sql): here, alone.
      batch: expect.any(String),
    });
  });

  it('goes to nobody once its sign-up is no longer a confirmed member, and goes with its row', async () => {
    const { row, take } = await leasedPlaceMail(list);
    await db.asSuperuser(`update public.${table} set confirmed_at = null where id = $1`, [row.id]);
    await db.asSuperuser(
      `update public.mail_queue set status = 'queued', lease = null, leased_until = null where id = $1`,
      [take.id],
    );
    expect(await service('public.take_queued_mail(60)')).toMatchObject({
      id: take.id,
      kind: 'place',
      to: null,
      position: null,
      referral_code: null,
      first_name: null,
    });
    await db.asSuperuser(`delete from public.${table} where id = $1`, [row.id]);
    expect((await db.asSuperuser('select * from public.mail_queue')).rows).toEqual([]);
  });

  it('keeps its two link tokens under its lease, once however often asked; a place link shows the place now', async () => {
    const { row, take } = await leasedPlaceMail(list);
    const [place, unsubscribe] = [newToken(), newToken()];
    const keep = (lease: unknown) =>
      service('public.keep_place_tokens($1, $2, $3, $4)', [
        take.id,
        lease,
        place.hash,
        unsubscribe.hash,
      ]);
    expect(await keep('00000000-0000-4000-8000-000000000000')).toBe(false);
    expect(await keep(take.lease)).toBe(true);
    expect(await keep(take.lease)).toBe(true);
    const { rows } = await db.asSuperuser(
      `select purpose, early_access_id, waitlist_id, expires_at from public.email_tokens
        where token_hash in ($1, $2) order by purpose`,
      [place.hash, unsubscribe.hash],
    );
    const subject = {
      early_access_id: list === 'early_access' ? row.id : null,
      waitlist_id: list === 'waitlist' ? row.id : null,
    };
    expect(rows).toEqual([
      { purpose: 'place', ...subject, expires_at: null },
      { purpose: 'unsubscribe', ...subject, expires_at: null },
    ]);

    const shown = () => service('public.place_for_token($1)', [place.hash]);
    expect(await shown()).toEqual({
      list,
      position: take.position,
      referral_code: row.referral_code,
    });
    // Viewing uses nothing up.
    expect(await shown()).toEqual(await shown());
    for (const other of [unsubscribe.hash, newToken().hash]) {
      expect(await service('public.place_for_token($1)', [other])).toBeNull();
    }
    // Not a confirmed member any more: nothing to show.
    await db.asSuperuser(`update public.${table} set confirmed_at = null where id = $1`, [row.id]);
    expect(await shown()).toBeNull();
    await db.asSuperuser(`update public.${table} set confirmed_at = now() where id = $1`, [row.id]);

    // Its unsubscribe link unsubscribes as any other: the row goes, and its place link with it.
    expect(await service('public.unsubscribe_signup($1)', [unsubscribe.hash])).toEqual({ list });
    expect(await shown()).toBeNull();
    expect(
      (
        await db.asSuperuser('select 1 from public.email_tokens where token_hash = $1', [
          place.hash,
        ])
      ).rows,
    ).toEqual([]);
  });

  it('keeps no tokens for a message that is not a leased place mail', async () => {
    const { take } = await leasedPlaceMail(list);
    await db.asSuperuser(
      `update public.mail_queue set status = 'sent', lease = null, leased_until = null,
                                                       sent_at = now() where id = $1`,
      [take.id],
    );
    expect(
      await service('public.keep_place_tokens($1, $2, $3, $4)', [
        take.id,
        take.lease,
        newToken().hash,
        newToken().hash,
      ]),
    ).toBe(false);
  });
});

describe('the queue and token tables', () => {
  it('take a place mail or token only for a sign-up of a line', async () => {
    const row = await signUp(db, 'newsletter_subscriptions');
    await expect(
      db.asSuperuser(
        `insert into public.mail_queue (id, kind, list, newsletter_id)
         values (gen_random_uuid(), 'place', 'newsletter', $1)`,
        [row.id],
      ),
    ).rejects.toMatchObject({ code: '23514', constraint: 'mail_queue_subject_check' });
    await expect(
      db.asSuperuser(
        `insert into public.email_tokens (token_hash, purpose, newsletter_id) values ($1, 'place', $2)`,
        [newToken().hash, row.id],
      ),
    ).rejects.toMatchObject({ code: '23514', constraint: 'email_tokens_subject_check' });
    await expect(
      db.asSuperuser(
        `insert into public.email_tokens (token_hash, purpose, mailbox_sha256, expires_at)
         values ($1, 'place', repeat('a', 64), now() + interval '1 hour')`,
        [newToken().hash],
      ),
    ).rejects.toMatchObject({ code: '23514', constraint: 'email_tokens_subject_check' });
  });
});

describe('a copy of a mailbox’s records', () => {
  it('shows the source fields and the referral of each sign-up', async () => {
    const referrer = await signUp(db, 'waitlist_signups');
    const email = uniqueEmail('copy');
    await signUp(db, 'waitlist_signups', {
      email,
      referred_by: referrer.referral_code,
      utm_source: 'newsletter',
      landing_path: '/coming-soon',
    });
    const copy = newToken();
    await db.asSuperuser(
      `insert into public.email_tokens (token_hash, purpose, mailbox_sha256, expires_at)
       values ($1, 'copy', private.mailbox_sha256($2), now() + interval '1 hour')`,
      [copy.hash, email],
    );
    const records = (await service('public.copy_mailbox_records($1)', [copy.hash])) as {
      waitlist: Record<string, unknown>[];
    };
    expect(records.waitlist).toEqual([
      expect.objectContaining({
        email,
        utm_source: 'newsletter',
        utm_medium: null,
        landing_path: '/coming-soon',
        referral_code: expect.any(String),
        referred_by: referrer.referral_code,
        referral_hold: null,
      }),
    ]);
  });
});

describe('the functions', () => {
  it('are the service role’s alone', async () => {
    for (const role of ['anon', 'authenticated'] as const) {
      for (const call of [
        `public.confirm_token_email_domain('x')`,
        `public.confirm_signup('x', false)`,
        `public.confirm_signup('x')`,
        `public.keep_place_tokens(gen_random_uuid(), gen_random_uuid(), 'x', 'y')`,
        `public.place_for_token('x')`,
      ]) {
        await expect(db.as(role, `select ${call}`)).rejects.toMatchObject({ code: '42501' });
      }
    }
  });

  it('leave no one-argument confirm_signup behind', async () => {
    const { rows } = await db.asSuperuser(
      `select p.oid::regprocedure::text as f from pg_proc p
        where p.proname = 'confirm_signup' and p.pronamespace = 'public'::regnamespace`,
    );
    expect(rows).toEqual([{ f: 'confirm_signup(text,boolean)' }]);
  });
});
