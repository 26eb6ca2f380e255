-- How each release of each remote fares in visitors' browsers (docs/architecture.md, "Canary and
-- rollback"): per remote, release (its manifest URL) and day, how many page loads loaded it, how
-- many failed to load it, and how many of its parts failed while rendering. The shell reports once per
-- page load; the release commands' `status` compares the stable and the canary release by these.
--
-- No personal data: no address, no time finer than the day, no page. The only write is anon's insert
-- of one report, which a trigger adds to counters (rows stay few: a remote, a release, a day),
-- rate-limited per client address like every anon write (20250801000100_rate_limits.sql).

create table public.remote_health (
  remote text not null check (remote in ('content', 'signups', 'careers')),
  release text not null check (release ~ '^https?://[^[:space:]]+$' and length(release) <= 500),
  day date not null,
  loads integer not null default 0 check (loads >= 0),
  load_failures integer not null default 0 check (load_failures >= 0),
  render_failures integer not null default 0 check (render_failures >= 0),
  primary key (remote, release, day)
);
alter table public.remote_health enable row level security;
alter table public.remote_health force row level security;
revoke all on table public.remote_health from public, anon, authenticated;
grant select on table public.remote_health to service_role;

insert into public.rate_limit_rules (action, max_requests, window_seconds, description) values
  ('remote_health_reports', 120, 60, 'remote health reports (up to three per page load) per client address');

-- What the shell sends: one row per request (remote, release, outcome), like every anon write, under
-- the same one-row and rate-limit trigger. No row is ever stored here: the trigger below adds it to
-- its day's counters and drops it.
create table public.remote_health_reports (
  remote text not null check (remote in ('content', 'signups', 'careers')),
  release text not null check (release ~ '^https?://[^[:space:]]+$' and length(release) <= 500),
  outcome text not null check (outcome in ('loaded', 'load_failed', 'render_failed'))
);
alter table public.remote_health_reports enable row level security;
alter table public.remote_health_reports force row level security;
revoke all on table public.remote_health_reports from public, anon, authenticated;
grant insert (remote, release, outcome) on table public.remote_health_reports to anon;
grant select on table public.remote_health_reports to service_role;
create policy remote_health_reports_anon_insert on public.remote_health_reports
  for insert to anon with check (true);

create function private.count_remote_health()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The row is never stored, so its table's CHECKs never run: the same rules, here.
  if new.remote is null or new.remote not in ('content', 'signups', 'careers')
     or new.release is null or new.release !~ '^https?://[^[:space:]]+$' or length(new.release) > 500
     or new.outcome is null or new.outcome not in ('loaded', 'load_failed', 'render_failed') then
    raise exception 'A report needs a remote, its release (a URL) and an outcome'
      using errcode = 'check_violation';
  end if;
  insert into public.remote_health as health
    (remote, release, day, loads, load_failures, render_failures)
  values (new.remote, new.release, current_date,
          (new.outcome = 'loaded')::integer, (new.outcome = 'load_failed')::integer,
          (new.outcome = 'render_failed')::integer)
  on conflict (remote, release, day) do update
    set loads = health.loads + excluded.loads,
        load_failures = health.load_failures + excluded.load_failures,
        render_failures = health.render_failures + excluded.render_failures;
  -- Days older than 30 go, a few at a time, skipping rows other requests hold.
  delete from public.remote_health
   where ctid in (select ctid from public.remote_health
                   where day < current_date - 30
                   limit 100 for update skip locked);
  return null;
end;
$$;
revoke all on function private.count_remote_health() from public;
grant execute on function private.count_remote_health() to anon;

-- Trigger order is by name: the one-row rule and the rate limit first, then the count.
create trigger remote_health_reports_anon_limits
  before insert on public.remote_health_reports
  for each row execute function private.limit_anon_insert();
create trigger remote_health_reports_count
  before insert on public.remote_health_reports
  for each row execute function private.count_remote_health();
