import { openTestDatabase, uniqueEmail, type TestDatabase } from '@agentora/local-supabase/testing';
import { signUpAnswer } from './test-support/growth.ts';

// The mail queued with its row, in SQL (supabase/schemas/mail-kinds.sql and mail-queue.sql): a sign-up's
// or an application's thank-you mail queued by its insert (one transaction, whatever the function does
// next), the functions' lookup of it (public.queued_thank_you_mail), the worker's token
// hashes (public.keep_mail_tokens), and batches (public.take_mail_batch, public.settle_mail_batch). The
// worker and the provider are in mail-queue.test.ts; the functions on Deno in
// mail-with-the-row-functions.test.ts.
let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());
beforeEach(() => db.asSuperuser('delete from public.mail_queue'));

const service = async (sql: string, values: unknown[] = []) =>
  (await db.as('service_role', `select ${sql} as r`, values)).rows[0].r;

const LISTS = [
  ['early_access', 'early_access_signups', 'early_access_id'],
  ['newsletter', 'newsletter_subscriptions', 'newsletter_id'],
  ['waitlist', 'waitlist_signups', 'waitlist_id'],
] as const;

/** A sign-up stored as the function sign-up stores it (public.sign_up): its row's id. */
async function signUp(table: string, email: string): Promise<string> {
  const waitlist = table === 'waitlist_signups';
  const row = waitlist
    ? { email, first_name: 'A', last_name: 'B', company: 'C', use_case: 'D' }
    : { email };
  expect(await signUpAnswer(db, table, row)).toEqual({ outcome: 'stored', email_sent: true });
  const { rows } = await db.asSuperuser(`select id from public.${table} where email = $1`, [email]);
  return String(rows[0].id);
}

async function apply(email: string): Promise<string> {
  const { rows } = await db.as(
    'service_role',
    `insert into public.general_applications (first_name, last_name, email, why_join, status)
     values ('Ada', 'Lovelace', $1, 'To build.', 'pending') returning id`,
    [email],
  );
  return String(rows[0].id);
}

const messagesOf = async (column: string, id: string) =>
  (
    await db.asSuperuser(
      `select id, kind, list, status from public.mail_queue where ${column} = $1 order by created_at`,
      [id],
    )
  ).rows;

/** n sign-ups to the newsletter, oldest first: their messages' ids. */
async function queued(n: number): Promise<string[]> {
  const ids = [];
  for (let i = 0; i < n; i += 1) {
    const row = await signUp('newsletter_subscriptions', uniqueEmail('batch'));
    ids.push(String((await messagesOf('newsletter_id', row))[0].id));
    // Oldest first, whatever the clock's resolution.
    await db.asSuperuser(
      `update public.mail_queue set available_at = now() - make_interval(secs => 100 - $2::int),
                                    created_at = now() - make_interval(secs => 100 - $2::int)
        where id = $1`,
      [ids[i], i],
    );
  }
  return ids;
}

type Taken = { id: string; lease: string; batch: string; to: string | null };
const take = async (limit: number) =>
  (await service('public.take_mail_batch(60, $1)', [limit])) as Taken[];
const settle = (lease: string, results: unknown[]) =>
  service('public.settle_mail_batch($1, $2)', [lease, JSON.stringify(results)]);

describe('a thank-you mail queued by the insert', () => {
  it.each(LISTS)(
    '%s: one message, in the same transaction, with no token yet',
    async (list, table, column) => {
      const email = uniqueEmail(list);
      const id = await signUp(table, email);
      expect(await messagesOf(column, id)).toEqual([
        { id: expect.any(String), kind: 'thank_you', list, status: 'queued' },
      ]);
      const { rows } = await db.asSuperuser(
        `select thank_you_sent_at is not null as marked,
              (select count(*)::int from public.email_tokens where ${column} = $1) as tokens
         from public.${table} where id = $1`,
        [id],
      );
      // The database has no secret: the worker stores the tokens' hashes when it takes the message.
      expect(rows).toEqual([{ marked: true, tokens: 0 }]);
    },
  );

  it('an application: queued unless its mailbox left the careers mail', async () => {
    const id = await apply(uniqueEmail('career'));
    expect(await messagesOf('application_id', id)).toEqual([
      { id: expect.any(String), kind: 'thank_you', list: 'career', status: 'queued' },
    ]);
    const left = uniqueEmail('left');
    await db.asSuperuser(
      `insert into public.email_suppressions (mailbox_sha256, list) values (private.mailbox_sha256($1), 'career')`,
      [left],
    );
    const quiet = await apply(left);
    expect(await messagesOf('application_id', quiet)).toEqual([]);
    expect(await service('public.queued_thank_you_mail($1, $2)', ['career', left])).toBeNull();
  });

  it('a queue that refuses the message refuses the row: no row is ever stored unmailed', async () => {
    await db.asSuperuser(
      `alter table public.mail_queue add constraint refuse_for_the_test check (list is distinct from 'newsletter') not valid`,
    );
    try {
      const email = uniqueEmail('refused');
      await expect(
        db.as('service_role', 'insert into public.newsletter_subscriptions (email) values ($1)', [
          email,
        ]),
      ).rejects.toThrow(/refuse_for_the_test/);
      // public.sign_up stores nothing either, and answers the refusal (a CHECK) as invalid.
      await expect(signUpAnswer(db, 'newsletter_subscriptions', { email })).resolves.toEqual({
        outcome: 'invalid',
      });
      await expect(apply(email)).resolves.toEqual(expect.any(String));
      const { rows } = await db.asSuperuser(
        'select count(*)::int as n from public.newsletter_subscriptions where email = $1',
        [email],
      );
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await db.asSuperuser('alter table public.mail_queue drop constraint refuse_for_the_test');
    }
  });
});

describe('the follow-up call (queued_thank_you_mail)', () => {
  it('answers the message queued with the row, the same every time, queueing nothing', async () => {
    const email = uniqueEmail('twice');
    const id = await signUp('early_access_signups', email);
    const [{ id: messageId }] = await messagesOf('early_access_id', id);
    const asked = await Promise.all(
      [email, email.toUpperCase(), email].map((address) =>
        service('public.queued_thank_you_mail($1, $2)', ['early_access', address]),
      ),
    );
    expect(asked).toEqual([messageId, messageId, messageId]);
    expect(await service('public.queued_thank_you_mail($1, $2)', ['waitlist', email])).toBeNull();
    expect(await messagesOf('early_access_id', id)).toHaveLength(1);
    // A deployed function of the release before calls the old name with its own id and hashes.
    expect(
      await service('public.queue_thank_you_mail($1, $2, $3, $4, $5)', [
        'early_access',
        email,
        crypto.randomUUID(),
        'a'.repeat(64),
        'b'.repeat(64),
      ]),
    ).toBe(messageId);
    expect(await messagesOf('early_access_id', id)).toHaveLength(1);
  });

  it('answers nothing for a sign-up already confirmed: it awaits no thank-you mail', async () => {
    const email = uniqueEmail('confirmed');
    const id = await signUp('newsletter_subscriptions', email);
    await db.asSuperuser(
      'update public.newsletter_subscriptions set confirmed_at = now() where id = $1',
      [id],
    );
    expect(await service('public.queued_thank_you_mail($1, $2)', ['newsletter', email])).toBeNull();
  });

  it('answers nothing for a sign-up older than 10 minutes', async () => {
    const email = uniqueEmail('old');
    const id = await signUp('newsletter_subscriptions', email);
    await db.asSuperuser(
      `update public.newsletter_subscriptions set created_at = now() - interval '11 minutes' where id = $1`,
      [id],
    );
    expect(await service('public.queued_thank_you_mail($1, $2)', ['newsletter', email])).toBeNull();
  });

  it('queues, once, the mail of a row stored before the trigger and never mailed', async () => {
    const email = uniqueEmail('before');
    const id = await signUp('waitlist_signups', email);
    await db.asSuperuser('delete from public.mail_queue where waitlist_id = $1', [id]);
    await db.asSuperuser(
      'update public.waitlist_signups set thank_you_sent_at = null where id = $1',
      [id],
    );
    const asked = await Promise.all(
      [1, 2, 3].map(() => service('public.queued_thank_you_mail($1, $2)', ['waitlist', email])),
    );
    expect(new Set(asked).size).toBe(1);
    expect(await messagesOf('waitlist_id', id)).toEqual([
      { id: asked[0], kind: 'thank_you', list: 'waitlist', status: 'queued' },
    ]);
  });

  it('is not for the browser', async () => {
    await expect(
      db.as('anon', 'select public.queued_thank_you_mail($1, $2)', ['newsletter', 'a@example.com']),
    ).rejects.toThrow(/permission denied/);
  });
});

describe('the token hashes the worker stores (keep_mail_tokens)', () => {
  it('stores them only for messages held under the lease, once, and answers which are held', async () => {
    const [first, second] = await queued(2);
    const [mail] = await take(1);
    expect(mail.id).toBe(first);
    const tokens = [
      { id: first, purpose: 'confirm', hash: '1'.repeat(64) },
      { id: first, purpose: 'unsubscribe', hash: '2'.repeat(64) },
      // Not held under this lease (not taken): nothing is stored for it.
      { id: second, purpose: 'unsubscribe', hash: '3'.repeat(64) },
    ];
    const keep = () =>
      service('public.keep_mail_tokens($1, $2)', [mail.lease, JSON.stringify(tokens)]);
    expect(await keep()).toEqual([first]);
    // Again (a retry derives the same tokens): nothing changes.
    expect(await keep()).toEqual([first]);
    const { rows } = await db.asSuperuser(
      `select token_hash, purpose, expires_at > now() + interval '6 days' as week
         from public.email_tokens where token_hash in ($1, $2, $3) order by token_hash`,
      ['1'.repeat(64), '2'.repeat(64), '3'.repeat(64)],
    );
    expect(rows).toEqual([
      { token_hash: '1'.repeat(64), purpose: 'confirm', week: true },
      { token_hash: '2'.repeat(64), purpose: 'unsubscribe', week: null },
    ]);
    // Under another lease, nothing is held and nothing stored.
    expect(
      await service('public.keep_mail_tokens($1, $2)', [
        crypto.randomUUID(),
        JSON.stringify([{ id: first, purpose: 'confirm', hash: '4'.repeat(64) }]),
      ]),
    ).toEqual([]);
  });

  it.each([
    ['an erase token', { purpose: 'erase', hash: 'a'.repeat(64) }],
    ['a hash of another shape', { purpose: 'confirm', hash: 'not-a-hash' }],
    ['no purpose', { hash: 'a'.repeat(64) }],
  ])('refuses %s', async (_label, token) => {
    const [id] = await queued(1);
    const [mail] = await take(1);
    await expect(
      service('public.keep_mail_tokens($1, $2)', [mail.lease, JSON.stringify([{ id, ...token }])]),
    ).rejects.toThrow();
  });
});

describe('batches (take_mail_batch, settle_mail_batch)', () => {
  it('leases up to the limit, oldest first, under one lease and one batch', async () => {
    const ids = await queued(5);
    const batch = await take(3);
    expect(batch.map((mail) => mail.id)).toEqual(ids.slice(0, 3));
    expect(new Set(batch.map((mail) => mail.lease)).size).toBe(1);
    expect(new Set(batch.map((mail) => mail.batch)).size).toBe(1);
    expect(batch.every((mail) => typeof mail.to === 'string')).toBe(true);
    const rest = await take(100);
    expect(rest.map((mail) => mail.id)).toEqual(ids.slice(3));
    expect(await take(100)).toEqual([]);
  });

  it('a batch that may have gone out comes back with the same members, and nothing else', async () => {
    const ids = await queued(5);
    const first = await take(3);
    expect(
      await settle(
        first[0].lease,
        first.map(({ id }) => ({ id, outcome: 'retry', detail: 'HTTP 500', delay_ms: 0 })),
      ),
    ).toEqual(Object.fromEntries(first.map(({ id }) => [id, 'queued'])));
    // The two never taken are older than the retried three's new due time: they go first, alone.
    const others = await take(100);
    expect(others.map((mail) => mail.id).sort()).toEqual(ids.slice(3).sort());
    const again = await take(100);
    expect(again.map((mail) => mail.id).sort()).toEqual(first.map((mail) => mail.id).sort());
    expect(new Set(again.map((mail) => mail.batch))).toEqual(new Set([first[0].batch]));
    expect(again[0].lease).not.toBe(first[0].lease);
  });

  it('the same after a worker died holding it (the lease ran out)', async () => {
    await queued(4);
    const first = await take(2);
    await db.asSuperuser(
      `update public.mail_queue set leased_until = now() - interval '1 second' where status = 'sending'`,
    );
    const again = await take(100);
    expect(again.map((mail) => mail.id).sort()).toEqual(first.map((mail) => mail.id).sort());
  });

  it('is never split by another worker holding one of its members', async () => {
    // Another worker's take holds one member's row lock for a moment (it picked that member first, as
    // two takes at the same moment can). Split, the other member would go out alone under its own key
    // after the batch's request may already have gone: a second mail. On PostgreSQL the take waits for
    // the lock and takes the batch whole; on PGlite the transactions run one after another anyway.
    await queued(3);
    const first = await take(2);
    await settle(
      first[0].lease,
      first.map(({ id }) => ({ id, outcome: 'retry', detail: 'HTTP 500', delay_ms: 0 })),
    );
    const [held] = [...first].sort((a, b) => (a.id < b.id ? 1 : -1));
    const holding = db.asSuperuser(
      `with locked as (select id from public.mail_queue where id = $1 for update)
       select pg_sleep(1) from locked`,
      [held.id],
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const takes = await Promise.all([take(100), take(100)]);
    await holding;
    const batches = [...takes, await take(100), await take(100)]
      .filter((batch) => batch.length > 0)
      .map((batch) => batch.map((mail) => mail.id).sort());
    // The batch whole, once; the third message in a batch of its own.
    expect(batches).toContainEqual(first.map((mail) => mail.id).sort());
    expect(batches).toHaveLength(2);
  });

  it('a batch the provider did not take (429) may be regrouped', async () => {
    const ids = await queued(3);
    const first = await take(2);
    await settle(
      first[0].lease,
      first.map(({ id }) => ({ id, outcome: 'throttled', detail: 'HTTP 429', delay_ms: 0 })),
    );
    const next = await take(100);
    expect(next.map((mail) => mail.id).sort()).toEqual([...ids].sort());
  });

  it('members refused as a whole batch go alone from then on, not tried', async () => {
    await queued(3);
    const first = await take(3);
    expect(
      await settle(
        first[0].lease,
        first.map(({ id }) => ({ id, outcome: 'alone', detail: 'HTTP 422' })),
      ),
    ).toEqual(Object.fromEntries(first.map(({ id }) => [id, 'queued'])));
    const { rows } = await db.asSuperuser(
      'select distinct attempts, alone, batch from public.mail_queue',
    );
    expect(rows).toEqual([{ attempts: 0, alone: true, batch: null }]);
    for (let i = 0; i < 3; i += 1) expect(await take(100)).toHaveLength(1);
    expect(await take(100)).toEqual([]);
  });

  it('a settle under a lease that is not the caller’s changes nothing', async () => {
    await queued(1);
    const [mail] = await take(1);
    expect(
      await settle(crypto.randomUUID(), [{ id: mail.id, outcome: 'sent', detail: 're_x' }]),
    ).toEqual({ [mail.id]: null });
    expect(await settle(mail.lease, [{ id: mail.id, outcome: 'sent', detail: 're_x' }])).toEqual({
      [mail.id]: 'sent',
    });
    const { rows } = await db.asSuperuser(
      'select status, provider_message_id from public.mail_queue where id = $1',
      [mail.id],
    );
    expect(rows).toEqual([{ status: 'sent', provider_message_id: 're_x' }]);
  });

  it('the old single take answers one message, for a worker of the release before', async () => {
    const [id] = await queued(2);
    expect(await service('public.take_queued_mail(60)')).toMatchObject({ id, kind: 'thank_you' });
  });

  it('knows each kind by a row and a small function; an unknown kind cannot be queued', async () => {
    const { rows } = await db.asSuperuser(
      'select kind, details from private.mail_kinds order by kind',
    );
    expect(rows).toEqual([
      { kind: 'invite', details: 'mail_details_invite' },
      { kind: 'place', details: 'mail_details_place' },
      { kind: 'privacy_link', details: 'mail_details_privacy_link' },
      { kind: 'thank_you', details: 'mail_details_thank_you' },
    ]);
    await expect(
      db.asSuperuser(
        `insert into public.mail_queue (id, kind, action, recipient) values (gen_random_uuid(), 'fax', 'copy', 'a@example.com')`,
      ),
    ).rejects.toThrow(/mail_queue_kind_fkey/);
  });
});
