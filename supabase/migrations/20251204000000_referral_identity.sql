-- One person counts once, across a mail provider's own spellings of one mailbox (docs/growth.md,
-- "Referral credit and its defences"). private.person_mailbox folded only Gmail's (dots, googlemail.com);
-- Proton's twin domains, iCloud's three domains, Fastmail's per-user subdomains and Yahoo's base-keyword
-- addresses counted as different people, so a member could refer itself, or one friend count many times.
--
-- 1. private.mail_domain_rules_json: each listed provider domain and how it spells one mailbox, the table
--    of supabase/functions/_shared/rules/person-mailbox.ts (MAIL_DOMAIN_RULES; referral-identity.test.ts
--    holds the two equal, row for row, and runs one list of addresses through both).
-- 2. private.person_mailbox applies it: lower case, no +tag, then the domain's own rule, or that of its
--    last three labels, else its last two, when those take per-user subdomains
--    (anything@user.fastmail.com is user@fastmail.com). Its callers (the self-referral hold at insert,
--    the credits of private.line_places, the console's referral counts) are unchanged.
-- 3. Referrals stored before, whose referrer is the same person under the new rule and which hold
--    nothing, are held as self, as they would be if made today.

-- 1. An object keyed by domain, so a lookup is one search of a constant: the function runs for every
-- referred row of every place read.
create function private.mail_domain_rules_json()
returns jsonb
language sql
immutable
parallel safe
as $$
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
revoke all on function private.mail_domain_rules_json() from public;
grant execute on function private.mail_domain_rules_json() to service_role;

-- The same as rows, for reading.
create function private.mail_domain_rules()
returns table (
  domain text,
  canonical text,
  fold_from text,
  fold_to text,
  keyword_separator text,
  user_subdomains boolean
)
language sql
immutable
parallel safe
as $$
  select r.key, r.value ->> 'canonical', r.value ->> 'foldFrom', r.value ->> 'foldTo',
         r.value ->> 'keywordSeparator', (r.value ->> 'userSubdomains')::boolean
    from jsonb_each(private.mail_domain_rules_json()) r
$$;
revoke all on function private.mail_domain_rules() from public;
grant execute on function private.mail_domain_rules() to service_role;

-- 2. The person behind an address, for the referral rules only; the lists' uniqueness stays
-- private.mailbox's. The user name is the local part, or for a per-user subdomain the label just below
-- the provider's domain; what follows a keyword separator is dropped, then the provider's folded
-- characters are translated, and the key names the provider's canonical domain. Every listed domain has
-- two or three labels (the test holds that), so those are the only parents looked up.
create or replace function private.person_mailbox(p_address text)
returns text
language plpgsql
immutable
strict
parallel safe
as $$
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

-- 3. The referrals already stored. A hold is otherwise only ever added by confirm_signup (the trigger
-- private.keep_referral refuses any other change), so that trigger is set aside for this one update.
do $$
declare
  v_table text;
  v_triggers text[];
  v_trigger text;
begin
  foreach v_table in array array['early_access_signups', 'waitlist_signups'] loop
    select coalesce(array_agg(t.tgname::text), '{}') into v_triggers
      from pg_trigger t
     where t.tgrelid = format('public.%I', v_table)::regclass
       and t.tgfoid = to_regprocedure('private.keep_referral()')
       and not t.tgisinternal;
    foreach v_trigger in array v_triggers loop
      execute format('alter table public.%I disable trigger %I', v_table, v_trigger);
    end loop;
    execute format(
      'update public.%1$I x set referral_hold = ''self''
         from public.%1$I r
        where r.referral_code = x.referred_by
          and x.referral_hold is null
          and private.person_mailbox(r.email) = private.person_mailbox(x.email)',
      v_table);
    foreach v_trigger in array v_triggers loop
      execute format('alter table public.%I enable trigger %I', v_table, v_trigger);
    end loop;
  end loop;
end;
$$;
