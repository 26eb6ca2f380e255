// Who is behind an address, for the referral rules (docs/growth.md, "Referral credit and its
// defences"): a referral from the referrer's own mailbox is held as self, and referred sign-ups of one
// person earn one credit. The database also keys each person's daily budget of unconfirmed mail by it
// (supabase/schemas/mail-budget.sql), so that aliases do not multiply it. The rule runs in SQL (private.person_mailbox in supabase/schemas/mailboxes.sql;
// each insert and each place read applies it, referrals.sql and places.sql);
// supabase/tests/referral-identity.test.ts holds the SQL equal to this file, table and results.
//
// A mail provider that delivers many spellings to one mailbox lets one person look like many. Each
// provider below is named by its exact domains: a rule has to be right for everyone at a domain, and
// only the provider's own domains are known to follow it. The lists' own uniqueness rule
// (email-address.ts, mailboxOf) stays narrower on purpose: it decides whether a sign-up is stored at
// all, this what it earns and how much unconfirmed mail reaches it.

export interface MailDomainRule {
  /** A domain as an address carries it, in lower case. */
  domain: string;
  /** The domain the person's key names: a provider's first twin domain, or the domain itself. */
  canonical: string;
  /**
   * Characters of a user name the provider does not tell apart, applied as SQL's
   * translate(name, foldFrom, foldTo): each character of foldFrom becomes the one at its position in
   * foldTo, or is dropped where foldTo is shorter.
   */
  foldFrom: string;
  foldTo: string;
  /** A user name ends before this character: what follows is a keyword of the same mailbox. */
  keywordSeparator: string;
  /** `anything@user.<domain>` (any depth) is delivered to `user@<domain>`. */
  userSubdomains: boolean;
}

interface Provider {
  /** Domains where one user name is one mailbox whichever of them an address uses. */
  twins?: readonly string[];
  /** Domains of the provider that are each a mailbox namespace of their own. */
  domains?: readonly string[];
  fold?: readonly [from: string, to: string];
  keywordSeparator?: string;
  userSubdomains?: boolean;
}

const PROVIDERS: readonly Provider[] = [
  // Gmail ignores dots in the user name and delivers googlemail.com to the same mailbox.
  { twins: ['gmail.com', 'googlemail.com'], fold: ['.', ''] },
  // Proton: one user name is reserved on all four domains, and dots, hyphens and underscores are not
  // part of it (john.doe, john-doe and johndoe are one account).
  { twins: ['proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me'], fold: ['._-', ''] },
  // iCloud: an Apple ID's address exists on all three domains.
  { twins: ['icloud.com', 'me.com', 'mac.com'] },
  // Yandex: a Yandex ID's login is an address on every Yandex domain (the six its mail help names, and
  // the country domains of its search), and Yandex does not tell a dot from a hyphen in a login
  // (ada.l and ada-l are one login), so both are a hyphen here. A login has no underscore.
  {
    twins: [
      'yandex.ru',
      'ya.ru',
      'yandex.com',
      'yandex.by',
      'yandex.kz',
      'yandex.ua',
      'yandex.com.tr',
      'yandex.az',
      'yandex.uz',
      'yandex.kg',
      'yandex.tj',
      'yandex.tm',
      'yandex.md',
      'yandex.ee',
      'yandex.lt',
      'yandex.lv',
      'yandex.co.il',
      'yandex.com.am',
      'yandex.com.ge',
    ],
    fold: ['.', '-'],
  },
  // Fastmail: anything@user.domain is user+anything@domain, on each of its domains; a user name's
  // underscore is written as a hyphen in that subdomain (a host name has no underscores), so the two
  // are one character here.
  {
    domains: [
      'fastmail.com',
      'fastmail.fm',
      'fastmail.net',
      'fastmail.org',
      'fastmail.to',
      'fastmail.us',
      'fastmail.co.uk',
      'fastmail.com.au',
      'fastmail.de',
      'fastmail.es',
      'fastmail.fr',
      'fastmail.in',
      'fastmail.jp',
      'fastmail.nl',
      'fastmail.se',
      'fastmail.tw',
      'fastmail.cn',
      'fastmail.im',
      'fastmail.mx',
      'sent.com',
      'sent.as',
      'sent.at',
      'eml.cc',
      'mm.st',
      'ftml.net',
      'fea.st',
      'imap.cc',
      '123mail.org',
      'airpost.net',
      'warpmail.net',
      'mailbolt.com',
      'ml1.net',
      'rushpost.com',
      'myfastmail.com',
    ],
    fold: ['_', '-'],
    userSubdomains: true,
  },
  // Yahoo: a disposable address is base-keyword@ its domain, and a Yahoo ID has no hyphen, so what
  // precedes the first hyphen names the mailbox. (Yahoo Japan is another company, not listed.)
  {
    domains: [
      'yahoo.com',
      'ymail.com',
      'rocketmail.com',
      'yahoo.co.uk',
      'yahoo.ca',
      'yahoo.com.au',
      'yahoo.co.nz',
      'yahoo.ie',
      'yahoo.co.in',
      'yahoo.in',
      'yahoo.fr',
      'yahoo.de',
      'yahoo.es',
      'yahoo.it',
      'yahoo.nl',
      'yahoo.be',
      'yahoo.at',
      'yahoo.ch',
      'yahoo.se',
      'yahoo.dk',
      'yahoo.no',
      'yahoo.pl',
      'yahoo.gr',
      'yahoo.ro',
      'yahoo.com.br',
      'yahoo.com.mx',
      'yahoo.com.ar',
      'yahoo.com.sg',
      'yahoo.com.my',
      'yahoo.com.ph',
      'yahoo.com.hk',
      'yahoo.com.tw',
      'yahoo.com.vn',
      'yahoo.co.id',
      'yahoo.co.th',
      'yahoo.co.za',
    ],
    keywordSeparator: '-',
  },
];

/** Every domain with a rule of its own; any other domain is only lower case without a +tag. */
export const MAIL_DOMAIN_RULES: readonly MailDomainRule[] = PROVIDERS.flatMap((provider) =>
  [...(provider.twins ?? []), ...(provider.domains ?? [])].map((domain) => ({
    domain,
    canonical: provider.twins?.includes(domain) ? provider.twins[0]! : domain,
    foldFrom: provider.fold?.[0] ?? '',
    foldTo: provider.fold?.[1] ?? '',
    keywordSeparator: provider.keywordSeparator ?? '',
    userSubdomains: provider.userSubdomains ?? false,
  })),
);

const RULES = new Map(MAIL_DOMAIN_RULES.map((rule) => [rule.domain, rule]));

/** SQL's translate(): each character of `from` mapped to the one at its position in `to`, or dropped. */
function translate(text: string, from: string, to: string): string {
  let out = '';
  for (const char of text) {
    const at = from.indexOf(char);
    out += at < 0 ? char : (to[at] ?? '');
  }
  return out;
}

/**
 * The rule of `domain`, or of its last three labels, else its last two, where those take per-user
 * subdomains, with the label just below them as the user name. Every listed domain has two or three
 * labels, so no other parent can have a rule (the SQL looks up the same two).
 */
function ruleOf(domain: string): { rule: MailDomainRule; subdomainUser?: string } | undefined {
  const own = RULES.get(domain);
  if (own) return { rule: own };
  const labels = domain.split('.');
  for (const size of [3, 2]) {
    if (labels.length <= size) continue;
    const rule = RULES.get(labels.slice(-size).join('.'));
    if (rule?.userSubdomains) return { rule, subdomainUser: labels[labels.length - size - 1]! };
  }
  return undefined;
}

/**
 * The person behind a plain address (email-address.ts), as the referral rules count people: lower
 * case, the local part's +tag dropped, and each listed provider's own spellings of one mailbox made one.
 * `A.Da+x@GoogleMail.com` and `ada@gmail.com` are one person; so are `ada@pm.me` and `a-da@proton.me`,
 * `shop@ada.fastmail.com` and `ada@fastmail.com`, `ada-news@yahoo.com` and `ada-shop@yahoo.com`,
 * `a.da@ya.ru` and `a-da@yandex.kz`.
 */
export function personMailboxOf(address: string): string {
  const at = address.indexOf('@');
  const local = address.slice(0, at).split('+')[0]!.toLowerCase();
  const domain = address.slice(at + 1).toLowerCase();
  const found = ruleOf(domain);
  if (!found) return `${local}@${domain}`;
  const { rule, subdomainUser } = found;
  let user = subdomainUser ?? local;
  if (rule.keywordSeparator) user = user.split(rule.keywordSeparator)[0]!;
  return `${translate(user, rule.foldFrom, rule.foldTo)}@${rule.canonical}`;
}
