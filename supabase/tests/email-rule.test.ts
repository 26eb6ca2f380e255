import { isPlainEmailAddress, mailboxOf } from '../functions/_shared/rules/email-address.ts';
import { EMAIL_RULE_SAMPLES } from '../functions/_shared/rules/email-address.samples.ts';
import { openTestDatabase, type TestDatabase } from '@agentora/local-supabase/testing';

// The email rule holds in three places: the forms, the functions and the tables' CHECK constraints. One
// list of samples runs through the shared TypeScript rule and the database here.
const TABLES = [
  'early_access_signups',
  'newsletter_subscriptions',
  'waitlist_signups',
  'general_applications',
] as const;
type Table = (typeof TABLES)[number];

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

let seq = 0;
const fresh = (local = 'person') => `${local}.${Date.now()}${(seq += 1)}@example.com`;

function row(table: Table, email: string): Record<string, string> {
  switch (table) {
    case 'waitlist_signups':
      return { first_name: 'Ada', last_name: 'Lovelace', email, company: 'Engines' };
    case 'general_applications':
      return { first_name: 'Ada', last_name: 'Lovelace', email, why_join: 'Agents!' };
    default:
      return { email };
  }
}

/** Inserts as the service role: what the constraints allow does not depend on who writes. */
function insert(table: Table, values: Record<string, string>) {
  const columns = Object.keys(values);
  return t.as(
    'service_role',
    `insert into public.${table} (${columns.map((c) => `"${c}"`).join(', ')})
     values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
    Object.values(values),
  );
}

describe('the plain-address rule', () => {
  it.each(EMAIL_RULE_SAMPLES)('%j is %s in TypeScript and in SQL', async (address, valid) => {
    expect(isPlainEmailAddress(address)).toBe(valid);
    if (address.includes('\u0000')) return; // PostgreSQL text cannot hold NUL at all
    const { rows } = await t.asSuperuser('select private.is_plain_email_address($1) as valid', [
      address,
    ]);
    expect(rows[0].valid).toBe(valid);
  });

  it.each(TABLES)('%s stores only plain addresses (23514 otherwise)', async (table) => {
    for (const [address, valid] of EMAIL_RULE_SAMPLES) {
      if (address.includes('\u0000')) continue; // PostgreSQL text cannot hold NUL at all
      const unique = valid ? address.replace('@', `.${Date.now()}${(seq += 1)}@`) : address;
      const attempt = insert(table, row(table, unique));
      if (valid && isPlainEmailAddress(unique)) await expect(attempt).resolves.toBeDefined();
      else await expect(attempt).rejects.toMatchObject({ code: '23514' });
    }
  });
});

describe('one sign-up per mailbox and table', () => {
  it('computes the same mailbox in TypeScript and SQL', async () => {
    for (const address of [
      'Ada+news@Example.COM',
      'ada@example.com',
      'a.da+x+y@ex.io',
      'ADA@EX.IO',
    ]) {
      const { rows } = await t.asSuperuser('select private.mailbox($1) as mailbox', [address]);
      expect(rows[0].mailbox).toBe(mailboxOf(address));
    }
    expect(mailboxOf('Ada+news@Example.COM')).toBe('ada@example.com');
  });

  it.each(TABLES)(
    '%s refuses a plus-address or other letter case of a stored mailbox with 23505',
    async (table) => {
      const local = `ada${Date.now()}${(seq += 1)}`;
      await insert(table, row(table, `${local}@example.com`));
      for (const variant of [
        `${local}+news@example.com`,
        `${local.toUpperCase()}+A@EXAMPLE.COM`,
        `${local}+@example.com`,
      ]) {
        await expect(insert(table, row(table, variant))).rejects.toMatchObject({
          code: '23505',
          constraint: `${table}_mailbox_key`,
        });
      }
      // Dots and other domains are other mailboxes.
      await expect(insert(table, row(table, `${local}.x@example.com`))).resolves.toBeDefined();
      await expect(insert(table, row(table, `${local}@example.org`))).resolves.toBeDefined();
    },
  );

  it('stores the address as typed', async () => {
    const address = fresh('Grace+Beta').replace('example.com', 'Example.com');
    await insert('newsletter_subscriptions', row('newsletter_subscriptions', address));
    const { rows } = await t.asSuperuser(
      'select email from public.newsletter_subscriptions where lower(email) = lower($1)',
      [address],
    );
    expect(rows).toEqual([{ email: address }]);
  });
});

describe('rows stored before the rule', () => {
  it('are kept: a shared mailbox keeps its earliest row in the index, and new sign-ups still collide', async () => {
    const before = await openTestDatabase({ upTo: '20250712000200' });
    try {
      const insertOld = (email: string, minutesAgo: number) =>
        before.asSuperuser(
          `insert into public.newsletter_subscriptions (email, created_at)
           values ($1, now() - make_interval(mins => $2))`,
          [email, minutesAgo],
        );
      await insertOld('ada@example.com', 30);
      await insertOld('ada+old@example.com', 20);
      await insertOld('Ada+older@Example.com', 10);
      await insertOld('a<victim@example.org>', 5);

      const { migrateTo } = await import('@agentora/local-supabase/testing');
      await migrateTo(before.database);

      const { rows } = await before.asSuperuser(
        `select email, legacy_duplicate_mailbox from public.newsletter_subscriptions order by created_at`,
      );
      expect(rows).toEqual([
        { email: 'ada@example.com', legacy_duplicate_mailbox: false },
        { email: 'ada+old@example.com', legacy_duplicate_mailbox: true },
        { email: 'Ada+older@Example.com', legacy_duplicate_mailbox: true },
        { email: 'a<victim@example.org>', legacy_duplicate_mailbox: false },
      ]);
      await expect(
        before.as(
          'service_role',
          `insert into public.newsletter_subscriptions (email) values ($1)`,
          ['ada+new@example.com'],
        ),
      ).rejects.toMatchObject({ code: '23505' });
      await expect(
        before.as(
          'service_role',
          `insert into public.newsletter_subscriptions (email) values ($1)`,
          ['b<victim@example.org>'],
        ),
      ).rejects.toMatchObject({ code: '23514' });
    } finally {
      await before.close();
    }
  });
});
