-- A day's visit rows go to the combinations that reach the most client addresses, not to the first ones
-- (docs/growth.md, "Visit counts stay the size of real traffic"; docs/security.md, "Visit counts").
--
-- Migration 20251129000000 kept at most private.visit_rows_per_day() distinct (path, source) rows a day
-- and counted every later combination under '/other': first come, first served. 999 made-up sources from
-- 20 client addresses filled a day in seconds, and a real campaign later that day showed no views.
--
-- Now each combination of the day has a reach: which of 64 buckets of client addresses have viewed it
-- (the bucket is 6 bits of a hash of the address's key and the day, private.visit_bucket; no address is
-- kept, and a bucket is shared by one address in 64). While the day has room, a new combination gets its
-- row at once, as before. Once it is full, a new combination waits, its views counted under '/other' as
-- before, and takes the place of the day's row of the smallest reach as soon as it reaches more buckets
-- than that row: the row's counts join '/other', the newcomer's waiting views leave it. So the rows go to
-- what many addresses view, every view stays counted once, and the table keeps its size.
--
-- One address adds its bucket to at most `visit-reach` combinations a day (a row of rate_limit_rules, so
-- tests raise it with the other limits): a visitor reads a few pages, and made-up combinations then need
-- many addresses each to outreach a real one. The reach of the day's combinations is kept apart from the
-- counts, in private.visit_reach, and deleted as the next day's views come in.

insert into public.rate_limit_rules (action, max_requests, window_seconds, description) values
  ('visit-reach', 20, 86400,
   'page and source combinations of the day one client address adds its bucket to, for their reach');

-- The bucket of a client address on a day: one bit of 64. Seeded by the day, so an address's bucket
-- changes daily.
create function private.visit_bucket(p_client_address text, p_day date)
returns bigint
language sql
immutable
parallel safe
set search_path = ''
as $$
  select 1::bigint << (hashtextextended(private.client_key(p_client_address), p_day - date '2000-01-01')
                       & 63)::integer
$$;
revoke all on function private.visit_bucket(text, date) from public;

-- The day's combinations: their reach, and for those without a row of their own (waiting), the views
-- and landings counted under '/other' meanwhile. Same shapes as public.visit_counts.
create table private.visit_reach (
  day date not null,
  path text not null,
  source text not null,
  medium text not null,
  campaign text not null,
  referrer_host text not null,
  buckets bigint not null default 0,
  reach integer generated always as (bit_count(buckets::bit(64))::integer) stored,
  has_row boolean not null default false,
  waiting_views bigint not null default 0,
  waiting_landings bigint not null default 0,
  primary key (day, path, source, medium, campaign, referrer_host),
  constraint visit_reach_path_check check (private.is_site_path(path)),
  constraint visit_reach_source_check check (source = '' or private.is_campaign_tag(source)),
  constraint visit_reach_medium_check check (medium = '' or private.is_campaign_tag(medium)),
  constraint visit_reach_campaign_check check (campaign = '' or private.is_campaign_tag(campaign)),
  constraint visit_reach_referrer_host_check
    check (referrer_host = '' or private.is_host_name(referrer_host)),
  constraint visit_reach_waiting_check check (waiting_landings >= 0 and waiting_views >= waiting_landings)
);
create index visit_reach_weakest on private.visit_reach (day, reach) where has_row;
revoke all on table private.visit_reach from public, anon, authenticated, service_role;

-- Adds views and landings (or takes them back, when negative) to the day's overflow row, '/other' with
-- the source 'other'.
create function private.add_to_visit_overflow(p_day date, p_views bigint, p_landings bigint)
returns bigint
language sql
volatile
set search_path = ''
as $$
  insert into public.visit_counts as v (day, path, source, views, landings)
  values (p_day, '/other', 'other', greatest(p_views, 0), greatest(p_landings, 0))
  on conflict (day, path, source, medium, campaign, referrer_host)
  do update set views = v.views + p_views, landings = v.landings + p_landings
  returning views
$$;
revoke all on function private.add_to_visit_overflow(date, bigint, bigint) from public;

-- As migration 20251129000000 (true when counted, false over the address's limit), with the rows of a
-- full day decided by reach. Runs as its owner: it moves counts out of rows it gives to others, which
-- the service role may not delete.
create or replace function public.record_visit(
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
security definer
set search_path = ''
as $$
declare
  v_day date := (now() at time zone 'UTC')::date;
  v_source text := coalesce(p_source, '');
  v_medium text := coalesce(p_medium, '');
  v_campaign text := coalesce(p_campaign, '');
  v_referrer_host text := coalesce(p_referrer_host, '');
  v_landings bigint := case when coalesce(p_landing, false) then 1 else 0 end;
  v_bucket bigint := private.visit_bucket(p_client_address, (now() at time zone 'UTC')::date);
  v_known bigint;
  v_moved bigint;
  v_reach private.visit_reach;
  v_weakest private.visit_reach;
  v_full boolean;
  v_overflow boolean := p_path = '/other' and v_source = 'other' and v_medium = ''
                        and v_campaign = '' and v_referrer_host = '';
begin
  begin
    perform private.take_rate_limit_token('record-visit', p_client_address);
  exception when sqlstate 'PT429' then
    return false;
  end;

  -- The overflow row itself counts as sent, without a reach: it is never given away.
  if v_overflow then
    perform private.add_to_visit_overflow(v_day, 1, v_landings);
    return true;
  end if;

  -- The address's bucket, if the combination does not have it yet and the address may add it today.
  select r.buckets into v_known
    from private.visit_reach r
   where r.day = v_day and r.path = p_path and r.source = v_source and r.medium = v_medium
     and r.campaign = v_campaign and r.referrer_host = v_referrer_host;
  if coalesce(v_known, 0) & v_bucket = 0 then
    begin
      perform private.take_rate_limit_token('visit-reach', p_client_address);
    exception when sqlstate 'PT429' then
      v_bucket := 0;
    end;
  else
    v_bucket := 0;
  end if;

  -- A combination with a row of its own today counts there; a new one is decided one at a time a day.
  update public.visit_counts
     set views = views + 1, landings = landings + v_landings
   where day = v_day and path = p_path and source = v_source and medium = v_medium
     and campaign = v_campaign and referrer_host = v_referrer_host;
  if not found then
    perform pg_advisory_xact_lock(hashtextextended('visit rows ' || v_day::text, 0));
    update public.visit_counts
       set views = views + 1, landings = landings + v_landings
     where day = v_day and path = p_path and source = v_source and medium = v_medium
       and campaign = v_campaign and referrer_host = v_referrer_host;
  end if;
  if found then
    insert into private.visit_reach as r
      (day, path, source, medium, campaign, referrer_host, buckets, has_row)
    values (v_day, p_path, v_source, v_medium, v_campaign, v_referrer_host, v_bucket, true)
    on conflict (day, path, source, medium, campaign, referrer_host)
    do update set buckets = r.buckets | excluded.buckets, has_row = true;
  else
    v_full := (select count(*) from public.visit_counts
                where day = v_day and (path, source, medium, campaign, referrer_host)
                                      <> ('/other', 'other', '', '', '')) >= private.visit_rows_per_day();
    if v_full and v_known is null and v_bucket = 0 then
      -- A new combination of a full day that reaches no bucket (its address has added its own to its
      -- day's share) is not remembered: the view counts under '/other', and no row is kept for it.
      perform private.add_to_visit_overflow(v_day, 1, v_landings);
      return true;
    end if;
    insert into private.visit_reach as r
      (day, path, source, medium, campaign, referrer_host, buckets, waiting_views, waiting_landings)
    values (v_day, p_path, v_source, v_medium, v_campaign, v_referrer_host, v_bucket, 1, v_landings)
    on conflict (day, path, source, medium, campaign, referrer_host)
    do update set buckets = r.buckets | excluded.buckets,
                  waiting_views = r.waiting_views + 1,
                  waiting_landings = r.waiting_landings + excluded.waiting_landings
    returning * into v_reach;

    if v_full then
      select * into v_weakest
        from private.visit_reach r
       where r.day = v_day and r.has_row
       order by r.reach, r.path, r.source, r.medium, r.campaign, r.referrer_host
       limit 1;
      if v_weakest.day is null or v_weakest.reach >= v_reach.reach then
        -- It waits; the view counts under '/other'.
        perform private.add_to_visit_overflow(v_day, 1, v_landings);
        return true;
      end if;
      -- The row of the smallest reach makes room: its counts join '/other'.
      with gone as (
        delete from public.visit_counts
         where day = v_day and path = v_weakest.path and source = v_weakest.source
           and medium = v_weakest.medium and campaign = v_weakest.campaign
           and referrer_host = v_weakest.referrer_host
        returning views, landings
      )
      select private.add_to_visit_overflow(v_day, g.views, g.landings) into v_moved from gone g;
      update private.visit_reach r
         set has_row = false
       where r.day = v_day and r.path = v_weakest.path and r.source = v_weakest.source
         and r.medium = v_weakest.medium and r.campaign = v_weakest.campaign
         and r.referrer_host = v_weakest.referrer_host;
    end if;
    -- Its row, with the views it had waiting under '/other' (this one never went there).
    insert into public.visit_counts (day, path, source, medium, campaign, referrer_host, views, landings)
    values (v_day, p_path, v_source, v_medium, v_campaign, v_referrer_host,
            v_reach.waiting_views, v_reach.waiting_landings);
    if v_reach.waiting_views > 1 then
      perform private.add_to_visit_overflow(v_day, -(v_reach.waiting_views - 1),
                                            -(v_reach.waiting_landings - v_landings));
    end if;
    update private.visit_reach r
       set has_row = true, waiting_views = 0, waiting_landings = 0
     where r.day = v_day and r.path = p_path and r.source = v_source and r.medium = v_medium
       and r.campaign = v_campaign and r.referrer_host = v_referrer_host;
  end if;

  -- The reach of earlier days goes, a few rows at a time, skipping rows other requests hold.
  delete from private.visit_reach
   where ctid in (select ctid from private.visit_reach
                   where day < v_day
                   limit 100 for update skip locked);
  return true;
end;
$$;
