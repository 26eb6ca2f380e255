import { randomUUID } from 'node:crypto';
import { asCaller, openTestDatabase, type TestDatabase } from '@agentora/local-supabase/testing';
import { deliveryFixtures } from './test-support/mail-delivery.ts';
import { fixtureAuthEmail, insertSignedInStaff, sessionClaims } from './test-support/staff-auth.ts';

// A bounce says one address does not exist; a complaint is its owner's act (docs/mail-queue.md,
// "Delivery and suppression"). A permanent bounce suppresses the address that bounced (any letter case),
// never the other addresses of its mailbox: signing up dana+launch@ at a server that refuses +tags must
// not silence dana@. A complaint still suppresses every address of the mailbox. Every reader follows:
// the hold on a newly queued message, the settling of the queue when the suppression lands, the
// console's Mail column and Bounces view, and erasure. On PostgreSQL (test-postgres).
let db: TestDatabase;
const { record, signUp, queuePrivacyLink, sent, messageState, clear } = deliveryFixtures(() => db);

const staffClaims = sessionClaims(fixtureAuthEmail(11));

beforeAll(async () => {
  db = await openTestDatabase();
  await insertSignedInStaff(db.asSuperuser, 'bounce-scope.staff@example.com', staffClaims);
});
afterAll(() => db.close());
beforeEach(clear);

const QUEUED = { status: 'queued', last_error: null };
const SUPPRESSED = { status: 'dead', last_error: 'suppressed' };

async function asStaff(sql: string, values: unknown[]) {
  const { rows } = await asCaller(
    db.database,
    { role: 'authenticated', claims: staffClaims },
    (q) => q.query(sql, values),
  );
  return rows[0].r as Record<string, unknown>;
}

describe('a permanent bounce', () => {
  it('suppresses the address that bounced, in any letter case, and not its mailbox’s other addresses', async () => {
    await record({ event: 'bounced', bounceType: 'Permanent', to: ['dana+launch@corp.example'] });

    const dana = await signUp('dana@corp.example');
    const otherTag = await signUp('dana+news@corp.example', 'newsletter');
    expect(await messageState(dana.message)).toEqual(QUEUED);
    expect(await messageState(otherTag.message)).toEqual(QUEUED);
    // Her erase or copy link too.
    expect(await messageState(await queuePrivacyLink('Dana@Corp.example'))).toEqual(QUEUED);

    // The address that bounced, however it is written, is mailed no more (a list holds one address
    // of a mailbox: the other tag leaves first).
    await db.asSuperuser('delete from public.newsletter_subscriptions where id = $1', [
      otherTag.id,
    ]);
    const again = await signUp('Dana+Launch@CORP.example', 'newsletter');
    expect(await messageState(again.message)).toEqual(SUPPRESSED);
    expect(await messageState(await queuePrivacyLink('dana+launch@corp.example'))).toEqual(
      SUPPRESSED,
    );
  });

  it('settles dead only the queued messages to that address', async () => {
    const tagged = await signUp('gone+one@example.com');
    const plain = await signUp('Gone@example.com', 'newsletter');
    const link = await queuePrivacyLink('gone@example.com');
    const taggedLink = await queuePrivacyLink('gone+one@example.com');

    await record({ event: 'bounced', to: ['GONE@example.com'] });

    expect(await messageState(plain.message)).toEqual(SUPPRESSED);
    expect(await messageState(link)).toEqual(SUPPRESSED);
    expect(await messageState(tagged.message)).toEqual(QUEUED);
    expect(await messageState(taggedLink)).toEqual(QUEUED);
  });

  it('two addresses of one mailbox bounce apart, each suppressed once, a replay of either adding nothing', async () => {
    await record({ id: 'msg_a', event: 'bounced', to: ['sam+a@example.com'] });
    await record({ id: 'msg_b', event: 'bounced', to: ['sam+b@example.com'] });
    await record({ event: 'bounced', to: ['Sam+A@example.com'] });
    const { rows } = await db.asSuperuser(
      `select reason, address_sha256 = private.address_sha256('sam+a@example.com') as a,
              mailbox_sha256 = private.mailbox_sha256('sam@example.com') as mailbox
         from public.mail_suppressions order by a desc`,
    );
    expect(rows).toEqual([
      { reason: 'bounced', a: true, mailbox: true },
      { reason: 'bounced', a: false, mailbox: true },
    ]);
    expect(await messageState((await signUp('sam@example.com')).message)).toEqual(QUEUED);
  });
});

describe('a complaint', () => {
  it('still suppresses every address of the mailbox, after a bounce of one of them too', async () => {
    await record({ event: 'bounced', to: ['kim+old@example.com'] });
    const plain = await signUp('kim@example.com');
    expect(await messageState(plain.message)).toEqual(QUEUED);

    await record({ event: 'complained', to: ['kim+x@example.com'] });
    expect(await messageState(plain.message)).toEqual(SUPPRESSED);
    expect(await messageState((await signUp('KIM+new@example.com', 'newsletter')).message)).toEqual(
      SUPPRESSED,
    );
    expect(await messageState(await queuePrivacyLink('kim@example.com'))).toEqual(SUPPRESSED);
  });
});

describe('erasure', () => {
  it('keeps the bounce of the address, and the mailbox’s other addresses are still mailed', async () => {
    await signUp('lee+shop@example.com');
    await record({ event: 'bounced', to: ['lee+shop@example.com'] });
    const hash = 'b'.repeat(64);
    await db.asSuperuser(
      `insert into public.email_tokens (token_hash, purpose, mailbox_sha256, expires_at)
       values ($1, 'erase', private.mailbox_sha256('lee@example.com'), now() + interval '1 hour')`,
      [hash],
    );
    const { rows } = await db.as('service_role', 'select public.erase_mailbox_records($1) as r', [
      hash,
    ]);
    expect(rows[0].r).toMatchObject({ erased: { early_access: 1 } });
    expect(await messageState((await signUp('lee+shop@example.com')).message)).toEqual(SUPPRESSED);
    expect(await messageState((await signUp('lee@example.com', 'newsletter')).message)).toEqual(
      QUEUED,
    );
  });
});

describe('the console', () => {
  it('the Mail column: a bounce of another address of the mailbox is not this row’s', async () => {
    const dana = await signUp('dana@corp.example');
    const tagged = await signUp('dana+launch@corp.example', 'newsletter');
    await sent(dana.message, 'e-dana');
    await sent(tagged.message, 'e-tagged');
    await record({ event: 'delivered', emailId: 'e-dana', to: ['dana@corp.example'] });
    await record({ event: 'bounced', emailId: 'e-tagged', to: ['dana+launch@corp.example'] });

    const states = (list: string, id: string) =>
      asStaff('select public.console_mail_states($1, $2::jsonb) as r', [
        list,
        JSON.stringify([id]),
      ]);
    expect(await states('early_access', dana.id)).toEqual({
      [dana.id]: { state: 'delivered', suppressed: null },
    });
    expect(await states('newsletter', tagged.id)).toEqual({
      [tagged.id]: { state: 'bounced', suppressed: 'bounced' },
    });
    // Once the sent messages are gone, each row is matched to the events of its own address.
    await db.asSuperuser('delete from public.mail_queue');
    expect(await states('early_access', dana.id)).toEqual({
      [dana.id]: { state: 'delivered', suppressed: null },
    });
    expect(await states('newsletter', tagged.id)).toEqual({
      [tagged.id]: { state: 'bounced', suppressed: 'bounced' },
    });
  });

  it('the Bounces view names the address that bounced, never another of its mailbox', async () => {
    await signUp('dana@corp.example');
    await record({ event: 'bounced', to: ['dana+launch@corp.example'] });
    const page = await asStaff('select public.console_mail_suppressions(null, null) as r', []);
    expect(page).toEqual({
      total: 1,
      bounced: 1,
      complained: 0,
      suppressed_messages: 0,
      rows: [{ email: null, reason: 'bounced', suppressed_at: expect.any(String) }],
    });
    await signUp('Dana+Launch@corp.example', 'newsletter');
    const later = await asStaff('select public.console_mail_suppressions(null, null) as r', []);
    expect(later).toMatchObject({
      suppressed_messages: 1,
      rows: [{ email: 'Dana+Launch@corp.example', reason: 'bounced' }],
    });
  });

  it('a complaint is shown on every row of the mailbox', async () => {
    const row = await signUp('ann+list@example.com');
    await record({ event: 'complained', emailId: randomUUID(), to: ['ann@example.com'] });
    expect(
      await asStaff('select public.console_mail_states($1, $2::jsonb) as r', [
        'early_access',
        JSON.stringify([row.id]),
      ]),
    ).toEqual({ [row.id]: { state: 'suppressed', suppressed: 'complained' } });
  });
});
