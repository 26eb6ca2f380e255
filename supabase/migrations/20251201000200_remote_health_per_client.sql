-- Remote health that strangers can neither tilt nor flood (docs/architecture.md, "Canary and
-- rollback"; docs/security.md, "Remote health reports").
--
-- Migration 20251127000000 added every report to its release's counters. One client address, within
-- its 120 reports a minute, could report 120 failures of the public canary and make a release whose real
-- loads all succeeded look broken; and any URL was a release, so one address added 120 rows a minute,
-- each kept 30 days. Now:
--
-- 1. A release is a manifest URL of the runtime config's shapes: a remote's `<origin>/mf-manifest.json`
--    or one of its releases' `<origin>/releases/<12 hex digits>/mf-manifest.json` (tools/delivery's
--    releases; libs/contracts' remote URL), at most 300 characters. Anything else is refused.
-- 2. One client address (private.client_key: an IPv4 address, an IPv6 /48) counts once a day per
--    release and outcome: the counters are client addresses that loaded a release that day, that failed
--    to load it, that saw it fail while rendering, and that reported it at all (visitors). Whatever one
--    address sends moves a release's counts by one visitor's worth. Which address reported which release
--    and outcome is kept in private.remote_health_clients for the day and deleted as the next day's
--    reports come in, as the rate limiter keeps its addresses.
-- 3. One client address reports at most `remote-health-releases-per-client` releases of a remote a day
--    (a visitor's browser keeps its release bucket, so it sees one release of a remote, two on a day its
--    canary starts or ends); its reports of further releases count nothing.
-- 4. A remote has at most `remote-health-releases-per-day` rows a day. A release that would be one more
--    takes the place of the day's row reached by the fewest client addresses when it has been reached by
--    more (its reports are remembered per address meanwhile, so none is lost when it gets its row), and
--    waits otherwise. A release the runtime config names is reached by every visitor it is sent to, so
--    made-up releases push it out only with more client addresses each than it has, a few releases per
--    address: see docs/security.md for the arithmetic. Rows stay bounded: 3 remotes × that many × 31 days.
--
-- The two numbers are rows of public.rate_limit_rules (per UTC day; their window is the day), so test
-- suites raise them with the other limits and operators change them with an UPDATE.

insert into public.rate_limit_rules (action, max_requests, window_seconds, description) values
  ('remote-health-releases-per-client', 3, 86400,
   'releases of one remote whose health one client address reports a day (UTC)'),
  ('remote-health-releases-per-day', 20, 86400,
   'releases of one remote whose health is counted a day (UTC), from all client addresses');

-- 1. The shapes of a release.
create function private.is_remote_release(p_release text)
returns boolean
language sql
immutable
strict
parallel safe
as $$
  select char_length(p_release) <= 300
     and p_release ~ '^https?://[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?/(releases/[0-9a-f]{12}/)?mf-manifest\.json$'
$$;
revoke all on function private.is_remote_release(text) from public;
grant execute on function private.is_remote_release(text) to service_role;

-- Rows counted before keep their shape; new ones must have this one.
alter table public.remote_health
  add constraint remote_health_release_shape check (private.is_remote_release(release)) not valid,
  add column visitors integer not null default 0 check (visitors >= 0);

-- 2. Which client address reported which release and outcome today.
create table private.remote_health_clients (
  day date not null,
  remote text not null,
  release text not null,
  client text not null,
  loaded boolean not null default false,
  load_failed boolean not null default false,
  render_failed boolean not null default false,
  primary key (day, remote, release, client)
);
create index remote_health_clients_client on private.remote_health_clients (day, client, remote);
revoke all on table private.remote_health_clients from public, anon, authenticated, service_role;

-- As migration 20251127000000, with the rules above. Runs after the one-row rule and the rate limit
-- (trigger order is by name), whose lock on the client address is held to the end of the request, so
-- two reports of one address never race here.
create or replace function private.count_remote_health()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_day date := (now() at time zone 'UTC')::date;
  v_client text := private.client_key(private.request_client_address());
  v_per_client integer;
  v_per_day integer;
  v_new_visitor boolean := false;
  v_counted integer;
  v_visitors bigint;
  v_weakest record;
begin
  -- The row is never stored, so its table's CHECKs never run: the rules, here.
  if new.remote is null or new.remote not in ('content', 'signups', 'careers')
     or new.release is null or not private.is_remote_release(new.release)
     or new.outcome is null or new.outcome not in ('loaded', 'load_failed', 'render_failed') then
    raise exception 'A report needs a remote, its release (a manifest URL of a runtime config) and an outcome'
      using errcode = 'check_violation';
  end if;
  select max_requests into v_per_client
    from public.rate_limit_rules where action = 'remote-health-releases-per-client';
  select max_requests into v_per_day
    from public.rate_limit_rules where action = 'remote-health-releases-per-day';

  -- Once per address, release and outcome a day; a few releases of a remote per address.
  if not exists (select from private.remote_health_clients
                  where day = v_day and remote = new.remote and release = new.release
                    and client = v_client) then
    if (select count(*) from private.remote_health_clients
         where day = v_day and client = v_client and remote = new.remote) >= v_per_client then
      return null;
    end if;
    insert into private.remote_health_clients (day, remote, release, client)
    values (v_day, new.remote, new.release, v_client);
    v_new_visitor := true;
  end if;
  update private.remote_health_clients c
     set loaded = c.loaded or new.outcome = 'loaded',
         load_failed = c.load_failed or new.outcome = 'load_failed',
         render_failed = c.render_failed or new.outcome = 'render_failed'
   where c.day = v_day and c.remote = new.remote and c.release = new.release and c.client = v_client
     and not case new.outcome
               when 'loaded' then c.loaded
               when 'load_failed' then c.load_failed
               else c.render_failed
             end;
  get diagnostics v_counted = row_count;

  if v_counted > 0 then
    update public.remote_health h
       set loads = h.loads + (new.outcome = 'loaded')::integer,
           load_failures = h.load_failures + (new.outcome = 'load_failed')::integer,
           render_failures = h.render_failures + (new.outcome = 'render_failed')::integer,
           visitors = h.visitors + v_new_visitor::integer
     where h.remote = new.remote and h.release = new.release and h.day = v_day;
    if not found then
      -- A release without a row today: one row decision of a remote at a time.
      perform pg_advisory_xact_lock(hashtextextended('remote health ' || new.remote || ' ' || v_day, 0));
      select count(*) into v_visitors
        from private.remote_health_clients
       where day = v_day and remote = new.remote and release = new.release;
      if (select count(*) from public.remote_health
           where remote = new.remote and day = v_day and release <> new.release) >= v_per_day then
        select h.release, h.visitors into v_weakest
          from public.remote_health h
         where h.remote = new.remote and h.day = v_day and h.release <> new.release
         order by h.visitors, h.loads + h.load_failures + h.render_failures, h.release
         limit 1;
        if v_visitors > v_weakest.visitors then
          delete from public.remote_health
           where remote = new.remote and day = v_day and release = v_weakest.release;
        else
          v_visitors := null;
        end if;
      end if;
      if v_visitors is not null then
        -- Its counts are its addresses' of the day, this report's included (also when another
        -- request made the row meanwhile).
        insert into public.remote_health as h
          (remote, release, day, loads, load_failures, render_failures, visitors)
        select new.remote, new.release, v_day,
               count(*) filter (where c.loaded), count(*) filter (where c.load_failed),
               count(*) filter (where c.render_failed), count(*)
          from private.remote_health_clients c
         where c.day = v_day and c.remote = new.remote and c.release = new.release
        on conflict (remote, release, day) do update
          set loads = excluded.loads, load_failures = excluded.load_failures,
              render_failures = excluded.render_failures, visitors = excluded.visitors;
      end if;
    end if;
  end if;

  -- Days older than 30 go, and the addresses of earlier days, a few rows at a time, skipping rows
  -- other requests hold.
  delete from public.remote_health
   where ctid in (select ctid from public.remote_health
                   where day < v_day - 30
                   limit 100 for update skip locked);
  delete from private.remote_health_clients
   where ctid in (select ctid from private.remote_health_clients
                   where day < v_day
                   limit 100 for update skip locked);
  return null;
end;
$$;
