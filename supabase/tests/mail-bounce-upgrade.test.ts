import {
  DEFAULT_MIGRATIONS_DIR,
  listMigrations,
  migrateTo,
  openTestDatabase,
  type TestDatabase,
} from '@agentora/local-supabase/testing';
import { deliveryFixtures } from './test-support/mail-delivery.ts';

// The suppressions made before a bounce kept to its address (docs/security.md, "A bounce suppresses
// one address"): a bounce then suppressed its whole mailbox, and the row kept only the mailbox's
// fingerprint and Resend's email id. The migration gives such a row the address that bounced where the
// queue still holds the mail Resend's id names (a sent message is kept 7 days), and lifts the others;
// complaints stay per mailbox. A database at the migration before, given such rows, then migrated.
// On PostgreSQL (test-postgres).
const MIGRATION = 'bounce_suppresses_one_address';

let db: TestDatabase;
const { queue, messageState } = deliveryFixtures(() => db);

async function signUpBefore(table: string, email: string): Promise<string> {
  const { rows } = await db.asSuperuser(
    `insert into public.${table} (email) values ($1) returning id`,
    [email],
  );
  return rows[0].id as string;
}

async function legacySuppression(mailbox: string, reason: string, emailId: string) {
  await db.asSuperuser(
    `insert into public.mail_suppressions (mailbox_sha256, reason, email_id)
     values (private.mailbox_sha256($1), $2, $3)`,
    [mailbox, reason, emailId],
  );
}

let tagged: string;
let plain: string;
let plainMessage: string;

beforeAll(async () => {
  const migrations = await listMigrations(DEFAULT_MIGRATIONS_DIR);
  const before = migrations[migrations.findIndex((m) => m.name === MIGRATION) - 1];
  db = await openTestDatabase({ upTo: before.version });
  // Dana's tagged address, refused by her server, and her own address on another list.
  tagged = await signUpBefore('early_access_signups', 'Dana+Launch@corp.example');
  plain = await signUpBefore('newsletter_subscriptions', 'dana@corp.example');
  await db.asSuperuser('delete from public.mail_queue');
  const bounced = await queue('early_access', tagged);
  await db.asSuperuser(
    `update public.mail_queue set status = 'sent', sent_at = now(), provider_message_id = 'e-tagged'
      where id = $1`,
    [bounced],
  );
  plainMessage = await queue('newsletter', plain);
  await db.asSuperuser(
    `insert into public.mail_delivery_events (email_id, mailbox_sha256, event, bounce_type, occurred_at)
     values ('e-tagged', private.mailbox_sha256('dana@corp.example'), 'bounced', 'Permanent', now())`,
  );
  // The bounce suppressed her mailbox, and her own address's mail with it.
  await legacySuppression('dana@corp.example', 'bounced', 'e-tagged');
  // A bounce whose mail the queue no longer holds, and a complaint.
  await legacySuppression('lost@example.com', 'bounced', 'e-forgotten');
  await legacySuppression('spam@example.com', 'complained', 'e-spam');

  await migrateTo(db.database);
});
afterAll(() => db.close());

it('gives a bounce the address that bounced where the queue still holds its mail, and lifts the others', async () => {
  const { rows } = await db.asSuperuser(
    `select reason, email_id,
            mailbox_sha256 = private.mailbox_sha256(case reason when 'complained' then 'spam@example.com'
                                                     else 'dana@corp.example' end) as mailbox,
            address_sha256 = private.address_sha256('dana+launch@corp.example') as address
       from public.mail_suppressions order by reason`,
  );
  expect(rows).toEqual([
    { reason: 'bounced', email_id: 'e-tagged', mailbox: true, address: true },
    { reason: 'complained', email_id: 'e-spam', mailbox: true, address: null },
  ]);
});

it('mails Dana’s own address again, and not the address that bounced', async () => {
  // The message the old suppression stopped stays a dead letter; the next one is sent.
  expect(await messageState(plainMessage)).toEqual({ status: 'dead', last_error: 'suppressed' });
  expect(await messageState(await queue('newsletter', plain))).toEqual({
    status: 'queued',
    last_error: null,
  });
  expect(await messageState(await queue('early_access', tagged))).toEqual({
    status: 'dead',
    last_error: 'suppressed',
  });
});

it('gives the old events of a mail the queue still holds their address', async () => {
  const { rows } = await db.asSuperuser(
    `select address_sha256 = private.address_sha256('dana+launch@corp.example') as address
       from public.mail_delivery_events`,
  );
  expect(rows).toEqual([{ address: true }]);
});
