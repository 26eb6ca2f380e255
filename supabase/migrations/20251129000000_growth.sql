-- Growth (issue 27, docs/growth.md): where sign-ups come from, how many pages are viewed, and a place in
-- line with a referral link for the early-access list and the waitlist.
--
-- 1. Attribution: every sign-up and application stores the visit's campaign tags, the referring site's
--    host and the landing path, in the shapes of supabase/functions/_shared/rules/attribution.ts (the
--    CHECKs below; supabase/tests/attribution-rules.test.ts holds the two equal). Anon may insert them
--    with a list sign-up; applications are stored by submit-application with the service role.
-- 2. Referrals: each early-access and waitlist sign-up gets a referral code (64 random bits) made here,
--    and may name the code it arrived with (referred_by). At insert a trigger drops a code that names no
--    sign-up of the same list and holds a referral that must not earn credit: the same person, or over
--    the hourly caps per client address and per code. Confirmation holds one from a disposable mailbox
--    (the edge function knows the list; it tells confirm_signup). A hold is a fact kept with the row; the
--    sign-up is stored either way. Nobody may change a code, a referrer or a hold afterwards, so a loop of
--    referrals cannot form (a referrer exists before whom it refers).
-- 3. Places: recomputed from the rows whenever they are read (private.line_places), never counted, so
--    erasing a sign-up takes its place and the credit it gave with it. Confirmed members in the order
--    they confirmed; each credited referral moves its referrer up private.places_per_referral() places.
-- 4. Confirming a list sign-up of a line queues a 'place' mail (its place, its referral link and a link
--    to see the place later) in the same transaction, once per sign-up. The mail's links carry tokens the
--    worker derives from the message id and stores (keep_place_tokens), as it does for invitations.
-- 5. Visits: public.visit_counts holds counts per UTC day, path and source only: no cookie, identifier or
--    address. public.record_visit adds one, at most 60 a minute per client address (the address counts
--    in the rate limit's table, kept at most a day, never with the counts).
--
-- Plain SQL for PGlite, PostgreSQL 15 and hosted 17. The new columns are nullable or get a value for
-- every existing row, and no existing row breaks a new CHECK, so nothing here needs NOT VALID.
--
-- confirm_signup gains a parameter with a default: the functions deployed before this migration call it
-- with p_token_hash alone, which hosted PostgREST still resolves, until the new ones are live.

-- 1. Attribution ---------------------------------------------------------------------------------------

-- The shapes of rules/attribution.ts: CAMPAIGN_TAG_PATTERN, HOST_PATTERN (at most 253 characters),
-- PATH_PATTERN. Pure, like private.is_plain_email_address, so the CHECKs can inline them.
create function private.is_campaign_tag(p_value text)
returns boolean
language sql
immutable
strict
parallel safe
as $$
  select p_value ~ '^[a-z0-9][a-z0-9._~+-]{0,99}$'
$$;

create function private.is_host_name(p_value text)
returns boolean
language sql
immutable
strict
parallel safe
as $$
  select char_length(p_value) <= 253
     and p_value ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$'
$$;

create function private.is_site_path(p_value text)
returns boolean
language sql
immutable
strict
parallel safe
as $$
  select p_value ~ '^/[A-Za-z0-9._~/-]{0,199}$'
$$;

revoke all on function private.is_campaign_tag(text) from public;
revoke all on function private.is_host_name(text) from public;
revoke all on function private.is_site_path(text) from public;
-- The CHECKs below call them as the inserting role.
grant execute on function private.is_campaign_tag(text) to anon, authenticated, service_role;
grant execute on function private.is_host_name(text) to anon, authenticated, service_role;
grant execute on function private.is_site_path(text) to anon, authenticated, service_role;

do $$
declare
  signup_table text;
begin
  foreach signup_table in array array[
    'early_access_signups', 'newsletter_subscriptions', 'waitlist_signups', 'general_applications'
  ] loop
    execute format(
      'alter table public.%1$I
         add column utm_source text,
         add column utm_medium text,
         add column utm_campaign text,
         add column referrer_host text,
         add column landing_path text,
         add constraint %2$I check (utm_source is null or private.is_campaign_tag(utm_source)),
         add constraint %3$I check (utm_medium is null or private.is_campaign_tag(utm_medium)),
         add constraint %4$I check (utm_campaign is null or private.is_campaign_tag(utm_campaign)),
         add constraint %5$I check (referrer_host is null or private.is_host_name(referrer_host)),
         add constraint %6$I check (landing_path is null or private.is_site_path(landing_path))',
      signup_table,
      signup_table || '_utm_source_check',
      signup_table || '_utm_medium_check',
      signup_table || '_utm_campaign_check',
      signup_table || '_referrer_host_check',
      signup_table || '_landing_path_check');
  end loop;
end;
$$;

grant insert (utm_source, utm_medium, utm_campaign, referrer_host, landing_path)
  on table public.early_access_signups to anon;
grant insert (utm_source, utm_medium, utm_campaign, referrer_host, landing_path)
  on table public.newsletter_subscriptions to anon;
grant insert (utm_source, utm_medium, utm_campaign, referrer_host, landing_path)
  on table public.waitlist_signups to anon;

-- The source a console groups by (rules/attribution.ts, DIRECT_SOURCE): the campaign's utm_source, else
-- the referring host, else 'direct'. An empty string is unknown, as visit_counts stores it.
create function private.source_label(p_utm_source text, p_referrer_host text)
returns text
language sql
immutable
parallel safe
as $$
  select coalesce(nullif(p_utm_source, ''), nullif(p_referrer_host, ''), 'direct')
$$;
revoke all on function private.source_label(text, text) from public;
grant execute on function private.source_label(text, text) to authenticated, service_role;

-- 2. Referrals -----------------------------------------------------------------------------------------

-- 16 lowercase hex digits, all random: a version 4 uuid's digits without its version digit (the 13th,
-- always 4) and its variant digit (the 17th, two fixed bits). 64 bits: two codes of a million sign-ups
-- collide with a chance of about 1 in 37 million, and the unique constraint refuses that insert.
create function private.new_referral_code()
returns text
language sql
volatile
set search_path = ''
as $$
  select substr(u.hex, 1, 12) || substr(u.hex, 14, 3) || substr(u.hex, 18, 1)
    from (select replace(gen_random_uuid()::text, '-', '') as hex) u
$$;
revoke all on function private.new_referral_code() from public;
-- The column default below runs as the inserting role.
grant execute on function private.new_referral_code() to anon, authenticated, service_role;

-- The person behind an address, for telling a self-referral: private.mailbox (lower case, no +tag), and
-- Gmail's dots in the local part ignored, googlemail.com as gmail.com (Gmail delivers all of those to one
-- mailbox). Only the referral rule uses it; the lists' uniqueness stays private.mailbox's.
create function private.person_mailbox(p_address text)
returns text
language sql
immutable
strict
parallel safe
as $$
  select case
    when m.domain in ('gmail.com', 'googlemail.com') then replace(m.local, '.', '') || '@gmail.com'
    else m.local || '@' || m.domain
  end
    from (select lower(split_part(split_part(p_address, '@', 1), '+', 1)) as local,
                 lower(split_part(p_address, '@', 2)) as domain) m
$$;
revoke all on function private.person_mailbox(text) from public;
grant execute on function private.person_mailbox(text) to service_role;

alter table public.early_access_signups
  add column referral_code text not null default private.new_referral_code(),
  add column referred_by text,
  add column referral_hold text,
  add constraint early_access_signups_referral_code_key unique (referral_code),
  add constraint early_access_signups_referral_code_check check (referral_code ~ '^[0-9a-f]{16}$'),
  add constraint early_access_signups_referred_by_check check (referred_by ~ '^[0-9a-f]{16}$'),
  add constraint early_access_signups_referral_hold_check
    check (referral_hold in ('self', 'address_cap', 'code_cap', 'disposable')),
  -- Only a referral is held.
  add constraint early_access_signups_referral_hold_referred_check
    check (referral_hold is null or referred_by is not null);
alter table public.waitlist_signups
  add column referral_code text not null default private.new_referral_code(),
  add column referred_by text,
  add column referral_hold text,
  add constraint waitlist_signups_referral_code_key unique (referral_code),
  add constraint waitlist_signups_referral_code_check check (referral_code ~ '^[0-9a-f]{16}$'),
  add constraint waitlist_signups_referred_by_check check (referred_by ~ '^[0-9a-f]{16}$'),
  add constraint waitlist_signups_referral_hold_check
    check (referral_hold in ('self', 'address_cap', 'code_cap', 'disposable')),
  add constraint waitlist_signups_referral_hold_referred_check
    check (referral_hold is null or referred_by is not null);
-- The places count each referrer's referred rows.
create index early_access_signups_referred_by on public.early_access_signups (referred_by)
  where referred_by is not null;
create index waitlist_signups_referred_by on public.waitlist_signups (referred_by)
  where referred_by is not null;

-- The visitor names the code its link carried; the code and the hold are the database's.
grant insert (referred_by) on table public.early_access_signups to anon;
grant insert (referred_by) on table public.waitlist_signups to anon;

insert into public.rate_limit_rules (action, max_requests, window_seconds, description) values
  ('referral-per-address', 3, 3600, 'referred sign-ups that may earn credit per client address');

-- rules/places.ts, REFERRAL_CAPS.perCodePerHour (supabase/tests/referral-caps.test.ts holds them equal):
-- the referrals of one code that may be credited per hour of confirmations (public.confirm_signup).
create function private.referral_code_cap_per_hour()
returns integer
language sql
immutable
as $$ select 10 $$;
revoke all on function private.referral_code_cap_per_hour() from public;
grant execute on function private.referral_code_cap_per_hour() to service_role;

-- Before a sign-up of a line is stored: its own fresh code, no hold but the rules', and its referral
-- vetted. A code that names no sign-up of the same list is dropped. A referral by the same person is held
-- as 'self'; one over 3 an hour from the client address as 'address_cap' (a held referral takes no count).
-- The cap per code is not counted here but at confirmation (public.confirm_signup): a code is public, and
-- a cap that unconfirmed sign-ups used up would let anyone spend a stranger's hour of credit. Runs after the rate limit and the suppression
-- triggers (triggers fire in name order: <table>_anon_limits, <table>_suppressed, <table>_vet_referral),
-- so a refused sign-up counts nothing here. Runs as its owner: it reads the referrer's row and counts in
-- the rate limit's table, neither of which anon may.
create function private.hold_referral()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_referrer_email text;
begin
  new.referral_code := private.new_referral_code();
  new.referral_hold := null;
  if new.referred_by is null then
    return new;
  end if;
  execute format('select email from public.%I where referral_code = $1', tg_table_name)
     into v_referrer_email
    using new.referred_by;
  if v_referrer_email is null then
    new.referred_by := null;
    return new;
  end if;
  if private.person_mailbox(v_referrer_email) = private.person_mailbox(new.email) then
    new.referral_hold := 'self';
    return new;
  end if;
  begin
    perform private.take_keyed_rate_limit_token(
      'referral-per-address', private.client_key(private.request_client_address()));
  exception when sqlstate 'PT429' then
    new.referral_hold := 'address_cap';
  end;
  return new;
end;
$$;
revoke all on function private.hold_referral() from public;
grant execute on function private.hold_referral() to anon, service_role;

create trigger early_access_signups_vet_referral
  before insert on public.early_access_signups
  for each row execute function private.hold_referral();
create trigger waitlist_signups_vet_referral
  before insert on public.waitlist_signups
  for each row execute function private.hold_referral();

-- A referral is what it was when stored: only confirm_signup's holds ('disposable', 'code_cap') may be
-- added later.
create function private.keep_referral()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if new.referral_code is distinct from old.referral_code
     or new.referred_by is distinct from old.referred_by
     or (new.referral_hold is distinct from old.referral_hold
         and not (old.referral_hold is null and new.referral_hold in ('disposable', 'code_cap'))) then
    raise exception 'A sign-up''s referral code, referrer and hold do not change'
      using errcode = '42501';
  end if;
  return new;
end;
$$;
revoke all on function private.keep_referral() from public;
grant execute on function private.keep_referral() to service_role;

create trigger early_access_signups_keep_referral
  before update on public.early_access_signups
  for each row execute function private.keep_referral();
create trigger waitlist_signups_keep_referral
  before update on public.waitlist_signups
  for each row execute function private.keep_referral();

-- 3. Places --------------------------------------------------------------------------------------------

-- rules/places.ts, PLACES_PER_REFERRAL (supabase/tests/place-rules.test.ts holds them equal).
create function private.places_per_referral()
returns integer
language sql
immutable
as $$ select 10 $$;
revoke all on function private.places_per_referral() from public;
grant execute on function private.places_per_referral() to service_role;

-- Every confirmed member of a line with its place and its credited referrals. Arrival is the order of
-- confirmation (confirmed_at, then id). A referral is credited when the referred sign-up is confirmed, not
-- held, and was made after its referrer; referred sign-ups of one person (one mailbox written with Gmail
-- dots, googlemail.com or +tags, private.person_mailbox) count once. The place is the rank of arrival − 10 × credited; a member with
-- credit goes ahead of one without that it draws level with (else a referral would move it up 9 places,
-- not the 10 the page and the mail promise), and other ties go by arrival. Nobody passes #1, and a
-- referral moves only its referrer.
create function private.line_places(p_list text)
returns table (id uuid, place bigint, credited bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if p_list is null or p_list not in ('early_access', 'waitlist') then
    raise exception 'not a list with a line: %', coalesce(p_list, 'null') using errcode = '22023';
  end if;
  return query execute format(
    'with members as (
       select m.id, m.referral_code, m.created_at,
              row_number() over (order by m.confirmed_at, m.id) as arrival
         from public.%1$I m
        where m.confirmed_at is not null
     ),
     credits as (
       select m.id, count(distinct private.person_mailbox(x.email)) as credited
         from members m
         join public.%1$I x on x.referred_by = m.referral_code
        where x.confirmed_at is not null
          and x.referral_hold is null
          and x.created_at > m.created_at
        group by m.id
     )
     select m.id,
            row_number() over (
              order by m.arrival - private.places_per_referral() * coalesce(c.credited, 0),
                       c.credited is null, m.arrival, m.id),
            coalesce(c.credited, 0)
       from members m
       left join credits c on c.id = m.id',
    private.signup_table(p_list));
end;
$$;
revoke all on function private.line_places(text) from public;
grant execute on function private.line_places(text) to service_role;

-- A sign-up's place now: {list, position, referral_code, credited}, or NULL when it is not (or no longer)
-- a confirmed member of the line.
create function public.signup_place(p_list text, p_id uuid)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_code text;
  v_place bigint;
  v_credited bigint;
begin
  if p_list is null or p_list not in ('early_access', 'waitlist') then
    raise exception 'not a list with a line: %', coalesce(p_list, 'null') using errcode = '22023';
  end if;
  execute format('select referral_code from public.%I where id = $1 and confirmed_at is not null',
                 private.signup_table(p_list))
     into v_code
    using p_id;
  if v_code is null then
    return null;
  end if;
  select l.place, l.credited into v_place, v_credited
    from private.line_places(p_list) l
   where l.id = p_id;
  return jsonb_build_object('list', p_list, 'position', v_place, 'referral_code', v_code,
                            'credited', v_credited);
end;
$$;

-- 4. Confirmation --------------------------------------------------------------------------------------

-- The domain of the sign-up a live confirm token names, lower case (the edge function checks it against
-- the disposable-domain list before it confirms); NULL for any other token. Uses nothing up.
create function public.confirm_token_email_domain(p_token_hash text)
returns text
language sql
stable
security invoker
set search_path = ''
as $$
  select lower(split_part(coalesce(
           (select e.email from public.early_access_signups e where e.id = t.early_access_id),
           (select n.email from public.newsletter_subscriptions n where n.id = t.newsletter_id),
           (select w.email from public.waitlist_signups w where w.id = t.waitlist_id)), '@', 2))
    from public.email_tokens t
   where t.token_hash = p_token_hash and t.purpose = 'confirm' and t.expires_at > now()
$$;

-- As migration 20250901000000 (once, within 7 days; lifts a suppression), and: a referral from a
-- disposable mailbox (p_disposable_domain, the function's finding) is held; the first confirmation of a
-- sign-up of a line queues its 'place' mail; the answer is {list, place}, place being {position,
-- referral_code} for a line and NULL for the newsletter. NULL for any other token.
drop function public.confirm_signup(text);

create function public.confirm_signup(p_token_hash text, p_disposable_domain boolean default false)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_token public.email_tokens;
  v_list text;
  v_table text;
  v_id uuid;
  v_email text;
  v_first boolean;
  v_place jsonb;
  v_code text;
  v_credited_this_hour bigint;
begin
  delete from public.email_tokens
   where token_hash = p_token_hash and purpose = 'confirm' and expires_at > now()
  returning * into v_token;
  if not found then
    return null;
  end if;
  v_list := case
    when v_token.early_access_id is not null then 'early_access'
    when v_token.newsletter_id is not null then 'newsletter'
    else 'waitlist'
  end;
  v_table := private.signup_table(v_list);
  v_id := coalesce(v_token.early_access_id, v_token.newsletter_id, v_token.waitlist_id);
  -- Only the update that confirms it finds the row unconfirmed: a second confirm token of the same
  -- sign-up, even at the same moment, waits for the row and queues no second mail.
  execute format('update public.%I set confirmed_at = now() where id = $1 and confirmed_at is null
                  returning email', v_table)
     into v_email
    using v_id;
  v_first := v_email is not null;
  if not v_first then
    execute format('select email from public.%I where id = $1', v_table) into v_email using v_id;
  end if;
  delete from public.email_suppressions
   where mailbox_sha256 = private.mailbox_sha256(v_email) and list = v_list;
  if v_list = 'newsletter' then
    return jsonb_build_object('list', v_list, 'place', null);
  end if;

  if coalesce(p_disposable_domain, false) then
    execute format('update public.%I set referral_hold = ''disposable''
                     where id = $1 and referred_by is not null and referral_hold is null', v_table)
      using v_id;
  end if;
  -- The cap per code, over the last hour of confirmations: counted from the rows, one confirmation of
  -- the code at a time (the lock), so that two at once cannot both take the last credit.
  if v_first then
    execute format('select referred_by from public.%I where id = $1 and referral_hold is null', v_table)
       into v_code
      using v_id;
    if v_code is not null then
      perform pg_advisory_xact_lock(hashtextextended('referral code ' || v_code, 0));
      execute format('select count(*) from public.%I
                       where referred_by = $1 and id <> $2 and referral_hold is null
                         and confirmed_at > now() - interval ''1 hour''', v_table)
         into v_credited_this_hour
        using v_code, v_id;
      if v_credited_this_hour >= private.referral_code_cap_per_hour() then
        execute format('update public.%I set referral_hold = ''code_cap'' where id = $1', v_table)
          using v_id;
      end if;
    end if;
  end if;
  if v_first then
    insert into public.mail_queue (id, kind, list, early_access_id, waitlist_id)
    values (gen_random_uuid(), 'place', v_list,
            case when v_list = 'early_access' then v_id end,
            case when v_list = 'waitlist' then v_id end);
  end if;
  v_place := public.signup_place(v_list, v_id);
  return jsonb_build_object(
    'list', v_list,
    'place', case when v_place is not null then
      jsonb_build_object('position', v_place -> 'position', 'referral_code', v_place -> 'referral_code')
    end);
end;
$$;

-- 5. The place mail ------------------------------------------------------------------------------------

alter table public.mail_queue drop constraint mail_queue_kind_check;
alter table public.mail_queue drop constraint mail_queue_subject_check;
alter table public.mail_queue
  add constraint mail_queue_kind_check check (kind in ('thank_you', 'privacy_link', 'invite', 'place')),
  add constraint mail_queue_subject_check check (
    case kind
      when 'thank_you' then
        action is null and recipient is null
        and case list
          when 'early_access' then num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1 and early_access_id is not null
          when 'newsletter' then num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1 and newsletter_id is not null
          when 'waitlist' then num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1 and waitlist_id is not null
          when 'career' then num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1 and application_id is not null
          else false
        end
      when 'invite' then
        list = 'waitlist' and action is null and recipient is null
        and num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1
        and waitlist_id is not null
      -- A place mail names the sign-up of a line; it goes with the row.
      when 'place' then
        action is null and recipient is null
        and case list
          when 'early_access' then num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1 and early_access_id is not null
          when 'waitlist' then num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1 and waitlist_id is not null
          else false
        end
      else
        list is null and action in ('erase', 'copy')
        and num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 0
        and (recipient is not null or status = 'sent')
    end);

-- A place token opens the place page of one sign-up of a line; like an unsubscribe token it lives as
-- long as its sign-up.
alter table public.email_tokens drop constraint email_tokens_purpose_check;
alter table public.email_tokens drop constraint email_tokens_subject_check;
alter table public.email_tokens
  add constraint email_tokens_purpose_check
    check (purpose in ('confirm', 'unsubscribe', 'erase', 'copy', 'place')),
  add constraint email_tokens_subject_check check (
    case purpose
      when 'confirm' then
        num_nonnulls(early_access_id, newsletter_id, waitlist_id) = 1
        and application_id is null and mailbox_sha256 is null and expires_at is not null
      when 'unsubscribe' then
        num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1
        and mailbox_sha256 is null
      when 'place' then
        num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1
        and (early_access_id is not null or waitlist_id is not null)
        and mailbox_sha256 is null
      else
        num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 0
        and mailbox_sha256 is not null and expires_at is not null
    end);

-- As migration 20251128000000, and a place mail goes to its sign-up while the sign-up is a confirmed
-- member of the line and its mailbox is not suppressed for the list, with the place as it is at the
-- moment of sending, the referral code and (waitlist) the first name. Otherwise its `to` is NULL, and so
-- are its place and code: the worker does not send it.
create or replace function public.take_queued_mail(p_lease_seconds integer)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_message public.mail_queue;
  v_to text;
  v_first_name text;
  v_place jsonb;
begin
  update public.mail_queue
     set status = 'dead', dead_at = now(), lease = null, leased_until = null,
         last_error = left(case
           when status = 'sending' and attempts >= private.mail_max_attempts() then
             'The worker stopped while sending, ' || attempts || ' times.'
           when kind = 'privacy_link' and created_at < now() - interval '1 hour' then
             'Its link expired (1 hour) before it could be sent.'
           else 'Not sent within 23 hours; last answer: ' || coalesce(last_error, 'none')
         end, 1000)
   where status in ('queued', 'sending')
     and (status = 'queued' or leased_until <= now())
     and ((status = 'sending' and attempts >= private.mail_max_attempts())
          or (kind = 'privacy_link' and created_at < now() - interval '1 hour')
          or created_at < now() - interval '23 hours');

  select * into v_message
    from public.mail_queue
   where (status = 'queued' and available_at <= now())
      or (status = 'sending' and leased_until <= now())
   order by available_at, created_at
   limit 1
     for update skip locked;
  if not found then
    return null;
  end if;
  update public.mail_queue
     set status = 'sending', attempts = attempts + 1, lease = gen_random_uuid(),
         leased_until = now() + make_interval(secs => greatest(p_lease_seconds, 1))
   where id = v_message.id
  returning * into v_message;

  if v_message.kind = 'invite' then
    select w.email, w.first_name into v_to, v_first_name
      from public.waitlist_signups w
     where w.id = v_message.waitlist_id
       and w.confirmed_at is not null
       and not exists (select from public.email_suppressions s
                        where s.mailbox_sha256 = private.mailbox_sha256(w.email) and s.list = 'waitlist');
    return jsonb_build_object(
      'id', v_message.id, 'lease', v_message.lease, 'kind', v_message.kind, 'list', v_message.list,
      'action', v_message.action, 'to', v_to, 'attempts', v_message.attempts,
      'first_name', v_first_name);
  end if;
  if v_message.kind = 'place' then
    if v_message.list = 'early_access' then
      select e.email into v_to
        from public.early_access_signups e
       where e.id = v_message.early_access_id
         and e.confirmed_at is not null
         and not exists (select from public.email_suppressions s
                          where s.mailbox_sha256 = private.mailbox_sha256(e.email) and s.list = 'early_access');
    else
      select w.email, w.first_name into v_to, v_first_name
        from public.waitlist_signups w
       where w.id = v_message.waitlist_id
         and w.confirmed_at is not null
         and not exists (select from public.email_suppressions s
                          where s.mailbox_sha256 = private.mailbox_sha256(w.email) and s.list = 'waitlist');
    end if;
    if v_to is not null then
      v_place := public.signup_place(v_message.list,
                                     coalesce(v_message.early_access_id, v_message.waitlist_id));
    end if;
    if v_place is null then
      v_to := null;
      v_first_name := null;
    end if;
    return jsonb_build_object(
      'id', v_message.id, 'lease', v_message.lease, 'kind', v_message.kind, 'list', v_message.list,
      'action', v_message.action, 'to', v_to, 'attempts', v_message.attempts,
      'position', v_place -> 'position', 'referral_code', v_place -> 'referral_code',
      'first_name', v_first_name);
  end if;
  v_to := case v_message.kind
    when 'privacy_link' then v_message.recipient
    else coalesce(
      (select email from public.early_access_signups where id = v_message.early_access_id),
      (select email from public.newsletter_subscriptions where id = v_message.newsletter_id),
      (select email from public.waitlist_signups where id = v_message.waitlist_id),
      (select email from public.general_applications where id = v_message.application_id))
  end;
  return jsonb_build_object(
    'id', v_message.id, 'lease', v_message.lease, 'kind', v_message.kind, 'list', v_message.list,
    'action', v_message.action, 'to', v_to, 'attempts', v_message.attempts);
end;
$$;

-- A place mail's links: the place page's token and the unsubscribe token, derived from the message id
-- with MAIL_LINK_SECRET (which only the functions hold), stored as hashes by the worker before it sends,
-- under the lease it holds. Repeating it for a retry changes nothing. False when the lease is not the
-- caller's any more or the message is gone with its sign-up.
create function public.keep_place_tokens(
  p_id uuid,
  p_lease uuid,
  p_place_token_hash text,
  p_unsubscribe_token_hash text
)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_early_access_id uuid;
  v_waitlist_id uuid;
begin
  select early_access_id, waitlist_id into v_early_access_id, v_waitlist_id
    from public.mail_queue
   where id = p_id and lease = p_lease and status = 'sending' and kind = 'place';
  if not found then
    return false;
  end if;
  insert into public.email_tokens (token_hash, purpose, early_access_id, waitlist_id)
  values (p_place_token_hash, 'place', v_early_access_id, v_waitlist_id),
         (p_unsubscribe_token_hash, 'unsubscribe', v_early_access_id, v_waitlist_id)
  on conflict (token_hash) do nothing;
  return true;
end;
$$;

-- What a place link shows: {list, position, referral_code} of its sign-up now, or NULL for any other
-- token and for a sign-up that is no longer a confirmed member. Viewing uses nothing up.
create function public.place_for_token(p_token_hash text)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_token public.email_tokens;
  v_list text;
  v_place jsonb;
begin
  select * into v_token
    from public.email_tokens
   where token_hash = p_token_hash and purpose = 'place'
     and (expires_at is null or expires_at > now());
  if not found then
    return null;
  end if;
  v_list := case when v_token.early_access_id is not null then 'early_access' else 'waitlist' end;
  v_place := public.signup_place(v_list, coalesce(v_token.early_access_id, v_token.waitlist_id));
  if v_place is null then
    return null;
  end if;
  return jsonb_build_object('list', v_list, 'position', v_place -> 'position',
                            'referral_code', v_place -> 'referral_code');
end;
$$;

-- 6. Visits --------------------------------------------------------------------------------------------

-- Page views and landings (first pages of a visit) per UTC day, path and source. '' is an unknown
-- source field, so that the primary key can hold it.
create table public.visit_counts (
  day date not null,
  path text not null,
  source text not null default '',
  medium text not null default '',
  campaign text not null default '',
  referrer_host text not null default '',
  views bigint not null default 0,
  landings bigint not null default 0,
  primary key (day, path, source, medium, campaign, referrer_host),
  constraint visit_counts_path_check check (private.is_site_path(path)),
  constraint visit_counts_source_check check (source = '' or private.is_campaign_tag(source)),
  constraint visit_counts_medium_check check (medium = '' or private.is_campaign_tag(medium)),
  constraint visit_counts_campaign_check check (campaign = '' or private.is_campaign_tag(campaign)),
  constraint visit_counts_referrer_host_check
    check (referrer_host = '' or private.is_host_name(referrer_host)),
  constraint visit_counts_counts_check check (landings >= 0 and views >= landings)
);
alter table public.visit_counts enable row level security;
alter table public.visit_counts force row level security;
revoke all on table public.visit_counts from public, anon, authenticated;
grant select, insert, update on table public.visit_counts to service_role;

insert into public.rate_limit_rules (action, max_requests, window_seconds, description) values
  ('record-visit', 60, 60, 'page views counted per client address');

-- The distinct (path, source) rows one day may have. The beacon's fields are the visitor's to choose, so
-- a script could otherwise add a row per made-up tag; past this, new combinations are counted together
-- under the path '/other' and the source 'other', and the console stays the size of real traffic.
create function private.visit_rows_per_day()
returns integer
language sql
immutable
as $$ select 1000 $$;
revoke all on function private.visit_rows_per_day() from public;
grant execute on function private.visit_rows_per_day() to service_role;

-- Counts one page view (and a landing) of today, UTC, for the record-visit function. False, and nothing
-- counted, over the client address's limit: the beacon's answer is the same either way.
create function public.record_visit(
  p_path text,
  p_landing boolean,
  p_source text,
  p_medium text,
  p_campaign text,
  p_referrer_host text,
  p_client_address text
)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_day date := (now() at time zone 'UTC')::date;
  v_path text := p_path;
  v_source text := coalesce(p_source, '');
  v_medium text := coalesce(p_medium, '');
  v_campaign text := coalesce(p_campaign, '');
  v_referrer_host text := coalesce(p_referrer_host, '');
begin
  begin
    perform private.take_rate_limit_token('record-visit', p_client_address);
  exception when sqlstate 'PT429' then
    return false;
  end;
  if not exists (select from public.visit_counts
                  where day = v_day and path = v_path and source = v_source and medium = v_medium
                    and campaign = v_campaign and referrer_host = v_referrer_host)
     and (select count(*) from public.visit_counts where day = v_day) >= private.visit_rows_per_day() then
    v_path := '/other';
    v_source := 'other';
    v_medium := '';
    v_campaign := '';
    v_referrer_host := '';
  end if;
  insert into public.visit_counts as v
    (day, path, source, medium, campaign, referrer_host, views, landings)
  values (v_day, v_path, v_source, v_medium, v_campaign, v_referrer_host, 1,
          case when coalesce(p_landing, false) then 1 else 0 end)
  on conflict (day, path, source, medium, campaign, referrer_host)
  do update set views = v.views + 1, landings = v.landings + excluded.landings;
  return true;
end;
$$;

revoke all on function public.signup_place(text, uuid) from public, anon, authenticated;
revoke all on function public.confirm_token_email_domain(text) from public, anon, authenticated;
revoke all on function public.confirm_signup(text, boolean) from public, anon, authenticated;
revoke all on function public.keep_place_tokens(uuid, uuid, text, text) from public, anon, authenticated;
revoke all on function public.place_for_token(text) from public, anon, authenticated;
revoke all on function public.record_visit(text, boolean, text, text, text, text, text) from public, anon, authenticated;
grant execute on function public.signup_place(text, uuid) to service_role;
grant execute on function public.confirm_token_email_domain(text) to service_role;
grant execute on function public.confirm_signup(text, boolean) to service_role;
grant execute on function public.keep_place_tokens(uuid, uuid, text, text) to service_role;
grant execute on function public.place_for_token(text) to service_role;
grant execute on function public.record_visit(text, boolean, text, text, text, text, text) to service_role;

-- 7. Erasure and retention need nothing new: a place and its credits are computed from the rows, so
-- erasing or expiring a sign-up takes them along; its place tokens and place mail go with the row
-- (ON DELETE CASCADE); a copy of a mailbox's records shows the new columns as stored (to_jsonb of the
-- rows, migration 20251128000000). visit_counts holds counts without personal data and is kept.

-- 8. Members confirmed before this release -----------------------------------------------------------

-- They confirmed before places existed, and their confirmation links are used: each gets its place mail
-- (place, referral link and place page link) now, through the queue at the provider's pace, as if it had
-- confirmed today. A suppressed mailbox's sign-up no longer exists (unsubscribing deletes it).
insert into public.mail_queue (id, kind, list, early_access_id)
select gen_random_uuid(), 'place', 'early_access', id
  from public.early_access_signups where confirmed_at is not null;
insert into public.mail_queue (id, kind, list, waitlist_id)
select gen_random_uuid(), 'place', 'waitlist', id
  from public.waitlist_signups where confirmed_at is not null;
