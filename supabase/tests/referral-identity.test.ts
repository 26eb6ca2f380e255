import { getDomain } from 'tldts';
import { migrateTo, openTestDatabase, type TestDatabase } from '@agentora/local-supabase/testing';
import { MAIL_DOMAIN_RULES, personMailboxOf } from '../functions/_shared/rules/person-mailbox.ts';
import { LINE_LISTS, type LineList } from '../functions/_shared/rules/places.ts';
import { LINE_TABLES, confirmAt, linePlaces, signUp } from './test-support/growth.ts';

// One person counts once (docs/growth.md, "Referral credit and its defences"), across the spellings a
// mail provider delivers to one mailbox: its twin domains, its per-user subdomains and its keyword
// addresses. The rule is private.person_mailbox (supabase/schemas/mailboxes.sql); the
// attacks are those of a member farming its own credit with aliases of one mailbox.
let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());
// Each test draws its own line.
beforeEach(async () => {
  await db.asSuperuser('delete from public.early_access_signups');
  await db.asSuperuser('delete from public.waitlist_signups');
});

let clock = 0;
/** Confirms the sign-up after everything confirmed so far. */
const confirmNext = (list: LineList, id: unknown) =>
  confirmAt(
    db,
    LINE_TABLES[list],
    id,
    `timestamptz '2000-01-01 00:00:00+00' + interval '${(clock += 1)} seconds'`,
  );

/** n confirmed members, then the member `email` confirmed last: its id. */
async function memberBehind(list: LineList, n: number, email: string): Promise<string> {
  for (let i = 0; i < n; i += 1) await confirmNext(list, (await signUp(db, LINE_TABLES[list])).id);
  const member = await signUp(db, LINE_TABLES[list], { email });
  await confirmNext(list, member.id);
  return member.id as string;
}

/** Signs `email` up through the member's link and confirms it: the stored hold. */
async function referAndConfirm(list: LineList, referrer: string, email: string) {
  const table = LINE_TABLES[list];
  const { rows } = await db.asSuperuser(`select referral_code from public.${table} where id = $1`, [
    referrer,
  ]);
  const row = await signUp(db, table, { referred_by: rows[0].referral_code, email });
  expect(row.referred_by).toBe(rows[0].referral_code);
  await confirmNext(list, row.id);
  return row.referral_hold;
}

/** A fresh user name, so no two tests share a mailbox. */
const stamp = () => `u${Date.now().toString(36)}${(clock += 1)}`;

// Each family: the member's own address, then more of the same mailbox.
const FAMILIES: Record<string, (user: string) => string[]> = {
  'Proton (twin domains; dots, hyphens and underscores are not part of the name)': (u) => [
    `${u}@proton.me`,
    `${u}@pm.me`,
    `${u.slice(0, 2)}.${u.slice(2)}@protonmail.com`,
    `${u.slice(0, 2)}_${u.slice(2, 4)}-${u.slice(4)}@ProtonMail.ch`,
  ],
  'iCloud (icloud.com, me.com, mac.com)': (u) => [
    `${u}@icloud.com`,
    `${u}@me.com`,
    `${u}+news@Mac.com`,
  ],
  // A user name's underscore is a hyphen in its subdomain (underscores are not allowed in host names).
  'Fastmail (anything@user.fastmail.com is user@fastmail.com)': (u) => [
    `${u.slice(0, 2)}_${u.slice(2)}@fastmail.com`,
    `shop@${u.slice(0, 2)}-${u.slice(2)}.fastmail.com`,
    `news@${u.slice(0, 2)}-${u.slice(2)}.fastmail.com`,
    `${u}@alias.${u.slice(0, 2)}-${u.slice(2)}.FastMail.com`,
  ],
  'Yahoo (base-keyword disposable addresses)': (u) => [
    `${u}-main@yahoo.com`,
    `${u}-shop@yahoo.com`,
    `${u}-news@yahoo.com`,
    `${u}-x+y@Yahoo.com`,
  ],
};

describe.each(LINE_LISTS)('the %s line', (list) => {
  it.each(Object.entries(FAMILIES))(
    'a member referring itself through %s stays where it was: each is held as self',
    async (_family, family) => {
      const [own, ...aliases] = family(stamp());
      const member = await memberBehind(list, 24, own!);
      expect((await linePlaces(db, list)).get(member)).toEqual({ place: 25, credited: 0 });
      for (const alias of aliases) expect(await referAndConfirm(list, member, alias)).toBe('self');
      expect((await linePlaces(db, list)).get(member)).toEqual({ place: 25, credited: 0 });
    },
  );

  it.each(Object.entries(FAMILIES))(
    "a friend's addresses at %s are one referral",
    async (_family, family) => {
      const member = await memberBehind(list, 24, `member.${stamp()}@example.com`);
      for (const alias of family(stamp()))
        expect(await referAndConfirm(list, member, alias)).toBe(null);
      expect((await linePlaces(db, list)).get(member)).toEqual({ place: 15, credited: 1 });
    },
  );

  it('still counts different people at one provider apart', async () => {
    const member = await memberBehind(list, 24, `member.${stamp()}@example.com`);
    const [ada, grace] = [stamp(), stamp()];
    for (const friend of [
      `${ada}@proton.me`,
      `${grace}@proton.me`,
      `x@${ada}.fastmail.com`,
      `x@${grace}.fastmail.com`,
      `${ada}-a@yahoo.com`,
      `${grace}-a@yahoo.com`,
    ])
      await referAndConfirm(list, member, friend);
    expect((await linePlaces(db, list)).get(member)).toMatchObject({ credited: 6 });
  });
});

/** What the database makes of an address. */
async function sqlPerson(address: string): Promise<string> {
  const { rows } = await db.asSuperuser('select private.person_mailbox($1) as p', [address]);
  return rows[0].p as string;
}

describe('private.person_mailbox and rules/person-mailbox.ts', () => {
  it.each([
    // Gmail, as before.
    ['Ada.Lovelace+list@GoogleMail.com', 'adalovelace@gmail.com'],
    ['ada@mail.gmail.com', 'ada@mail.gmail.com'],
    // Proton's four domains, and the characters its user names ignore.
    ['Ada.Love-lace_x+news@PM.me', 'adalovelacex@proton.me'],
    ['adalovelacex@protonmail.ch', 'adalovelacex@proton.me'],
    ['ada@protonmail.com', 'ada@proton.me'],
    // iCloud's three.
    ['Ada.L@me.com', 'ada.l@icloud.com'],
    ['ada.l+x@mac.com', 'ada.l@icloud.com'],
    // Fastmail: the label below one of its domains names the user, at any depth; each domain apart.
    ['shop@Ada-L.FastMail.com', 'ada-l@fastmail.com'],
    ['ada_l@fastmail.com', 'ada-l@fastmail.com'],
    ['x@deep.ada.fastmail.co.uk', 'ada@fastmail.co.uk'],
    ['ada@fastmail.fm', 'ada@fastmail.fm'],
    ['x@ada.sent.com', 'ada@sent.com'],
    // Yahoo's base-keyword addresses; each domain apart.
    ['zed-shop+x@Yahoo.com', 'zed@yahoo.com'],
    ['zed-a-b@yahoo.co.uk', 'zed@yahoo.co.uk'],
    ['zed.x_y@ymail.com', 'zed.x_y@ymail.com'],
    // Nothing else is folded: another domain, a lookalike, a subdomain of a provider without them.
    ['Ada.Lovelace+list@Example.com', 'ada.lovelace@example.com'],
    ['ada-x@example.com', 'ada-x@example.com'],
    ['x@ada.example.com', 'x@ada.example.com'],
    ['x@ada.notfastmail.com', 'x@ada.notfastmail.com'],
    ['a.da@proton.me.example.org', 'a.da@proton.me.example.org'],
    ['x@ada.icloud.com', 'x@ada.icloud.com'],
    ['x-y@yahoo.co.jp', 'x-y@yahoo.co.jp'],
  ])('%s is %s, in SQL and TypeScript', async (address, person) => {
    expect(await sqlPerson(address)).toBe(person);
    expect(personMailboxOf(address)).toBe(person);
  });

  it('hold the same table of provider domains', async () => {
    const { rows } = await db.asSuperuser(
      `select domain, canonical, fold_from as "foldFrom", fold_to as "foldTo",
              keyword_separator as "keywordSeparator", user_subdomains as "userSubdomains"
         from private.mail_domain_rules() order by domain collate "C"`,
    );
    const byDomain = (a: { domain: string }, b: { domain: string }) =>
      a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0;
    expect(rows).toEqual([...MAIL_DOMAIN_RULES].sort(byDomain));
    expect(new Set(MAIL_DOMAIN_RULES.map((rule) => rule.domain)).size).toBe(rows.length);
    // The SQL looks a per-user subdomain's provider up among its last two and three labels only.
    for (const { domain } of MAIL_DOMAIN_RULES) expect(domain.split('.').length).toBeLessThan(4);
  });

  it('agree on every domain of the table, in each of its spellings', async () => {
    for (const { domain } of MAIL_DOMAIN_RULES) {
      for (const address of [
        `A.b-C_d+tag@${domain.toUpperCase()}`,
        `-x@${domain}`,
        `shop@a-b.${domain}`,
        `x@deep.a-b.${domain}`,
      ]) {
        expect([address, await sqlPerson(address)]).toEqual([address, personMailboxOf(address)]);
      }
    }
  });

  // A subdomain of a provider's domain can only be folded into it when the domain is one registrant's:
  // not a public suffix, not under one (the public suffix list, private section included).
  it('names registrable domains only, whose subdomains are their own', () => {
    for (const { domain, userSubdomains } of MAIL_DOMAIN_RULES) {
      expect([domain, getDomain(domain, { allowPrivateDomains: true })]).toEqual([domain, domain]);
      if (userSubdomains)
        expect([domain, getDomain(`user.${domain}`, { allowPrivateDomains: true })]).toEqual([
          domain,
          domain,
        ]);
    }
  });
});

describe('referrals stored before the rule', () => {
  it('are held as self when the referrer is the same person, and credit nothing', async () => {
    const before = await openTestDatabase({ upTo: '20251203999999' });
    try {
      const u = stamp();
      const [member, self, friend] = [`${u}@proton.me`, `${u}@pm.me`, `x${u}@pm.me`];
      await before.asSuperuser(
        'insert into public.early_access_signups (email, confirmed_at) values ($1, now())',
        [member],
      );
      const { rows } = await before.asSuperuser(
        'select referral_code from public.early_access_signups where email = $1',
        [member],
      );
      for (const email of [self, friend])
        await before.asSuperuser(
          `insert into public.early_access_signups (email, referred_by, confirmed_at)
           values ($1, $2, now() + interval '1 second')`,
          [email, rows[0].referral_code],
        );
      const held = async () => {
        const { rows } = await before.asSuperuser(
          'select email, referral_hold from public.early_access_signups',
        );
        return Object.fromEntries(rows.map((row) => [row.email, row.referral_hold]));
      };
      expect(await held()).toEqual({ [member]: null, [self]: null, [friend]: null });
      await migrateTo(before.database);
      expect(await held()).toEqual({ [member]: null, [self]: 'self', [friend]: null });
      // The hold is as fixed as any other afterwards.
      await expect(
        before.asSuperuser(
          'update public.early_access_signups set referral_hold = null where email = $1',
          [self],
        ),
      ).rejects.toMatchObject({ code: '42501' });
    } finally {
      await before.close();
    }
  });
});
