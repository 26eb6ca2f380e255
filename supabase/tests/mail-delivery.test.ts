import { randomUUID } from 'node:crypto';
import { asCaller, openTestDatabase, type TestDatabase } from '@agentora/local-supabase/testing';
import { deliveryFixtures } from './test-support/mail-delivery.ts';
import {
  fixtureAuthEmail,
  insertLiveSession,
  insertSignedInStaff,
  sessionClaims,
} from './test-support/staff-auth.ts';

// Delivery events and suppression (supabase/schemas/mail-delivery.sql) below the HTTP
// layer, on PGlite or PostgreSQL (test-postgres): public.record_mail_delivery_event as resend-webhook
// calls it with the service role, the suppressions it makes and how the database keeps every later
// message from a suppressed mailbox whatever takes the queue, and the console's reads for staff. That a
// bounce suppresses only the address that bounced is mail-bounce-scope.test.ts; the Mail column's
// state by meaning, mail-state-by-meaning.test.ts.
let db: TestDatabase;
const { record, queue, signUp, queuePrivacyLink, sent, messageState, counts, clear } =
  deliveryFixtures(() => db);

const STAFF = 'delivery.staff@example.com';
const OUTSIDER = 'delivery.outsider@example.com';

// The staff member's session is of their Auth address (test-support/staff-auth.ts).
const staffClaims = sessionClaims(fixtureAuthEmail(7));
const outsiderClaims = sessionClaims(OUTSIDER);

beforeAll(async () => {
  db = await openTestDatabase();
  await insertSignedInStaff(db.asSuperuser, STAFF, staffClaims);
  await insertLiveSession(db.asSuperuser, outsiderClaims);
});
afterAll(() => db.close());
beforeEach(clear);

describe('record_mail_delivery_event', () => {
  it('records each kept event once per recipient, by fingerprint only', async () => {
    expect(
      await record({ event: 'delivered', to: ['Ada <Ada+news@Example.com>', 'b@example.com'] }),
    ).toBe('recorded');
    const { rows } = await db.asSuperuser(
      `select mailbox_sha256 = private.mailbox_sha256('ada@example.com') as ada, event
         from public.mail_delivery_events order by id`,
    );
    expect(rows).toEqual([
      { ada: true, event: 'delivered' },
      { ada: false, event: 'delivered' },
    ]);
    // No column holds an address.
    const { rows: columns } = await db.asSuperuser(
      `select column_name from information_schema.columns
        where table_schema = 'public' and table_name in ('mail_delivery_events', 'mail_suppressions')
          and column_name in ('email', 'address', 'recipient', 'mailbox')`,
    );
    expect(columns).toEqual([]);
  });

  it('a replayed webhook id records nothing again, whatever it says', async () => {
    const id = 'msg_replayed';
    expect(await record({ id, event: 'bounced', to: ['gone@example.com'] })).toBe('recorded');
    expect(await counts()).toEqual({ events: 1, suppressions: 1 });
    expect(await record({ id, event: 'bounced', to: ['other@example.com'] })).toBe('replayed');
    expect(await record({ id, event: 'complained', to: ['gone@example.com'] })).toBe('replayed');
    expect(await counts()).toEqual({ events: 1, suppressions: 1 });
  });

  it('acknowledges other events and records nothing for them', async () => {
    for (const event of ['sent', 'opened', 'clicked', 'contact.created']) {
      expect(await record({ event, to: ['a@example.com'] })).toBe('ignored');
    }
    expect(await counts()).toEqual({ events: 0, suppressions: 0 });
  });

  it('a permanent bounce (or one without a type) and a complaint suppress; a transient bounce or a delay does not', async () => {
    await record({ event: 'bounced', bounceType: 'Transient', to: ['soft@example.com'] });
    await record({ event: 'bounced', bounceType: 'Undetermined', to: ['unsure@example.com'] });
    await record({ event: 'delayed', to: ['slow@example.com'] });
    expect(await counts()).toEqual({ events: 3, suppressions: 0 });
    await record({ event: 'bounced', bounceType: 'Permanent', to: ['hard@example.com'] });
    await record({ event: 'bounced', to: ['untyped@example.com'] });
    await record({ event: 'complained', to: ['spam@example.com'] });
    const { rows } = await db.asSuperuser(
      `select reason from public.mail_suppressions order by reason`,
    );
    expect(rows).toEqual([{ reason: 'bounced' }, { reason: 'bounced' }, { reason: 'complained' }]);
  });

  it('refuses a call without an email id or recipients, recording nothing', async () => {
    await expect(record({ event: 'delivered', to: [] })).rejects.toMatchObject({ code: '22023' });
    await expect(
      record({ event: 'delivered', emailId: '', to: ['a@example.com'] }),
    ).rejects.toMatchObject({ code: '22023' });
    const { rows } = await db.asSuperuser(
      'select count(*)::integer as n from private.resend_webhook_ids',
    );
    expect(rows[0].n).toBe(0);
  });

  it('only the service role may record or read', async () => {
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(
        db.as(
          role,
          `select public.record_mail_delivery_event('x', 'delivered', 'e', '["a@example.com"]', null, now())`,
        ),
      ).rejects.toMatchObject({ code: '42501' });
      for (const table of [
        'public.mail_suppressions',
        'public.mail_delivery_events',
        'private.resend_webhook_ids',
      ]) {
        await expect(db.as(role, `select * from ${table}`)).rejects.toMatchObject({
          code: '42501',
        });
      }
    }
  });
});

describe('suppression in the queue', () => {
  it('a complaint settles every queued message to the mailbox dead, and leaves other mailboxes and a running lease alone', async () => {
    const first = await signUp('Gone+one@example.com');
    const second = await signUp('gone@example.com', 'newsletter');
    const other = await signUp('kept@example.com', 'newsletter');
    const leased = await queue('early_access', first.id);
    await db.asSuperuser(
      `update public.mail_queue set status = 'sending', attempts = 1, lease = gen_random_uuid(),
              leased_until = now() + interval '60 seconds' where id = $1`,
      [leased],
    );
    const privacy = await queuePrivacyLink('gone@example.com');

    await record({ event: 'complained', to: ['GONE@example.com'] });

    for (const message of [first.message, second.message, privacy]) {
      expect(await messageState(message)).toEqual({ status: 'dead', last_error: 'suppressed' });
    }
    expect(await messageState(other.message)).toEqual({ status: 'queued', last_error: null });
    // The race private.mail_suppression_settles_queue leaves alone (supabase/schemas/mail-delivery.sql):
    // a message a worker already holds is its worker's.
    expect((await messageState(leased)).status).toBe('sending');
  });

  it('a later sign-up from a suppressed mailbox is stored, its mail dead at once; a requeue or a retry keeps it dead', async () => {
    await record({ event: 'complained', to: ['spam@example.com'] });
    const later = await signUp('Spam+again@Example.com');
    expect(await messageState(later.message)).toEqual({ status: 'dead', last_error: 'suppressed' });
    const { rows } = await db.as('service_role', 'select public.requeue_dead_mail() as n');
    expect(rows[0].n).toBe(1);
    expect(await messageState(later.message)).toEqual({ status: 'dead', last_error: 'suppressed' });
    // Nothing to take.
    const taken = await db.as('service_role', 'select public.take_queued_mail(60) as mail');
    expect(taken.rows[0].mail).toBeNull();
  });

  it('a message back from a worker (retry) to a mailbox suppressed meanwhile is dead', async () => {
    const signup = await signUp('late@example.com');
    const { rows } = await db.as('service_role', 'select public.take_queued_mail(60) as mail');
    const mail = rows[0].mail as { id: string; lease: string };
    expect(mail.id).toBe(signup.message);
    await record({ event: 'bounced', to: ['late@example.com'] });
    expect((await messageState(signup.message)).status).toBe('sending');
    const settled = await db.as(
      'service_role',
      `select public.settle_queued_mail($1, $2, 'retry', 'HTTP 500', 1000) as status`,
      [mail.id, mail.lease],
    );
    expect(settled.rows[0].status).toBe('queued');
    expect(await messageState(signup.message)).toEqual({
      status: 'dead',
      last_error: 'suppressed',
    });
  });
});

describe('erasure', () => {
  it('forgets the mailbox’s delivery events and keeps its suppression, so it is still not mailed', async () => {
    const address = 'erased+x@example.com';
    await signUp(address);
    await record({ event: 'delivered', to: [address] });
    await record({ event: 'complained', to: [address] });
    await record({ event: 'delivered', to: ['someone@example.com'] });
    const hash = 'a'.repeat(64);
    await db.asSuperuser(
      `insert into public.email_tokens (token_hash, purpose, mailbox_sha256, expires_at)
       values ($1, 'erase', private.mailbox_sha256($2), now() + interval '1 hour')`,
      [hash, address],
    );
    const { rows } = await db.as('service_role', 'select public.erase_mailbox_records($1) as r', [
      hash,
    ]);
    expect(rows[0].r).toMatchObject({ erased: { early_access: 1 } });
    expect(await counts()).toEqual({ events: 1, suppressions: 1 });
    const later = await signUp('erased@example.com');
    expect(await messageState(later.message)).toEqual({ status: 'dead', last_error: 'suppressed' });
  });
});

describe('the console', () => {
  type Caller = {
    role: 'anon' | 'authenticated' | 'service_role';
    claims: Record<string, unknown>;
  };
  const staff: Caller = { role: 'authenticated', claims: staffClaims };

  async function call(sql: string, values: unknown[], caller: Caller = staff) {
    try {
      const { rows } = await asCaller(db.database, caller, (q) => q.query(sql, values));
      return { data: rows[0].r as Record<string, unknown>, error: null };
    } catch (error) {
      const { code, message } = error as { code: string; message: string };
      return { data: null, error: { code, message } };
    }
  }

  const states = (list: string, ids: string[], caller?: Caller) =>
    call(
      'select public.console_mail_states($1, $2::jsonb) as r',
      [list, JSON.stringify(ids)],
      caller,
    );
  const suppressions = (limit: number | null, offset: number | null, caller?: Caller) =>
    call('select public.console_mail_suppressions($1, $2) as r', [limit, offset], caller);

  it('shows each row its mail: queued, sent, delivered, delayed, bounced, complained, suppressed', async () => {
    const queued = await signUp('queued@example.com');
    const plain = await signUp('sent@example.com');
    const delivered = await signUp('delivered@example.com');
    const delayed = await signUp('delayed@example.com');
    const bounced = await signUp('bounced@example.com');
    const complained = await signUp('complained@example.com');
    await sent(plain.message, 'e-sent');
    for (const [row, emailId, event] of [
      [delivered, 'e-delivered', 'delivered'],
      [delayed, 'e-delayed', 'delayed'],
      [bounced, 'e-bounced', 'bounced'],
      [complained, 'e-complained', 'complained'],
    ] as const) {
      await sent(row.message, emailId);
      await record({ event, emailId, to: [`${event}@example.com`] });
    }
    // The address that bounced signing up again (in another case): stored, not mailed.
    const again = await signUp('BOUNCED@example.com', 'newsletter');

    const ids = [queued, plain, delivered, delayed, bounced, complained].map((row) => row.id);
    const answer = await states('early_access', [...ids, randomUUID()]);
    expect(answer.error).toBeNull();
    expect(ids.map((id) => answer.data?.[id])).toEqual([
      { state: 'queued', suppressed: null },
      { state: 'sent', suppressed: null },
      { state: 'delivered', suppressed: null },
      { state: 'delayed', suppressed: null },
      { state: 'bounced', suppressed: 'bounced' },
      { state: 'complained', suppressed: 'complained' },
    ]);
    expect((await states('newsletter', [again.id])).data).toEqual({
      [again.id]: { state: 'suppressed', suppressed: 'bounced' },
    });

    // Once the sent message is gone (7 days' retention), the event of its mailbox still says.
    await db.asSuperuser('delete from public.mail_queue where id = $1', [delivered.message]);
    expect((await states('early_access', [delivered.id])).data).toEqual({
      [delivered.id]: { state: 'delivered', suppressed: null },
    });
  });

  it('lists the suppressed mailboxes a page at a time, newest first, with the counts', async () => {
    await signUp('one@example.com');
    await record({ event: 'bounced', to: ['one@example.com'] });
    await record({ event: 'complained', to: ['two@example.com'] });
    await record({ event: 'bounced', to: ['three@example.com'] });
    await db.asSuperuser(
      `update public.mail_suppressions set suppressed_at = now() - interval '1 hour'
        where mailbox_sha256 = private.mailbox_sha256('one@example.com')`,
    );
    await signUp('One@example.com', 'newsletter');
    const first = await suppressions(2, 0);
    expect(first.data).toEqual({
      total: 3,
      bounced: 2,
      complained: 1,
      suppressed_messages: 2,
      rows: [
        { email: null, reason: expect.any(String), suppressed_at: expect.any(String) },
        { email: null, reason: expect.any(String), suppressed_at: expect.any(String) },
      ],
    });
    const second = await suppressions(2, 2);
    expect(second.data?.rows).toEqual([
      { email: 'one@example.com', reason: 'bounced', suppressed_at: expect.any(String) },
    ]);
    expect((await suppressions(0, null)).error?.code).toBe('22023');
  });

  it('staff only: a session that is not staff is refused; anon and the service role may not call them', async () => {
    const row = await signUp('x@example.com');
    for (const read of [
      (caller?: Caller) => states('early_access', [row.id], caller),
      (caller?: Caller) => suppressions(null, null, caller),
    ]) {
      expect((await read({ role: 'authenticated', claims: outsiderClaims })).error).toEqual({
        code: '42501',
        message: 'Staff only',
      });
      for (const role of ['anon', 'service_role'] as const) {
        const { error } = await read({ role, claims: { role } });
        expect([role, error?.code]).toEqual([role, '42501']);
      }
    }
    expect((await states('nothing', [row.id])).error?.code).toBe('22023');
  });
});
