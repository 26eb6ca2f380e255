-- The console's sign-in without telling strangers who is staff, and without a budget strangers can spend
-- (issue 37, holes 10 and 11; docs/security.md, "The console").
--
-- Before this, staff signed in with Supabase Auth's own email codes: every address that used the console
-- had an Auth user under its own address, so Auth's POST /otp with create_user false answered 200 for
-- them and 422 for anyone else (hosted Auth answers so too, before any hook runs), and every code request
-- of any address spent one of the project's 30 Auth mails an hour (hosted Auth takes it before it calls
-- the Send Email Hook), so 30 junk requests kept staff out for an hour.
--
-- Now:
-- 1. The codes are ours. The function console-sign-in asks public.console_request_sign_in_code for every
--    address alike; only for an address on the staff list is a code stored (its HMAC under a key the
--    database never sees) and mailed, at most mailBurst at once and one every mailIntervalSeconds per
--    address (rules/console-sign-in.ts), each code working for codeLifetimeSeconds, once. Anyone else
--    gets the same answer and nothing is stored or mailed, so junk spends nothing staff need. Per client
--    address, requests and checks have their own limits (rate_limit_rules).
-- 2. A right code (public.console_check_sign_in_code) answers the staff member's Auth address, which is
--    not their address: each staff row has an auth_email of its own, made up at random
--    (`console-<32 hex digits>@staff.invalid`). The function has Auth make a one-time token for that
--    address (the admin API's generate_link, which mails nothing) and the console signs in with it. No Auth
--    user carries a staff address, and Auth's endpoints answer the same for a staff address as for any
--    other; with sign-ups closed in Auth (config.toml [auth] enable_signup = false, and so on the hosted
--    project) they create no user for anyone.
-- 3. private.staff_caller() reads the session's address as that Auth address, and the console's whoami
--    answers the staff address. Deleting a staff row deletes its Auth user (and so its sessions).
-- 4. Every Auth user that is not such an address is deleted once here: they were made by the old sign-in
--    (staff and strangers alike) and would keep telling who used the console. Staff sign in again.
--
-- Plain SQL for PGlite (18), PostgreSQL 15 and hosted 17.

-- The numbers of rules/console-sign-in.ts (CONSOLE_SIGN_IN), which a test holds equal.
create function private.console_sign_in_rules()
returns table (code_lifetime_seconds integer, mail_interval_seconds integer, mail_burst integer)
language sql
immutable
parallel safe
set search_path = ''
as $$ select 600, 300, 3 $$;
revoke all on function private.console_sign_in_rules() from public;

insert into public.rate_limit_rules (action, max_requests, window_seconds, description) values
  ('console-sign-in-code', 10, 600, 'console sign-in code requests per client address'),
  ('console-sign-in-check', 30, 300, 'console sign-in code checks per client address');

-- 1. Each staff member's Auth address ----------------------------------------------------------------------

-- `.invalid` is reserved (RFC 2606): no mail can reach it. 122 random bits, so nobody guesses one. The
-- default is written out rather than a function of the private schema, which the service role that adds
-- staff cannot call.
alter table public.staff
  add column auth_email text not null
    default ('console-' || replace(gen_random_uuid()::text, '-', '') || '@staff.invalid');
alter table public.staff
  add constraint staff_auth_email_key unique (auth_email),
  add constraint staff_auth_email_check check (auth_email ~ '^console-[0-9a-f]{32}@staff\.invalid$');

-- A staff row that goes takes its Auth user along, with its sessions (their foreign keys cascade), so
-- removal and erasure end the sessions at once. On hosted Supabase the owner, postgres, may delete there.
create function private.delete_staff_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from auth.users u where lower(u.email) = old.auth_email;
  return old;
end;
$$;
revoke all on function private.delete_staff_auth_user() from public;
create trigger staff_auth_user_delete
  after delete on public.staff
  for each row execute function private.delete_staff_auth_user();

-- 4. The Auth users of the old sign-in go (see above).
delete from auth.users u
 where not exists (select from public.staff s where s.auth_email = lower(u.email));

-- 2. Codes ---------------------------------------------------------------------------------------------------

-- The codes mailed and not yet used: their HMAC (the function's key, from MAIL_LINK_SECRET, over the
-- address and the code), so a copy of the database signs nobody in. Each works for its lifetime, so the
-- code of any recent mail works, whatever order mails arrive in and whoever asked for them; an address
-- keeps at most mail_burst of them (the newest), which bounds what guessing gains from someone asking
-- for codes. A sign-in uses them all up.
create table private.console_sign_in_codes (
  id bigint generated always as identity primary key,
  staff_email text not null references public.staff (email) on delete cascade on update cascade,
  code_mac text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  constraint console_sign_in_codes_mac_check check (code_mac ~ '^[0-9a-f]{64}$')
);
create index console_sign_in_codes_staff on private.console_sign_in_codes (staff_email, expires_at);
revoke all on table private.console_sign_in_codes from public, anon, authenticated, service_role;

-- How often each staff address is mailed: the generic cell rate algorithm's one timestamp, the moment the
-- address's allowance is next whole. A code is mailed when that moment is at most (burst - 1) intervals
-- ahead, and moves it one interval on.
create table private.console_sign_in_mail_pace (
  staff_email text primary key references public.staff (email) on delete cascade on update cascade,
  next_at timestamptz not null
);
revoke all on table private.console_sign_in_mail_pace from public, anon, authenticated, service_role;

-- A code request for p_email from p_client_address, with the code's HMAC: true when the address is on
-- the staff list and its pace allows a mail (the code is stored, and the caller mails it), false for
-- every other address and when the pace does not allow (nothing is stored). The client address's limit
-- comes first and refuses with PT429 whatever the address. The caller answers the same in every case
-- but PT429, so neither the answer nor its content says who is staff.
create function private.console_request_sign_in_code(
  p_email text,
  p_code_mac text,
  p_client_address text
)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_rules record;
  v_email text := lower(btrim(p_email));
  v_now timestamptz := now();
  v_next timestamptz;
begin
  perform private.take_rate_limit_token('console-sign-in-code', p_client_address);
  if p_code_mac is null or p_code_mac !~ '^[0-9a-f]{64}$' then
    raise exception 'A code''s HMAC is 64 hex digits' using errcode = '22023';
  end if;
  -- Locked: two requests for one address take their turns with its pace.
  perform from public.staff where email = v_email for update;
  if not found then
    return false;
  end if;
  select * into v_rules from private.console_sign_in_rules();
  select greatest(p.next_at, v_now) into v_next
    from private.console_sign_in_mail_pace p where p.staff_email = v_email;
  v_next := coalesce(v_next, v_now);
  if v_next - v_now > make_interval(secs => v_rules.mail_interval_seconds * (v_rules.mail_burst - 1)) then
    return false;
  end if;
  insert into private.console_sign_in_mail_pace (staff_email, next_at)
  values (v_email, v_next + make_interval(secs => v_rules.mail_interval_seconds))
  on conflict (staff_email) do update set next_at = excluded.next_at;
  insert into private.console_sign_in_codes (staff_email, code_mac, created_at, expires_at)
  values (v_email, p_code_mac, v_now, v_now + make_interval(secs => v_rules.code_lifetime_seconds));
  delete from private.console_sign_in_codes c
   where c.staff_email = v_email
     and (c.expires_at <= v_now
          or c.id not in (select newest.id from private.console_sign_in_codes newest
                           where newest.staff_email = v_email
                           order by newest.id desc
                           limit v_rules.mail_burst));
  return true;
end;
$$;
revoke all on function private.console_request_sign_in_code(text, text, text) from public;

-- A code check: the staff member's Auth address when p_code_mac is one of their unexpired codes (then
-- every code of theirs is used up), else null, for a staff address or any other. Of two checks racing
-- with one code, one wins. The client address's limit comes first (PT429).
create function private.console_check_sign_in_code(
  p_email text,
  p_code_mac text,
  p_client_address text
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(p_email));
  v_used integer;
  v_auth_email text;
begin
  perform private.take_rate_limit_token('console-sign-in-check', p_client_address);
  with used as (
    delete from private.console_sign_in_codes
     where staff_email = v_email and code_mac = p_code_mac and expires_at > now()
    returning id
  )
  select count(*) into v_used from used;
  if v_used = 0 then
    return null;
  end if;
  delete from private.console_sign_in_codes where staff_email = v_email;
  select auth_email into v_auth_email from public.staff where email = v_email;
  return v_auth_email;
end;
$$;
revoke all on function private.console_check_sign_in_code(text, text, text) from public;

-- What the function console-sign-in calls, with the secret key.
create function public.console_request_sign_in_code(
  p_email text,
  p_code_mac text,
  p_client_address text
)
returns boolean
language sql
volatile
security definer
set search_path = ''
as $$ select private.console_request_sign_in_code(p_email, p_code_mac, p_client_address) $$;

create function public.console_check_sign_in_code(
  p_email text,
  p_code_mac text,
  p_client_address text
)
returns text
language sql
volatile
security definer
set search_path = ''
as $$ select private.console_check_sign_in_code(p_email, p_code_mac, p_client_address) $$;

revoke all on function public.console_request_sign_in_code(text, text, text) from public, anon, authenticated;
revoke all on function public.console_check_sign_in_code(text, text, text) from public, anon, authenticated;
grant execute on function public.console_request_sign_in_code(text, text, text) to service_role;
grant execute on function public.console_check_sign_in_code(text, text, text) to service_role;

-- 3. Who is staff ------------------------------------------------------------------------------------------

-- As migration 20251128000000, with the session's address read as the staff row's Auth address: the
-- session's email claim and its user's address are that auth_email, and the answer is the staff address.
create or replace function private.staff_caller()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select s.email
    from (select auth.jwt() as c) claims
    join public.staff s on s.auth_email = lower(claims.c ->> 'email')
   where claims.c ->> 'role' = 'authenticated'
     and (claims.c -> 'is_anonymous') is distinct from 'true'::jsonb
     and exists (
       select
         from jsonb_array_elements(
                case when jsonb_typeof(claims.c -> 'amr') = 'array' then claims.c -> 'amr' else '[]'::jsonb end
              ) as amr(entry)
        where amr.entry ->> 'method' in ('otp', 'magiclink', 'email/signup', 'invite', 'recovery', 'email_change'))
     and exists (
       select
         from auth.sessions session
         join auth.users u on u.id = session.user_id
        where session.id::text = claims.c ->> 'session_id'
          and session.user_id::text = claims.c ->> 'sub'
          and lower(u.email) = s.auth_email
          and (session.not_after is null or session.not_after > now()))
$$;

-- As migration 20251128000000, answering a staff member's address rather than their Auth address (the
-- session's email claim, which the console never shows), also once the session is no longer staff (it
-- ended, say); any other session's claim as it is.
create or replace function public.console_whoami()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
           'email', coalesce(caller.email,
                             (select s.email from public.staff s where s.auth_email = lower(claims.email)),
                             claims.email),
           'staff', caller.email is not null)
    from (select private.staff_caller() as email) caller,
         (select auth.jwt() ->> 'email' as email) claims
$$;

-- As migration 20251128000000, with a staff member's Auth user too (its address is their staff row's
-- auth_email, not the mailbox's), so a copy shows every Auth account the mailbox has.
create or replace function private.mailbox_auth_accounts(p_mailbox_sha256 text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('email', u.email, 'created_at', u.created_at,
                                               'last_sign_in_at', u.last_sign_in_at)
                            order by u.created_at, u.id), '[]'::jsonb)
    from auth.users u
   where private.mailbox_sha256(u.email) = p_mailbox_sha256
      or lower(u.email) in (select s.auth_email from public.staff s
                             where private.mailbox_sha256(s.email) = p_mailbox_sha256)
$$;
