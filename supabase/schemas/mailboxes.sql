-- Who an address reaches, two ways.
--
-- The mailbox (private.mailbox): the address in lower case without the local part's +tag, the rule of
-- supabase/functions/_shared/rules/email-address.ts (mailboxOf). A list takes one sign-up per mailbox,
-- and suppressions, tokens, delivery events, erasure and copies know a mailbox by its SHA-256
-- (private.mailbox_sha256), never by its address.
--
-- The person (private.person_mailbox): the mailbox with a provider's own spellings of it folded as well
-- (Gmail's dots, Proton's, iCloud's and Yandex's twin domains, Yandex's dots, Fastmail's per-user
-- subdomains, Yahoo's keywords), for the referral rules and the mail budget: a referral from the
-- referrer's own mailbox is held as self, the referred sign-ups of one person earn one credit, and the
-- mail nobody confirmed has one daily budget per person (mail-budget.sql), so that aliases do not
-- multiply it. The lists' rule stays narrower on purpose: it decides whether a sign-up is stored at all,
-- the person what a referral earns and how much unconfirmed mail reaches it
-- (supabase/functions/_shared/rules/person-mailbox.ts, docs/growth.md, docs/security.md).

-- Providers and how each spells one mailbox: the table of rules/person-mailbox.ts (MAIL_DOMAIN_RULES),
-- which supabase/tests/referral-identity.test.ts holds equal to this, row for row. An object keyed by
-- domain, so a lookup is one search of a constant: private.person_mailbox runs for every referred row of
-- every place read.
CREATE FUNCTION private.mail_domain_rules_json() RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select '{
    "gmail.com": {"canonical": "gmail.com", "foldFrom": ".", "foldTo": "", "keywordSeparator": "", "userSubdomains": false},
    "googlemail.com": {"canonical": "gmail.com", "foldFrom": ".", "foldTo": "", "keywordSeparator": "", "userSubdomains": false},
    "proton.me": {"canonical": "proton.me", "foldFrom": "._-", "foldTo": "", "keywordSeparator": "", "userSubdomains": false},
    "protonmail.com": {"canonical": "proton.me", "foldFrom": "._-", "foldTo": "", "keywordSeparator": "", "userSubdomains": false},
    "protonmail.ch": {"canonical": "proton.me", "foldFrom": "._-", "foldTo": "", "keywordSeparator": "", "userSubdomains": false},
    "pm.me": {"canonical": "proton.me", "foldFrom": "._-", "foldTo": "", "keywordSeparator": "", "userSubdomains": false},
    "icloud.com": {"canonical": "icloud.com", "foldFrom": "", "foldTo": "", "keywordSeparator": "", "userSubdomains": false},
    "me.com": {"canonical": "icloud.com", "foldFrom": "", "foldTo": "", "keywordSeparator": "", "userSubdomains": false},
    "mac.com": {"canonical": "icloud.com", "foldFrom": "", "foldTo": "", "keywordSeparator": "", "userSubdomains": false},
    "yandex.ru": {"canonical": "yandex.ru", "foldFrom": ".", "foldTo": "-", "keywordSeparator": "", "userSubdomains": false},
    "ya.ru": {"canonical": "yandex.ru", "foldFrom": ".", "foldTo": "-", "keywordSeparator": "", "userSubdomains": false},
    "yandex.com": {"canonical": "yandex.ru", "foldFrom": ".", "foldTo": "-", "keywordSeparator": "", "userSubdomains": false},
    "yandex.by": {"canonical": "yandex.ru", "foldFrom": ".", "foldTo": "-", "keywordSeparator": "", "userSubdomains": false},
    "yandex.kz": {"canonical": "yandex.ru", "foldFrom": ".", "foldTo": "-", "keywordSeparator": "", "userSubdomains": false},
    "yandex.ua": {"canonical": "yandex.ru", "foldFrom": ".", "foldTo": "-", "keywordSeparator": "", "userSubdomains": false},
    "yandex.com.tr": {"canonical": "yandex.ru", "foldFrom": ".", "foldTo": "-", "keywordSeparator": "", "userSubdomains": false},
    "yandex.az": {"canonical": "yandex.ru", "foldFrom": ".", "foldTo": "-", "keywordSeparator": "", "userSubdomains": false},
    "yandex.uz": {"canonical": "yandex.ru", "foldFrom": ".", "foldTo": "-", "keywordSeparator": "", "userSubdomains": false},
    "yandex.kg": {"canonical": "yandex.ru", "foldFrom": ".", "foldTo": "-", "keywordSeparator": "", "userSubdomains": false},
    "yandex.tj": {"canonical": "yandex.ru", "foldFrom": ".", "foldTo": "-", "keywordSeparator": "", "userSubdomains": false},
    "yandex.tm": {"canonical": "yandex.ru", "foldFrom": ".", "foldTo": "-", "keywordSeparator": "", "userSubdomains": false},
    "yandex.md": {"canonical": "yandex.ru", "foldFrom": ".", "foldTo": "-", "keywordSeparator": "", "userSubdomains": false},
    "yandex.ee": {"canonical": "yandex.ru", "foldFrom": ".", "foldTo": "-", "keywordSeparator": "", "userSubdomains": false},
    "yandex.lt": {"canonical": "yandex.ru", "foldFrom": ".", "foldTo": "-", "keywordSeparator": "", "userSubdomains": false},
    "yandex.lv": {"canonical": "yandex.ru", "foldFrom": ".", "foldTo": "-", "keywordSeparator": "", "userSubdomains": false},
    "yandex.co.il": {"canonical": "yandex.ru", "foldFrom": ".", "foldTo": "-", "keywordSeparator": "", "userSubdomains": false},
    "yandex.com.am": {"canonical": "yandex.ru", "foldFrom": ".", "foldTo": "-", "keywordSeparator": "", "userSubdomains": false},
    "yandex.com.ge": {"canonical": "yandex.ru", "foldFrom": ".", "foldTo": "-", "keywordSeparator": "", "userSubdomains": false},
    "fastmail.com": {"canonical": "fastmail.com", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.fm": {"canonical": "fastmail.fm", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.net": {"canonical": "fastmail.net", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.org": {"canonical": "fastmail.org", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.to": {"canonical": "fastmail.to", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.us": {"canonical": "fastmail.us", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.co.uk": {"canonical": "fastmail.co.uk", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.com.au": {"canonical": "fastmail.com.au", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.de": {"canonical": "fastmail.de", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.es": {"canonical": "fastmail.es", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.fr": {"canonical": "fastmail.fr", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.in": {"canonical": "fastmail.in", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.jp": {"canonical": "fastmail.jp", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.nl": {"canonical": "fastmail.nl", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.se": {"canonical": "fastmail.se", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.tw": {"canonical": "fastmail.tw", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.cn": {"canonical": "fastmail.cn", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.im": {"canonical": "fastmail.im", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.mx": {"canonical": "fastmail.mx", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "sent.com": {"canonical": "sent.com", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "sent.as": {"canonical": "sent.as", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "sent.at": {"canonical": "sent.at", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "eml.cc": {"canonical": "eml.cc", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "mm.st": {"canonical": "mm.st", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "ftml.net": {"canonical": "ftml.net", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fea.st": {"canonical": "fea.st", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "imap.cc": {"canonical": "imap.cc", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "123mail.org": {"canonical": "123mail.org", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "airpost.net": {"canonical": "airpost.net", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "warpmail.net": {"canonical": "warpmail.net", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "mailbolt.com": {"canonical": "mailbolt.com", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "ml1.net": {"canonical": "ml1.net", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "rushpost.com": {"canonical": "rushpost.com", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "myfastmail.com": {"canonical": "myfastmail.com", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "yahoo.com": {"canonical": "yahoo.com", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "ymail.com": {"canonical": "ymail.com", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "rocketmail.com": {"canonical": "rocketmail.com", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.co.uk": {"canonical": "yahoo.co.uk", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.ca": {"canonical": "yahoo.ca", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.com.au": {"canonical": "yahoo.com.au", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.co.nz": {"canonical": "yahoo.co.nz", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.ie": {"canonical": "yahoo.ie", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.co.in": {"canonical": "yahoo.co.in", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.in": {"canonical": "yahoo.in", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.fr": {"canonical": "yahoo.fr", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.de": {"canonical": "yahoo.de", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.es": {"canonical": "yahoo.es", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.it": {"canonical": "yahoo.it", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.nl": {"canonical": "yahoo.nl", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.be": {"canonical": "yahoo.be", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.at": {"canonical": "yahoo.at", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.ch": {"canonical": "yahoo.ch", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.se": {"canonical": "yahoo.se", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.dk": {"canonical": "yahoo.dk", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.no": {"canonical": "yahoo.no", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.pl": {"canonical": "yahoo.pl", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.gr": {"canonical": "yahoo.gr", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.ro": {"canonical": "yahoo.ro", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.com.br": {"canonical": "yahoo.com.br", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.com.mx": {"canonical": "yahoo.com.mx", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.com.ar": {"canonical": "yahoo.com.ar", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.com.sg": {"canonical": "yahoo.com.sg", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.com.my": {"canonical": "yahoo.com.my", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.com.ph": {"canonical": "yahoo.com.ph", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.com.hk": {"canonical": "yahoo.com.hk", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.com.tw": {"canonical": "yahoo.com.tw", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.com.vn": {"canonical": "yahoo.com.vn", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.co.id": {"canonical": "yahoo.co.id", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.co.th": {"canonical": "yahoo.co.th", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.co.za": {"canonical": "yahoo.co.za", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false}
  }'::jsonb
$$;
REVOKE ALL ON FUNCTION private.mail_domain_rules_json() FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_domain_rules_json() TO service_role;

-- The same as rows, for reading: the test compares these with MAIL_DOMAIN_RULES.
CREATE FUNCTION private.mail_domain_rules() RETURNS TABLE(domain text, canonical text, fold_from text, fold_to text, keyword_separator text, user_subdomains boolean)
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select r.key, r.value ->> 'canonical', r.value ->> 'foldFrom', r.value ->> 'foldTo',
         r.value ->> 'keywordSeparator', (r.value ->> 'userSubdomains')::boolean
    from jsonb_each(private.mail_domain_rules_json()) r
$$;
REVOKE ALL ON FUNCTION private.mail_domain_rules() FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_domain_rules() TO service_role;

-- The mailbox an address delivers to: lower case, without the local part's +tag. The API roles may run
-- it because the lists' unique indexes on it are computed as the role that inserts.
CREATE FUNCTION private.mailbox(p_address text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
  select lower(split_part(split_part(p_address, '@', 1), '+', 1) || '@' || split_part(p_address, '@', 2))
$$;
REVOKE ALL ON FUNCTION private.mailbox(p_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mailbox(p_address text) TO anon;
GRANT ALL ON FUNCTION private.mailbox(p_address text) TO authenticated;
GRANT ALL ON FUNCTION private.mailbox(p_address text) TO service_role;

-- The mailbox's fingerprint: hex SHA-256 of private.mailbox(address), what is kept of a mailbox where its
-- address may not be (suppressions, privacy tokens, delivery events), and the key of the indexes by which
-- erasure and copies find its rows; those indexes are computed as the role that inserts. Declared
-- IMMUTABLE although convert_to is only STABLE: convert_to depends on the database encoding, which is
-- fixed (UTF8) for the life of a database.
CREATE FUNCTION private.mailbox_sha256(p_address text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
  select encode(sha256(convert_to(private.mailbox(p_address), 'UTF8')), 'hex')
$$;
REVOKE ALL ON FUNCTION private.mailbox_sha256(p_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mailbox_sha256(p_address text) TO anon;
GRANT ALL ON FUNCTION private.mailbox_sha256(p_address text) TO authenticated;
GRANT ALL ON FUNCTION private.mailbox_sha256(p_address text) TO service_role;

-- The person behind an address, for the referral rules (the self-referral hold at insert, the credits
-- of the places, the console's referral counts) and the budget of unconfirmed mail (mail-budget.sql). Lower case and no +tag, as private.mailbox;
-- then, for a listed provider (the address's own domain, else its last three labels, else its last two,
-- when those take per-user subdomains), the user name is the local part, or for a per-user subdomain the
-- label just in front of the provider's domain; what follows a keyword separator is dropped, the
-- provider's folded characters are translated, and the key names the provider's canonical domain. Every
-- listed domain has two or three labels (referral-identity.test.ts holds that), so those are the only
-- parents looked up. Any other address is its mailbox.
CREATE FUNCTION private.person_mailbox(p_address text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
declare
  v_local text := lower(split_part(split_part(p_address, '@', 1), '+', 1));
  v_domain text := lower(split_part(p_address, '@', 2));
  v_labels text[] := string_to_array(v_domain, '.');
  v_n integer := cardinality(v_labels);
  v_user text := v_local;
  -- Planned once per session, the rules' constant folded in: one search of it per lookup.
  v_rule jsonb := private.mail_domain_rules_json() -> v_domain;
begin
  if v_rule is null and v_n > 3 then
    v_rule := private.mail_domain_rules_json() -> array_to_string(v_labels[v_n - 2:], '.');
    v_user := v_labels[v_n - 3];
    if (v_rule ->> 'userSubdomains') is distinct from 'true' then
      v_rule := null;
    end if;
  end if;
  if v_rule is null and v_n > 2 then
    v_rule := private.mail_domain_rules_json() -> array_to_string(v_labels[v_n - 1:], '.');
    v_user := v_labels[v_n - 2];
    if (v_rule ->> 'userSubdomains') is distinct from 'true' then
      v_rule := null;
    end if;
  end if;
  if v_rule is null then
    return v_local || '@' || v_domain;
  end if;
  if v_rule ->> 'keywordSeparator' <> '' then
    v_user := split_part(v_user, v_rule ->> 'keywordSeparator', 1);
  end if;
  return translate(v_user, v_rule ->> 'foldFrom', v_rule ->> 'foldTo') || '@' || (v_rule ->> 'canonical');
end;
$$;
REVOKE ALL ON FUNCTION private.person_mailbox(p_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.person_mailbox(p_address text) TO service_role;

-- The person's fingerprint: hex SHA-256 of private.person_mailbox(address), the key the budget of
-- unconfirmed mail counts by (private.rate_limit_events keeps no address).
CREATE FUNCTION private.person_mailbox_sha256(p_address text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
  select encode(sha256(convert_to(private.person_mailbox(p_address), 'UTF8')), 'hex')
$$;
REVOKE ALL ON FUNCTION private.person_mailbox_sha256(p_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.person_mailbox_sha256(p_address text) TO service_role;
