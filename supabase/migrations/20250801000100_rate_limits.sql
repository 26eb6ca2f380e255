-- Abuse limits that hold on hosted Supabase itself (issue 13): per client address and per action, in
-- SQL, so PostgREST enforces them for anon's inserts and the edge functions for their own calls.
--
-- The client address is the `cf-connecting-ip` request header: hosted Supabase's API is served through
-- Cloudflare, which sets that header to the address that connected to it and overwrites any value the
-- client sent. `x-forwarded-for` is not used: its left entries are whatever the client sent. PostgREST
-- passes the headers to SQL as current_setting('request.headers'); the edge functions read the same
-- header from their request. tools/local-supabase sets it from the socket, the same way, so this SQL is
-- what the tests exercise. docs/security.md ("Rate limits") has the research behind this.
--
-- Over a limit the request fails with SQLSTATE PT429, which PostgREST answers as HTTP 429; the forms show
-- "Too many attempts. Please wait a minute and try again." Nothing is written by a refused request, and an
-- accepted one is counted in the same transaction as its row, so a burst loses no acknowledged sign-up.

-- The limits, as configuration: production values here; test suites and the insert benchmark raise them
-- (tools/local-supabase/src/testing/rate-limits.ts), operators change them with an UPDATE.
create table public.rate_limit_rules (
  action text primary key,
  max_requests integer not null check (max_requests > 0),
  window_seconds integer not null check (window_seconds between 1 and 86400),
  description text not null
);
alter table public.rate_limit_rules enable row level security;
alter table public.rate_limit_rules force row level security;
revoke all on table public.rate_limit_rules from public, anon, authenticated;
grant select, update on table public.rate_limit_rules to service_role;

insert into public.rate_limit_rules (action, max_requests, window_seconds, description) values
  ('early_access_signups', 10, 60, 'early-access sign-ups per client address'),
  ('newsletter_subscriptions', 10, 60, 'newsletter sign-ups per client address'),
  ('waitlist_signups', 10, 60, 'waitlist sign-ups per client address'),
  ('submit-application', 5, 3600, 'job applications (each may upload a résumé) per client address'),
  ('send-thank-you-email', 10, 60, 'thank-you email requests per client address');

-- One row per accepted request; kept only as long as the longest window.
create table private.rate_limit_events (
  action text not null,
  client text not null,
  at timestamptz not null
);
create index rate_limit_events_client on private.rate_limit_events (action, client, at);
create index rate_limit_events_age on private.rate_limit_events (at);
revoke all on table private.rate_limit_events from public, anon, authenticated, service_role;

-- The bucket a client address counts in: an IPv4 address, or an IPv6 /64 (one subscriber's network;
-- counting single IPv6 addresses would let one client rotate through 2^64 of them). Anything that is
-- not an address (the header missing) shares the one bucket 'unknown', so the limits fail closed.
create function private.client_key(p_address text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  address inet;
begin
  begin
    address := btrim(p_address)::inet;
  exception when others then
    return 'unknown';
  end;
  if address is null then
    return 'unknown';
  end if;
  if family(address) = 6 and address << inet '::ffff:0.0.0.0/96' then
    address := regexp_replace(host(address), '^::ffff:', '')::inet;
  end if;
  if family(address) = 4 then
    return host(address);
  end if;
  return host(network(set_masklen(address, 64))) || '/64';
end;
$$;

-- The address the gateway vouches for, as PostgREST hands the request's headers to SQL.
create function private.request_client_address()
returns text
language sql
stable
set search_path = ''
as $$
  select nullif(current_setting('request.headers', true), '')::json ->> 'cf-connecting-ip'
$$;

-- Counts one request of `p_action` from the address, or refuses it with PT429 when the window is full.
-- Requests of one client and action queue on an advisory lock, so concurrent ones cannot both take the
-- last slot.
create function private.take_rate_limit_token(p_action text, p_client_address text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_rule public.rate_limit_rules;
  v_client text := private.client_key(p_client_address);
  v_now timestamptz;
  v_used integer;
begin
  select * into v_rule from public.rate_limit_rules where action = p_action;
  if not found then
    raise exception 'no rate limit rule for %', p_action using errcode = '22023';
  end if;

  perform pg_advisory_xact_lock(hashtextextended('rate limit ' || p_action || ' ' || v_client, 0));
  v_now := clock_timestamp();
  delete from private.rate_limit_events
   where action = p_action and client = v_client
     and at <= v_now - make_interval(secs => v_rule.window_seconds);
  select count(*) into v_used
    from private.rate_limit_events
   where action = p_action and client = v_client;
  if v_used >= v_rule.max_requests then
    raise sqlstate 'PT429' using
      message = 'Too many requests from this address',
      detail = format('At most %s in %s seconds: %s.', v_rule.max_requests, v_rule.window_seconds,
                      v_rule.description),
      hint = 'Wait a minute and try again.';
  end if;
  insert into private.rate_limit_events (action, client, at) values (p_action, v_client, v_now);

  -- Events of clients that never came back: a few at a time, skipping rows other requests hold.
  delete from private.rate_limit_events
   where ctid in (select ctid from private.rate_limit_events
                   where at < v_now - interval '1 day'
                   limit 100 for update skip locked);
end;
$$;

-- The edge functions (service role) count their own calls, by the address of the request they serve.
create function public.take_rate_limit_token(p_action text, p_client_address text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  select private.take_rate_limit_token(p_action, p_client_address)
$$;

-- Before each row anon inserts: one row per request (a JSON array body is refused as a whole), then one
-- token of the table's limit for the address the gateway vouches for. The service role and operators
-- are not limited here; the edge functions limit themselves above.
create function private.limit_anon_insert()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  rows_in_request integer;
begin
  if current_user <> 'anon' then
    return new;
  end if;
  -- PostgREST runs each request in one transaction, so a transaction-local count is a per-request count,
  -- however the rows of a body are grouped into statements.
  rows_in_request := coalesce(nullif(current_setting('private.anon_rows_in_request', true), ''), '0')::integer + 1;
  perform set_config('private.anon_rows_in_request', rows_in_request::text, true);
  if rows_in_request > 1 then
    raise sqlstate 'PT400' using
      message = 'Only one row may be inserted per request',
      hint = 'Send one JSON object, not an array.';
  end if;
  perform private.take_rate_limit_token(tg_table_name, private.request_client_address());
  return new;
end;
$$;

create trigger early_access_signups_anon_limits
  before insert on public.early_access_signups
  for each row execute function private.limit_anon_insert();
create trigger newsletter_subscriptions_anon_limits
  before insert on public.newsletter_subscriptions
  for each row execute function private.limit_anon_insert();
create trigger waitlist_signups_anon_limits
  before insert on public.waitlist_signups
  for each row execute function private.limit_anon_insert();

revoke all on function private.client_key(text) from public;
revoke all on function private.request_client_address() from public;
revoke all on function private.take_rate_limit_token(text, text) from public;
revoke all on function private.limit_anon_insert() from public;
revoke all on function public.take_rate_limit_token(text, text) from public, anon, authenticated;
-- anon reaches these only through the trigger above (private is not exposed by the Data API).
grant execute on function private.client_key(text) to anon, service_role;
grant execute on function private.request_client_address() to anon, service_role;
grant execute on function private.take_rate_limit_token(text, text) to anon, service_role;
grant execute on function private.limit_anon_insert() to anon;
grant execute on function public.take_rate_limit_token(text, text) to service_role;
