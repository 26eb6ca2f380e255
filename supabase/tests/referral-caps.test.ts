import {
  migrateTo,
  openTestDatabase,
  uniqueEmail,
  type TestDatabase,
} from '@agentora/local-supabase/testing';
import { REFERRAL_CAPS, REFERRAL_CODE_PATTERN } from '../functions/_shared/rules/places.ts';
import {
  LINE_TABLES,
  asFrom,
  confirmAt,
  confirmToken,
  linePlaces,
  newToken,
  signUp,
  signUpAnswer,
  signupFields,
  stored,
} from './test-support/growth.ts';

// The referral rules applied when a sign-up is stored (private.hold_referral in
// supabase/schemas/referrals.sql) and confirmed (public.confirm_signup): codes made by the database,
// unknown codes dropped, self-referrals and the hourly caps held, and nothing of it changeable
// afterwards. The referral caps are the production ones; only the sign-up tables' own per-address limit
// is raised, so one address can sign up many times.
let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase({ rateLimits: 'production' });
  await db.asSuperuser(
    `update public.rate_limit_rules set max_requests = 1000000
      where action in ('early_access_signups', 'waitlist_signups', 'newsletter_subscriptions')`,
  );
});
afterAll(() => db.close());

let nextAddress = 0;
/** A client address no other test uses. */
function newAddress(): string {
  nextAddress += 1;
  return `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
}

/** A member of the table to refer others: its code. */
async function referrer(table: string, fields: Record<string, unknown> = {}): Promise<string> {
  const row = await signUp(db, table, fields, newAddress());
  return row.referral_code as string;
}

/**
 * A member's code with a letter in it, so that its upper-case spelling is another string: a code is 16
 * hex digits, and about one in 1,800 has no letter (its upper case is the code itself, credited).
 */
async function referrerWithLetter(table: string): Promise<string> {
  for (let tries = 0; tries < 5; tries += 1) {
    const code = await referrer(table);
    if (/[a-f]/.test(code)) return code;
  }
  throw new Error('Five codes in a row without a letter: the codes are not random hex.');
}

/** The address of the sign-up of the code. */
async function emailOf(code: string): Promise<string> {
  for (const table of Object.values(LINE_TABLES)) {
    const { rows } = await db.asSuperuser(
      `select email from public.${table} where referral_code = $1`,
      [code],
    );
    if (rows.length === 1) return rows[0].email as string;
  }
  throw new Error(`No sign-up has the code ${code}`);
}

/** Signs up through the referral code from the address; the stored referred_by and referral_hold. */
async function referred(table: string, code: unknown, address: string, email = uniqueEmail('ref')) {
  const row = await signUp(db, table, { referred_by: code, email }, address);
  return { referred_by: row.referred_by, referral_hold: row.referral_hold };
}

describe.each(Object.values(LINE_TABLES))('%s', (table) => {
  it('gives every sign-up a code of its own; a credited referral is stored with its code and no hold', async () => {
    const code = await referrer(table);
    expect(code).toMatch(REFERRAL_CODE_PATTERN);
    expect(await referred(table, code, newAddress())).toEqual({
      referred_by: code,
      referral_hold: null,
    });
  });

  it('drops a code that names no sign-up of the list, however it is written', async () => {
    const waitlistOrEarly =
      table === 'waitlist_signups' ? 'early_access_signups' : 'waitlist_signups';
    const elsewhere = await referrer(waitlistOrEarly);
    for (const code of [
      '0123456789abcdef',
      elsewhere,
      (await referrerWithLetter(table)).toUpperCase(),
      'not a code',
      '',
      'x'.repeat(500),
    ]) {
      expect(await referred(table, code, newAddress())).toEqual({
        referred_by: null,
        referral_hold: null,
      });
    }
  });

  it('holds a self-referral: the same mailbox without +tag, Gmail dots and googlemail.com ignored', async () => {
    const stamp = Date.now().toString(36);
    const code = await referrer(table, { email: `ada.${stamp}@gmail.com` });
    const address = newAddress();
    for (const email of [`ada${stamp}@gmail.com`, `A.D.A${stamp}+friend@GoogleMail.com`]) {
      expect(await referred(table, code, address, email)).toEqual({
        referred_by: code,
        referral_hold: 'self',
      });
    }
    // The same address with a +tag is the same mailbox to the list: refused as a duplicate first.
    const other = `grace.${Date.now().toString(36)}@example.com`;
    const graceCode = await referrer(table, { email: other });
    await expect(
      referred(table, graceCode, address, other.replace('@', '+again@')),
    ).rejects.toMatchObject({ code: '23505' });
    // Held referrals took none of the address's count: it still has its 3.
    for (let i = 0; i < REFERRAL_CAPS.perClientAddressPerHour; i += 1) {
      expect(await referred(table, code, address)).toEqual({
        referred_by: code,
        referral_hold: null,
      });
    }
  });

  it(`holds the referrals past ${REFERRAL_CAPS.perClientAddressPerHour} an hour from one client address, whatever the codes`, async () => {
    const address = newAddress();
    const holds: unknown[] = [];
    for (let i = 0; i <= REFERRAL_CAPS.perClientAddressPerHour; i += 1) {
      holds.push((await referred(table, await referrer(table), address)).referral_hold);
    }
    expect(holds).toEqual([
      ...Array(REFERRAL_CAPS.perClientAddressPerHour).fill(null),
      'address_cap',
    ]);
    // Another address, and the same one an hour later, are credited again; the held sign-up is stored.
    expect((await referred(table, await referrer(table), newAddress())).referral_hold).toBeNull();
    await db.asSuperuser(
      `update private.rate_limit_events set at = at - interval '1 hour'
        where action = 'referral-per-address' and client = $1`,
      [address],
    );
    expect((await referred(table, await referrer(table), address)).referral_hold).toBeNull();
  });

  it('counts an IPv6 client by its /48', async () => {
    const prefix = `2001:db8:${(nextAddress += 1).toString(16)}`;
    const holds: unknown[] = [];
    for (let i = 0; i <= REFERRAL_CAPS.perClientAddressPerHour; i += 1) {
      // Each from another /64 of the /48.
      holds.push(
        (await referred(table, await referrer(table), `${prefix}:${i + 1}00::1`)).referral_hold,
      );
    }
    expect(holds.at(-1)).toBe('address_cap');
  });

  it(`credits at most ${REFERRAL_CAPS.perCodePerHour} confirmations of one code an hour; unconfirmed sign-ups spend none of it`, async () => {
    const list = table === 'waitlist_signups' ? 'waitlist' : 'early_access';
    const code = await referrer(table);
    // A stranger who knows the public code signs up many times and never confirms: nothing is spent.
    for (let i = 0; i < REFERRAL_CAPS.perCodePerHour + 2; i += 1) {
      expect((await referred(table, code, newAddress())).referral_hold).toBeNull();
    }
    const confirmOne = async () => {
      const email = uniqueEmail('friend');
      await referred(table, code, newAddress(), email);
      const { id } = await stored(db, table, email);
      await db.as('service_role', 'select public.confirm_signup($1, false)', [
        await confirmToken(db, list, id),
      ]);
      return (await stored(db, table, email)).referral_hold;
    };
    const holds: unknown[] = [];
    for (let i = 0; i <= REFERRAL_CAPS.perCodePerHour; i += 1) holds.push(await confirmOne());
    expect(holds).toEqual([...Array(REFERRAL_CAPS.perCodePerHour).fill(null), 'code_cap']);
    // Counted from the rows: an hour after those confirmations, the code earns credit again.
    await db.asSuperuser(
      `update public.${table} set confirmed_at = confirmed_at - interval '1 hour'
        where referred_by = $1 and confirmed_at is not null`,
      [code],
    );
    expect(await confirmOne()).toBeNull();
  });

  describe('the cap per code, re-decided from the rows', () => {
    const list = table === 'waitlist_signups' ? 'waitlist' : 'early_access';

    /** Signs up `email` through the code from an address of its own and confirms it; its hold. */
    async function confirmReferred(code: string, email: string): Promise<unknown> {
      await referred(table, code, newAddress(), email);
      const { id } = await stored(db, table, email);
      await db.as('service_role', 'select public.confirm_signup($1, false)', [
        await confirmToken(db, list, id),
      ]);
      return (await stored(db, table, email)).referral_hold;
    }

    /** Erases a mailbox's records as the privacy page does (an erase token, then privacy-fulfil's call). */
    async function erase(email: string): Promise<void> {
      const { hash } = newToken();
      await db.asSuperuser(
        `insert into public.email_tokens (token_hash, purpose, mailbox_sha256, expires_at)
         values ($1, 'erase', private.mailbox_sha256($2), now() + interval '1 hour')`,
        [hash, email],
      );
      await db.as('service_role', 'select public.erase_mailbox_records($1)', [hash]);
    }

    async function creditOf(code: string): Promise<number> {
      const { rows } = await db.asSuperuser(
        `select id from public.${table} where referral_code = $1`,
        [code],
      );
      return (await linePlaces(db, list)).get(rows[0].id as string)?.credited ?? -1;
    }

    it("gives a friend held under the cap its credit once a stranger's confirmations that filled the hour are erased", async () => {
      const code = await referrer(table);
      await confirmAt(
        db,
        table,
        (await stored(db, table, await emailOf(code))).id,
        "now() - interval '1 day'",
      );
      const catchAll = `catch-all-${Date.now().toString(36)}.example`;
      const strangers = Array.from(
        { length: REFERRAL_CAPS.perCodePerHour },
        (_, i) => `farm${i}@${catchAll}`,
      );
      for (const email of strangers) expect(await confirmReferred(code, email)).toBeNull();
      const friend = uniqueEmail('real-friend');
      expect(await confirmReferred(code, friend)).toBe('code_cap');
      expect(await creditOf(code)).toBe(REFERRAL_CAPS.perCodePerHour);

      for (const email of strangers) await erase(email);
      expect((await stored(db, table, friend)).referral_hold).toBeNull();
      expect(await creditOf(code)).toBe(1);
    });

    it('keeps a hold while the confirmations that filled its hour stay: time alone lifts none', async () => {
      const code = await referrer(table);
      for (let i = 0; i < REFERRAL_CAPS.perCodePerHour; i += 1) {
        await confirmReferred(code, uniqueEmail('early'));
      }
      const late = uniqueEmail('late');
      expect(await confirmReferred(code, late)).toBe('code_cap');
      // A day later, and after an unrelated referral of the code is erased, it is still held.
      await db.asSuperuser(
        `update public.${table} set confirmed_at = confirmed_at - interval '1 day'
          where referred_by = $1`,
        [code],
      );
      const unrelated = uniqueEmail('unrelated');
      await confirmReferred(code, unrelated);
      await erase(unrelated);
      expect((await stored(db, table, late)).referral_hold).toBe('code_cap');
    });

    it('only ever lifts a hold when deciding again: a credit given before this rule is never taken back', async () => {
      const code = await referrer(table);
      const emails = Array.from({ length: REFERRAL_CAPS.perCodePerHour + 2 }, () =>
        uniqueEmail('before'),
      );
      for (const email of emails) await confirmReferred(code, email);
      // Credits an earlier rule gave: every referral of that hour credited (the last two would be held
      // under this one).
      await db.asSuperuser(
        `with earlier_rule as (select set_config('private.deciding_code_cap', 'on', true))
         update public.${table} set referral_hold = null
          where referred_by = $1 and exists (select from earlier_rule)`,
        [code],
      );
      await erase(emails[0]!);
      for (const email of emails.slice(1)) {
        expect((await stored(db, table, email)).referral_hold).toBeNull();
      }
    });

    it("counts one person once under the cap: a stranger's Gmail spellings of one mailbox take one place of it", async () => {
      const code = await referrer(table);
      const local = `farmer${Date.now().toString(36)}`;
      // Gmail delivers every one of these to one mailbox, so one person can confirm them all; to the
      // list they are different addresses.
      const spellings = Array.from(
        { length: REFERRAL_CAPS.perCodePerHour + 2 },
        (_, i) => `${local.slice(0, i + 1)}.${local.slice(i + 1)}@gmail.com`,
      );
      for (const email of spellings) await confirmReferred(code, email);
      expect(await confirmReferred(code, uniqueEmail('friend'))).toBeNull();
    });
  });

  it('leaves the code, the referrer and the hold out of anon’s reach', async () => {
    const code = await referrer(table);
    for (const extra of [{ referral_code: '0123456789abcdef' }, { referral_hold: 'self' }]) {
      const row = signupFields(table, extra);
      const columns = Object.keys(row);
      await expect(
        asFrom(
          db,
          'anon',
          newAddress(),
          `insert into public.${table} (${columns.join(', ')})
           values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
          Object.values(row),
        ),
      ).rejects.toMatchObject({ code: '42501' });
      // Nor does the function sign-up's way in take them: only the form's columns.
      await expect(signUpAnswer(db, table, row, newAddress())).rejects.toMatchObject({
        code: '22023',
      });
    }
    await expect(
      asFrom(db, 'anon', newAddress(), `update public.${table} set referred_by = $1`, [code]),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('makes the code and the hold itself, even for the service role', async () => {
    const email = uniqueEmail('service');
    const row = signupFields(table, {
      email,
      referral_code: '0123456789abcdef',
      referral_hold: 'self',
    });
    const columns = Object.keys(row);
    await db.as(
      'service_role',
      `insert into public.${table} (${columns.join(', ')})
       values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(row),
    );
    const stored_ = await stored(db, table, email);
    expect(stored_.referral_code).not.toBe('0123456789abcdef');
    expect(stored_.referral_code).toMatch(REFERRAL_CODE_PATTERN);
    expect(stored_.referral_hold).toBeNull();
  });

  it('refuses changing a code, a referrer or a hold; only a disposable hold may be added', async () => {
    const code = await referrer(table);
    const email = uniqueEmail('fixed');
    await referred(table, code, newAddress(), email);
    const update = (set: string) =>
      db.as('service_role', `update public.${table} set ${set} where email = $1`, [email]);
    for (const set of [
      `referral_code = '0123456789abcdef'`,
      'referred_by = null',
      `referred_by = '0123456789abcdef'`,
      `referral_hold = 'self'`,
    ]) {
      await expect(update(set)).rejects.toMatchObject({
        code: '42501',
        message: "A sign-up's referral code, referrer and hold do not change",
      });
    }
    await update('confirmed_at = now()');
    await update(`referral_hold = 'disposable'`);
    await expect(update('referral_hold = null')).rejects.toMatchObject({ code: '42501' });
    expect(await stored(db, table, email)).toMatchObject({
      referred_by: code,
      referral_hold: 'disposable',
      confirmed_at: expect.anything(),
    });
  });
});

describe('private.person_mailbox', () => {
  it.each([
    ['Ada.Lovelace+list@GoogleMail.com', 'adalovelace@gmail.com'],
    ['a.d.a@gmail.com', 'ada@gmail.com'],
    ['Ada.Lovelace+list@example.com', 'ada.lovelace@example.com'],
    ['ada@Example.COM', 'ada@example.com'],
    ['ada@mail.gmail.com', 'ada@mail.gmail.com'],
  ])('%s is %s', async (address, person) => {
    const { rows } = await db.asSuperuser('select private.person_mailbox($1) as p', [address]);
    expect(rows[0].p).toBe(person);
  });
});

describe('the caps and rules/places.ts', () => {
  it('agree: REFERRAL_CAPS are the rate limit rule per address and the cap per code, per hour', async () => {
    const { rows } = await db.asSuperuser(
      `select action, max_requests, window_seconds from public.rate_limit_rules
        where action like 'referral-%' order by action`,
    );
    expect(rows).toEqual([
      {
        action: 'referral-per-address',
        max_requests: REFERRAL_CAPS.perClientAddressPerHour,
        window_seconds: 3600,
      },
    ]);
    const cap = await db.asSuperuser('select private.referral_code_cap_per_hour() as cap');
    expect(cap.rows[0].cap).toBe(REFERRAL_CAPS.perCodePerHour);
  });
});

describe('sign-ups stored before the migration', () => {
  it('get a code each, all different, and no referrer; the confirmed ones get their place mail', async () => {
    const before = await openTestDatabase({ upTo: '20251128000000' });
    try {
      const emails = Array.from({ length: 20 }, () => uniqueEmail('before'));
      for (const email of emails) {
        await before.asSuperuser('insert into public.early_access_signups (email) values ($1)', [
          email,
        ]);
        await before.asSuperuser(
          `insert into public.waitlist_signups (email, first_name, last_name, company)
           values ($1, 'Ada', 'Lovelace', 'Engines')`,
          [email],
        );
      }
      // A quarter of each list had confirmed before places existed.
      for (const table of Object.values(LINE_TABLES)) {
        await before.asSuperuser(
          `update public.${table} set confirmed_at = now() where email = any($1)`,
          [emails.slice(0, 5)],
        );
      }
      await migrateTo(before.database);
      const queued = await before.asSuperuser(
        `select list, count(*)::integer as n from public.mail_queue
          where kind = 'place' and status = 'queued' group by list order by list`,
      );
      expect(queued.rows).toEqual([
        { list: 'early_access', n: 5 },
        { list: 'waitlist', n: 5 },
      ]);
      for (const table of Object.values(LINE_TABLES)) {
        const { rows } = await before.asSuperuser(
          `select referral_code, referred_by, referral_hold from public.${table}`,
        );
        expect(rows).toHaveLength(20);
        expect(new Set(rows.map((row) => row.referral_code)).size).toBe(20);
        for (const row of rows) {
          expect(row).toEqual({
            referral_code: expect.stringMatching(REFERRAL_CODE_PATTERN),
            referred_by: null,
            referral_hold: null,
          });
        }
      }
    } finally {
      await before.close();
    }
  });
});
