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
  // A login is one on every Yandex domain, and Yandex does not tell a dot from a hyphen in it.
  'Yandex (every Yandex domain; a dot and a hyphen in the login alike)': (u) => [
    `${u.slice(0, 2)}.${u.slice(2)}@yandex.ru`,
    `${u.slice(0, 2)}-${u.slice(2)}@ya.ru`,
    `${u.slice(0, 2)}.${u.slice(2)}@Yandex.com`,
    `${u.slice(0, 2)}-${u.slice(2)}+x@yandex.by`,
    `${u.slice(0, 2)}.${u.slice(2)}@yandex.kz`,
    `${u.slice(0, 2)}-${u.slice(2)}@yandex.ua`,
    `${u.slice(0, 2)}.${u.slice(2)}@yandex.com.tr`,
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
      `${ada}@yandex.ru`,
      `${grace}@yandex.ru`,
    ])
      await referAndConfirm(list, member, friend);
    expect((await linePlaces(db, list)).get(member)).toMatchObject({ credited: 8 });
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
    // Yandex: one login on all its domains, a dot written as a hyphen.
    ['Ada.Love-Lace+x@Ya.ru', 'ada-love-lace@yandex.ru'],
    ['ada-love.lace@yandex.com', 'ada-love-lace@yandex.ru'],
    ['ada.l@yandex.by', 'ada-l@yandex.ru'],
    ['ada.l@yandex.kz', 'ada-l@yandex.ru'],
    ['ada.l@yandex.ua', 'ada-l@yandex.ru'],
    ['ada.l@yandex.com.tr', 'ada-l@yandex.ru'],
    ['ada.l@yandex.uz', 'ada-l@yandex.ru'],
    ['ada.l@yandex.az', 'ada-l@yandex.ru'],
    ['ada_l@yandex.ru', 'ada_l@yandex.ru'],
    // Nothing else is folded: another domain, a lookalike, a subdomain of a provider without them.
    ['Ada.Lovelace+list@Example.com', 'ada.lovelace@example.com'],
    ['ada-x@example.com', 'ada-x@example.com'],
    ['x@ada.example.com', 'x@ada.example.com'],
    ['x@ada.notfastmail.com', 'x@ada.notfastmail.com'],
    ['a.da@proton.me.example.org', 'a.da@proton.me.example.org'],
    ['x@ada.icloud.com', 'x@ada.icloud.com'],
    ['x-y@yahoo.co.jp', 'x-y@yahoo.co.jp'],
    // No subdomains at Yandex, nor a lookalike of it; and the providers reviewed that need no rule
    // (docs/growth.md): each domain its own namespace, dots and hyphens significant.
    ['x@ada.yandex.ru', 'x@ada.yandex.ru'],
    ['ada.l@yandex.ru.example.com', 'ada.l@yandex.ru.example.com'],
    ['ada.l@yandex-mail.ru', 'ada.l@yandex-mail.ru'],
    ['Ada.L+x@Outlook.com', 'ada.l@outlook.com'],
    ['ada.l@hotmail.com', 'ada.l@hotmail.com'],
    ['ada.l@mail.ru', 'ada.l@mail.ru'],
    ['ada.l@bk.ru', 'ada.l@bk.ru'],
    ['ada-l@gmx.de', 'ada-l@gmx.de'],
    ['ada.l@aol.com', 'ada.l@aol.com'],
    ['ada.l@zohomail.com', 'ada.l@zohomail.com'],
    ['12345@qq.com', '12345@qq.com'],
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

describe('referrals stored before the Yandex rule (migration 20261206070656_yandex_is_one_person.sql)', () => {
  it('are held as self when the referrer is the same login, and a friend counts once', async () => {
    const before = await openTestDatabase({ upTo: '20261206070655' });
    try {
      const u = stamp();
      // A member who referred herself twice and a friend once; another whose only friend signed up
      // with three spellings of one login (no row of hers changes: only her credit, counted again).
      const self = `${u.slice(0, 2)}.${u.slice(2)}@yandex.ru`;
      const selves = [
        `${u.slice(0, 2)}-${u.slice(2)}@ya.ru`,
        `${u.slice(0, 2)}.${u.slice(2)}@yandex.kz`,
      ];
      const friend = [`f.${u}@yandex.com`, `f-${u}@yandex.by`, `f.${u}@yandex.ua`];
      const other = `other.${u}@example.com`;
      const friendOfOther = [`g.${u}@yandex.ru`, `g-${u}@yandex.com.tr`, `g.${u}@ya.ru`];
      let clock = 0;
      const confirm = async (email: string, code: unknown = null) => {
        await before.asSuperuser(
          `insert into public.early_access_signups (email, referred_by, confirmed_at)
           values ($1, $2, timestamptz '2000-01-01 00:00:00+00' + make_interval(secs => $3))`,
          [email, code, (clock += 1)],
        );
        const { rows } = await before.asSuperuser(
          'select id, referral_code from public.early_access_signups where email = $1',
          [email],
        );
        return rows[0] as { id: string; referral_code: string };
      };
      for (let i = 0; i < 12; i += 1) await confirm(`queue${i}.${u}@example.com`);
      const member = await confirm(self);
      const otherMember = await confirm(other);
      for (const email of [...selves, friend[0]!]) await confirm(email, member.referral_code);
      for (const email of friend.slice(1)) await confirm(email, member.referral_code);
      for (const email of friendOfOther) await confirm(email, otherMember.referral_code);
      const held = async () => {
        const { rows } = await before.asSuperuser(
          `select email, referral_hold from public.early_access_signups where referred_by is not null`,
        );
        return Object.fromEntries(rows.map((row) => [row.email, row.referral_hold]));
      };
      const places = async () => {
        const line = await linePlaces(before, 'early_access');
        return [line.get(member.id), line.get(otherMember.id)];
      };
      const unheld = (emails: string[]) => Object.fromEntries(emails.map((email) => [email, null]));
      // Before: every spelling another person.
      expect(await held()).toEqual(unheld([...selves, ...friend, ...friendOfOther]));
      expect(await places()).toEqual([
        { place: 1, credited: 5 },
        { place: 2, credited: 3 },
      ]);

      await migrateTo(before.database);
      expect(await held()).toEqual({
        ...Object.fromEntries(selves.map((email) => [email, 'self'])),
        ...unheld([...friend, ...friendOfOther]),
      });
      // One friend each, one credit each: the 13th and 14th to arrive rank as 3 and 4, each ahead of
      // the member without credit it draws level with, so the 3rd to arrive is 4th and the second 5th.
      expect(await places()).toEqual([
        { place: 3, credited: 1 },
        { place: 5, credited: 1 },
      ]);
      const { rows: problems } = await before.asSuperuser(
        `select private.check_line('early_access') as problem`,
      );
      expect(problems).toEqual([]);
    } finally {
      await before.close();
    }
  });
});
