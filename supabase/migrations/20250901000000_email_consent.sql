-- Consent (issue 15, docs/security.md "Consent"): a sign-up counts only once its address has confirmed it
-- by email, every mail can be unsubscribed from in one click, and anyone can have every record of their
-- address erased or copied through a link mailed to it.
--
-- 1. confirmed_at on the three list tables: set when the link of the thank-you mail is used. Nothing but
--    that first mail goes to an unconfirmed sign-up. Anon cannot set it (no column grant).
-- 2. public.email_tokens: the links' tokens. A token is 32 random bytes that only the mail holds; the
--    table keeps its SHA-256 (hex), so a copy of the database opens no link. Each token has one purpose:
--    confirm (7 days, once), unsubscribe (as long as its sign-up), erase and copy (1 hour, once). Tokens
--    of a sign-up go with its row (ON DELETE CASCADE).
-- 3. public.email_suppressions: what an unsubscribe keeps, the SHA-256 of the address's mailbox
--    (private.mailbox: letter case and +tag ignored), the list and the date; the sign-up's row is deleted.
--    A later sign-up of that mailbox to that list within 30 days of the unsubscribe (or of the last
--    sign-up let through) gets the answer a current member gets, a duplicate (23505), and nothing is
--    stored or mailed; after that, the sign-up is stored and asks for confirmation once, like any other,
--    and its confirmation lifts the suppression (docs/security.md, "Suppression").
-- 4. The functions the edge functions call with the service role: claim a thank-you mail with its
--    tokens, confirm, unsubscribe, issue a privacy link, erase and copy a mailbox's records. Like the
--    ledger of migration 20250801000200 they run as the caller, and only the service role may execute
--    them.
--
-- The tables hold no row of hosted projects yet, and the new columns are nullable: no CHECK of an existing
-- table changes, so nothing here needs NOT VALID.

alter table public.early_access_signups add column confirmed_at timestamptz;
alter table public.newsletter_subscriptions add column confirmed_at timestamptz;
alter table public.waitlist_signups add column confirmed_at timestamptz;

-- The mailbox's fingerprint: hex SHA-256 of private.mailbox(address). convert_to is only STABLE because
-- it depends on the database encoding, which is fixed (UTF8) for the life of a database.
create function private.mailbox_sha256(p_address text)
returns text
language sql
immutable
strict
parallel safe
as $$
  select encode(sha256(convert_to(private.mailbox(p_address), 'UTF8')), 'hex')
$$;
revoke all on function private.mailbox_sha256(text) from public;
-- The indexes below call it while anon inserts.
grant execute on function private.mailbox_sha256(text) to anon, authenticated, service_role;

-- Erasure, copies and suppressions find a mailbox's rows by its fingerprint.
create index early_access_signups_mailbox_sha256 on public.early_access_signups (private.mailbox_sha256(email));
create index newsletter_subscriptions_mailbox_sha256 on public.newsletter_subscriptions (private.mailbox_sha256(email));
create index waitlist_signups_mailbox_sha256 on public.waitlist_signups (private.mailbox_sha256(email));
create index general_applications_mailbox_sha256 on public.general_applications (private.mailbox_sha256(email));

-- The table a list's sign-ups live in. 'career' is the applications' list: its one mail is the
-- confirmation of an application, which needs no confirming.
create function private.signup_table(p_list text)
returns text
language sql
immutable
strict
set search_path = ''
as $$
  select case p_list
    when 'early_access' then 'early_access_signups'
    when 'newsletter' then 'newsletter_subscriptions'
    when 'waitlist' then 'waitlist_signups'
    when 'career' then 'general_applications'
  end
$$;
revoke all on function private.signup_table(text) from public;
grant execute on function private.signup_table(text) to service_role;

create table public.email_tokens (
  token_hash text primary key,
  purpose text not null,
  early_access_id uuid references public.early_access_signups (id) on delete cascade,
  newsletter_id uuid references public.newsletter_subscriptions (id) on delete cascade,
  waitlist_id uuid references public.waitlist_signups (id) on delete cascade,
  application_id uuid references public.general_applications (id) on delete cascade,
  -- erase and copy: the mailbox whose records the link opens (private.mailbox_sha256).
  mailbox_sha256 text,
  created_at timestamptz not null default now(),
  -- NULL: lives as long as its sign-up (unsubscribe).
  expires_at timestamptz,
  constraint email_tokens_token_hash_check check (token_hash ~ '^[0-9a-f]{64}$'),
  constraint email_tokens_mailbox_sha256_check check (mailbox_sha256 ~ '^[0-9a-f]{64}$'),
  constraint email_tokens_purpose_check check (purpose in ('confirm', 'unsubscribe', 'erase', 'copy')),
  -- A sign-up's token names exactly one row; a privacy token names a mailbox; only unsubscribe tokens
  -- may live without an expiry, and applications need no confirming.
  constraint email_tokens_subject_check check (
    case purpose
      when 'confirm' then
        num_nonnulls(early_access_id, newsletter_id, waitlist_id) = 1
        and application_id is null and mailbox_sha256 is null and expires_at is not null
      when 'unsubscribe' then
        num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1
        and mailbox_sha256 is null
      else
        num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 0
        and mailbox_sha256 is not null and expires_at is not null
    end)
);
create index email_tokens_early_access_id on public.email_tokens (early_access_id);
create index email_tokens_newsletter_id on public.email_tokens (newsletter_id);
create index email_tokens_waitlist_id on public.email_tokens (waitlist_id);
create index email_tokens_application_id on public.email_tokens (application_id);
create index email_tokens_mailbox_sha256 on public.email_tokens (mailbox_sha256);
create index email_tokens_expires_at on public.email_tokens (expires_at);

create table public.email_suppressions (
  mailbox_sha256 text not null,
  list text not null,
  unsubscribed_on date not null default current_date,
  -- The day a later sign-up was let through to ask for confirmation again (see the header).
  last_sign_up_on date,
  primary key (mailbox_sha256, list),
  constraint email_suppressions_mailbox_sha256_check check (mailbox_sha256 ~ '^[0-9a-f]{64}$'),
  constraint email_suppressions_list_check
    check (list in ('early_access', 'newsletter', 'waitlist', 'career'))
);

-- Résumé files whose application is gone, until the storage API has removed them (SQL cannot: deleting
-- storage.objects rows leaves the bytes behind). Erasure and expiry queue them in the same transaction
-- that deletes the row, so no file is forgotten if the removal fails.
create table public.resume_removals (
  path text primary key,
  queued_at timestamptz not null default now(),
  constraint resume_removals_path_check check (path ~ '^resumes/[0-9]{13}-[0-9a-f]{32}\.(pdf|doc|docx)$')
);

alter table public.email_tokens enable row level security;
alter table public.email_tokens force row level security;
alter table public.email_suppressions enable row level security;
alter table public.email_suppressions force row level security;
alter table public.resume_removals enable row level security;
alter table public.resume_removals force row level security;
revoke all on table public.email_tokens from public, anon, authenticated;
revoke all on table public.email_suppressions from public, anon, authenticated;
revoke all on table public.resume_removals from public, anon, authenticated;
-- The service role: the functions below run with its rights, and operators may look, lift a suppression
-- or end a token early.
grant select, insert, update, delete on table public.email_tokens to service_role;
grant select, insert, update, delete on table public.email_suppressions to service_role;
grant select, insert, delete on table public.resume_removals to service_role;

-- The rate limits of the new functions, per client address, and the cap on privacy links per mailbox.
insert into public.rate_limit_rules (action, max_requests, window_seconds, description) values
  ('confirm-email', 30, 60, 'confirmation link uses per client address'),
  ('unsubscribe', 60, 60, 'unsubscribe requests per client address (mail providers send one-click ones)'),
  ('privacy-request', 5, 3600, 'erasure or copy requests per client address'),
  ('privacy-fulfil', 30, 60, 'erasure or copy link uses per client address'),
  ('privacy-link-mailbox', 3, 86400, 'erasure or copy links mailed to one mailbox');

-- The limiter of migration 20250801000100, by a key of the caller's choosing (a mailbox fingerprint), so
-- a limit can hold per recipient too. The address-based entry point now calls it.
create function private.take_keyed_rate_limit_token(p_action text, p_key text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_rule public.rate_limit_rules;
  v_now timestamptz;
  v_used integer;
begin
  select * into v_rule from public.rate_limit_rules where action = p_action;
  if not found then
    raise exception 'no rate limit rule for %', p_action using errcode = '22023';
  end if;

  perform pg_advisory_xact_lock(hashtextextended('rate limit ' || p_action || ' ' || p_key, 0));
  v_now := clock_timestamp();
  delete from private.rate_limit_events
   where action = p_action and client = p_key
     and at <= v_now - make_interval(secs => v_rule.window_seconds);
  select count(*) into v_used
    from private.rate_limit_events
   where action = p_action and client = p_key;
  if v_used >= v_rule.max_requests then
    raise sqlstate 'PT429' using
      message = 'Too many requests from this address',
      detail = format('At most %s in %s seconds: %s.', v_rule.max_requests, v_rule.window_seconds,
                      v_rule.description),
      hint = 'Wait a minute and try again.';
  end if;
  insert into private.rate_limit_events (action, client, at) values (p_action, p_key, v_now);

  delete from private.rate_limit_events
   where ctid in (select ctid from private.rate_limit_events
                   where at < v_now - interval '1 day'
                   limit 100 for update skip locked);
end;
$$;

create or replace function private.take_rate_limit_token(p_action text, p_client_address text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  select private.take_keyed_rate_limit_token(p_action, private.client_key(p_client_address))
$$;

revoke all on function private.take_keyed_rate_limit_token(text, text) from public;
-- anon's inserts reach it through private.take_rate_limit_token, which runs as its owner.
grant execute on function private.take_keyed_rate_limit_token(text, text) to service_role;

-- Before a list sign-up is stored: a mailbox that unsubscribed from the list is refused as a duplicate
-- (the answer a member gets, word for word, so the answer tells nothing new) unless 30 days have passed
-- since the unsubscribe or the last sign-up let through. Runs after the rate limit trigger (triggers fire
-- in name order), so a refused sign-up was counted, then rolled back with it, as a duplicate is.
--
-- private.suppression_refuses reads and notes the suppression as its owner (anon may not read it); the
-- trigger runs as the inserting role, so the error it raises shows the key exactly when PostgreSQL's own
-- would: not to a role under row-level security (anon), to one that may read the table.
create function private.suppression_refuses(p_email text, p_list text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_suppression public.email_suppressions;
begin
  select * into v_suppression
    from public.email_suppressions
   where mailbox_sha256 = private.mailbox_sha256(p_email) and list = p_list
     for update;
  if not found then
    return false;
  end if;
  if coalesce(v_suppression.last_sign_up_on, v_suppression.unsubscribed_on) > current_date - 30 then
    return true;
  end if;
  update public.email_suppressions
     set last_sign_up_on = current_date
   where mailbox_sha256 = v_suppression.mailbox_sha256 and list = p_list;
  return false;
end;
$$;
revoke all on function private.suppression_refuses(text, text) from public;
grant execute on function private.suppression_refuses(text, text) to anon, service_role;

create function private.refuse_suppressed_signup()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_list text := case tg_table_name
    when 'early_access_signups' then 'early_access'
    when 'newsletter_subscriptions' then 'newsletter'
    when 'waitlist_signups' then 'waitlist'
  end;
  v_message text := format('duplicate key value violates unique constraint "%s"', tg_table_name || '_email_key');
begin
  if not private.suppression_refuses(new.email, v_list) then
    return new;
  end if;
  -- What PostgreSQL says when the address itself is stored (the unique index on lower(email)).
  if row_security_active(tg_relid) or not has_table_privilege(tg_relid, 'SELECT') then
    raise unique_violation using message = v_message;
  end if;
  raise unique_violation using
    message = v_message,
    detail = format('Key (lower(email))=(%s) already exists.', lower(new.email));
end;
$$;
revoke all on function private.refuse_suppressed_signup() from public;
grant execute on function private.refuse_suppressed_signup() to anon, service_role;

create trigger early_access_signups_suppressed
  before insert on public.early_access_signups
  for each row execute function private.refuse_suppressed_signup();
create trigger newsletter_subscriptions_suppressed
  before insert on public.newsletter_subscriptions
  for each row execute function private.refuse_suppressed_signup();
create trigger waitlist_signups_suppressed
  before insert on public.waitlist_signups
  for each row execute function private.refuse_suppressed_signup();

-- Claims a sign-up's thank-you mail (public.claim_thank_you: recent, not yet mailed, one winner) and
-- stores the hashes of the tokens its links carry: confirm (lists only, 7 days) and unsubscribe. An
-- application whose mailbox unsubscribed from the career list is not mailed.
create function public.claim_thank_you_mail(
  p_type text,
  p_email text,
  p_confirm_token_hash text,
  p_unsubscribe_token_hash text
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  claimed jsonb;
  v_id uuid;
begin
  if p_type = 'career' and exists (
    select from public.email_suppressions
     where mailbox_sha256 = private.mailbox_sha256(p_email) and list = 'career'
  ) then
    return null;
  end if;
  claimed := public.claim_thank_you(p_type, p_email);
  if claimed is null then
    return null;
  end if;
  v_id := (claimed ->> 'id')::uuid;
  insert into public.email_tokens
    (token_hash, purpose, early_access_id, newsletter_id, waitlist_id, application_id)
  values (
    p_unsubscribe_token_hash, 'unsubscribe',
    case when p_type = 'early_access' then v_id end,
    case when p_type = 'newsletter' then v_id end,
    case when p_type = 'waitlist' then v_id end,
    case when p_type = 'career' then v_id end);
  if p_type <> 'career' then
    insert into public.email_tokens
      (token_hash, purpose, early_access_id, newsletter_id, waitlist_id, expires_at)
    values (
      p_confirm_token_hash, 'confirm',
      case when p_type = 'early_access' then v_id end,
      case when p_type = 'newsletter' then v_id end,
      case when p_type = 'waitlist' then v_id end,
      now() + interval '7 days');
  end if;
  return claimed;
end;
$$;

-- Hands a claim back when its mail certainly did not go out, with the tokens it had stored.
create function public.release_thank_you_mail(
  p_type text,
  p_id uuid,
  p_confirm_token_hash text,
  p_unsubscribe_token_hash text
)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  delete from public.email_tokens
   where token_hash in (p_confirm_token_hash, p_unsubscribe_token_hash);
  perform public.release_thank_you_email(p_type, p_id);
end;
$$;

-- Uses a confirm token: once, within its 7 days. Marks the sign-up confirmed and lifts a suppression
-- of its mailbox for that list (a new, confirmed consent). NULL for any other token.
create function public.confirm_signup(p_token_hash text)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_token public.email_tokens;
  v_list text;
  v_email text;
begin
  delete from public.email_tokens
   where token_hash = p_token_hash and purpose = 'confirm' and expires_at > now()
  returning * into v_token;
  if not found then
    return null;
  end if;
  if v_token.early_access_id is not null then
    v_list := 'early_access';
    update public.early_access_signups set confirmed_at = coalesce(confirmed_at, now())
     where id = v_token.early_access_id returning email into v_email;
  elsif v_token.newsletter_id is not null then
    v_list := 'newsletter';
    update public.newsletter_subscriptions set confirmed_at = coalesce(confirmed_at, now())
     where id = v_token.newsletter_id returning email into v_email;
  else
    v_list := 'waitlist';
    update public.waitlist_signups set confirmed_at = coalesce(confirmed_at, now())
     where id = v_token.waitlist_id returning email into v_email;
  end if;
  delete from public.email_suppressions
   where mailbox_sha256 = private.mailbox_sha256(v_email) and list = v_list;
  return jsonb_build_object('list', v_list);
end;
$$;

-- Uses an unsubscribe token: keeps the mailbox's fingerprint, the list and the date, and deletes the
-- list sign-up with everything else of it (its tokens go with it). An application is not a
-- subscription: unsubscribing from its mail stops the career list's mail and keeps the application,
-- which its owner can erase on the privacy page. NULL for any other token.
create function public.unsubscribe_signup(p_token_hash text)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_token public.email_tokens;
  v_list text;
  v_email text;
begin
  delete from public.email_tokens
   where token_hash = p_token_hash and purpose = 'unsubscribe'
     and (expires_at is null or expires_at > now())
  returning * into v_token;
  if not found then
    return null;
  end if;
  v_list := case
    when v_token.early_access_id is not null then 'early_access'
    when v_token.newsletter_id is not null then 'newsletter'
    when v_token.waitlist_id is not null then 'waitlist'
    else 'career'
  end;
  execute format('select email from public.%I where id = $1', private.signup_table(v_list))
     into v_email
    using coalesce(v_token.early_access_id, v_token.newsletter_id, v_token.waitlist_id,
                   v_token.application_id);
  if v_email is null then
    return null;
  end if;
  insert into public.email_suppressions (mailbox_sha256, list)
  values (private.mailbox_sha256(v_email), v_list)
  on conflict (mailbox_sha256, list) do update
    set unsubscribed_on = current_date, last_sign_up_on = null;
  if v_list <> 'career' then
    execute format('delete from public.%I where id = $1', private.signup_table(v_list))
      using coalesce(v_token.early_access_id, v_token.newsletter_id, v_token.waitlist_id);
  end if;
  return jsonb_build_object('list', v_list);
end;
$$;

-- Whether the mailbox has any record here: a row in one of the four tables, or a suppression.
create function private.mailbox_has_records(p_mailbox_sha256 text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select from public.early_access_signups where private.mailbox_sha256(email) = p_mailbox_sha256)
      or exists (select from public.newsletter_subscriptions where private.mailbox_sha256(email) = p_mailbox_sha256)
      or exists (select from public.waitlist_signups where private.mailbox_sha256(email) = p_mailbox_sha256)
      or exists (select from public.general_applications where private.mailbox_sha256(email) = p_mailbox_sha256)
      or exists (select from public.email_suppressions where mailbox_sha256 = p_mailbox_sha256)
$$;
revoke all on function private.mailbox_has_records(text) from public;
grant execute on function private.mailbox_has_records(text) to service_role;

-- Stores an erase or copy token (1 hour) for the address's mailbox and says whether to mail the link:
-- only when the mailbox has records here and has had fewer than 3 links in the last day. The same work is
-- done either way, so the time it takes tells the caller nothing; the caller answers alike in every case.
create function public.issue_privacy_token(p_email text, p_purpose text, p_token_hash text)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_mailbox text := private.mailbox_sha256(p_email);
  v_capped boolean := false;
begin
  if p_purpose not in ('erase', 'copy') then
    raise exception 'not a privacy request: %', p_purpose using errcode = '22023';
  end if;
  insert into public.email_tokens (token_hash, purpose, mailbox_sha256, expires_at)
  values (p_token_hash, p_purpose, v_mailbox, now() + interval '1 hour');
  begin
    perform private.take_keyed_rate_limit_token('privacy-link-mailbox', 'mailbox ' || v_mailbox);
  exception when sqlstate 'PT429' then
    v_capped := true;
  end;
  return private.mailbox_has_records(v_mailbox) and not v_capped;
end;
$$;

-- Uses an erase token: once, within its hour. Deletes every row of the mailbox in the four tables (with
-- their tokens) and the mailbox's other privacy tokens, queues the résumé files for removal, and says
-- what went. Suppressions stay: they are what keeps the mailbox from being mailed again. NULL for any
-- other token.
create function public.erase_mailbox_records(p_token_hash text)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_mailbox text;
  v_early_access integer;
  v_newsletter integer;
  v_waitlist integer;
  v_applications integer;
  v_resumes text[];
  v_suppressions integer;
begin
  delete from public.email_tokens
   where token_hash = p_token_hash and purpose = 'erase' and expires_at > now()
  returning mailbox_sha256 into v_mailbox;
  if not found then
    return null;
  end if;
  delete from public.early_access_signups where private.mailbox_sha256(email) = v_mailbox;
  get diagnostics v_early_access = row_count;
  delete from public.newsletter_subscriptions where private.mailbox_sha256(email) = v_mailbox;
  get diagnostics v_newsletter = row_count;
  delete from public.waitlist_signups where private.mailbox_sha256(email) = v_mailbox;
  get diagnostics v_waitlist = row_count;
  with deleted as (
    delete from public.general_applications where private.mailbox_sha256(email) = v_mailbox
    returning resume_path
  )
  select count(*), coalesce(array_agg(resume_path) filter (where resume_path is not null), '{}')
    into v_applications, v_resumes
    from deleted;
  insert into public.resume_removals (path) select unnest(v_resumes) on conflict do nothing;
  delete from public.email_tokens where mailbox_sha256 = v_mailbox;
  select count(*) into v_suppressions from public.email_suppressions where mailbox_sha256 = v_mailbox;
  return jsonb_build_object(
    'erased', jsonb_build_object(
      'early_access', v_early_access,
      'newsletter', v_newsletter,
      'waitlist', v_waitlist,
      'applications', v_applications,
      'resumes', coalesce(array_length(v_resumes, 1), 0)),
    'resume_paths', to_jsonb(v_resumes),
    'kept', jsonb_build_object('suppressions', v_suppressions));
end;
$$;

-- Uses a copy token: once, within its hour. Returns every record of the mailbox: its rows in the four
-- tables, as stored, and its suppressions. NULL for any other token.
create function public.copy_mailbox_records(p_token_hash text)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_mailbox text;
begin
  delete from public.email_tokens
   where token_hash = p_token_hash and purpose = 'copy' and expires_at > now()
  returning mailbox_sha256 into v_mailbox;
  if not found then
    return null;
  end if;
  return jsonb_build_object(
    'early_access', (select coalesce(jsonb_agg(to_jsonb(r) order by r.created_at), '[]')
                       from public.early_access_signups r where private.mailbox_sha256(r.email) = v_mailbox),
    'newsletter', (select coalesce(jsonb_agg(to_jsonb(r) order by r.created_at), '[]')
                     from public.newsletter_subscriptions r where private.mailbox_sha256(r.email) = v_mailbox),
    'waitlist', (select coalesce(jsonb_agg(to_jsonb(r) order by r.created_at), '[]')
                   from public.waitlist_signups r where private.mailbox_sha256(r.email) = v_mailbox),
    'applications', (select coalesce(jsonb_agg(to_jsonb(r) order by r.created_at), '[]')
                       from public.general_applications r where private.mailbox_sha256(r.email) = v_mailbox),
    'suppressions', (select coalesce(jsonb_agg(jsonb_build_object('list', s.list,
                                                                  'unsubscribed_on', s.unsubscribed_on)
                                               order by s.list), '[]')
                       from public.email_suppressions s where s.mailbox_sha256 = v_mailbox));
end;
$$;

revoke all on function public.claim_thank_you_mail(text, text, text, text) from public, anon, authenticated;
revoke all on function public.release_thank_you_mail(text, uuid, text, text) from public, anon, authenticated;
revoke all on function public.confirm_signup(text) from public, anon, authenticated;
revoke all on function public.unsubscribe_signup(text) from public, anon, authenticated;
revoke all on function public.issue_privacy_token(text, text, text) from public, anon, authenticated;
revoke all on function public.erase_mailbox_records(text) from public, anon, authenticated;
revoke all on function public.copy_mailbox_records(text) from public, anon, authenticated;
grant execute on function public.claim_thank_you_mail(text, text, text, text) to service_role;
grant execute on function public.release_thank_you_mail(text, uuid, text, text) to service_role;
grant execute on function public.confirm_signup(text) to service_role;
grant execute on function public.unsubscribe_signup(text) to service_role;
grant execute on function public.issue_privacy_token(text, text, text) to service_role;
grant execute on function public.erase_mailbox_records(text) to service_role;
grant execute on function public.copy_mailbox_records(text) to service_role;
