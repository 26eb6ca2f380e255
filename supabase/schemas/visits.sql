-- Where visitors come from, without cookies, identifiers or stored addresses (docs/growth.md,
-- "Counting visits"): page views and landings per UTC day, path and source, counted by the function
-- record-visit. The beacon's fields are the sender's to choose, so a day keeps a bounded number of rows,
-- given to the combinations that the most client addresses reach; the rest count together under
-- '/other' (docs/security.md, "Visit counts: the day's rows by reach"). Also here: the source label the
-- console groups and filters by.

-- The counts -------------------------------------------------------------------------------------------

-- Page views and landings (first pages of a visit) per UTC day, path and source. '' is an unknown
-- source field, so that the primary key can hold it. The row of path '/other' and source 'other' counts
-- what has no row of its own. Only the service role reads it (the console reads it through
-- public.console_growth), and only public.record_visit deletes a row.
CREATE TABLE public.visit_counts (
    day date NOT NULL,
    path text NOT NULL,
    source text DEFAULT ''::text NOT NULL,
    medium text DEFAULT ''::text NOT NULL,
    campaign text DEFAULT ''::text NOT NULL,
    referrer_host text DEFAULT ''::text NOT NULL,
    views bigint DEFAULT 0 NOT NULL,
    landings bigint DEFAULT 0 NOT NULL,
    CONSTRAINT visit_counts_campaign_check CHECK (((campaign = ''::text) OR private.is_campaign_tag(campaign))),
    CONSTRAINT visit_counts_counts_check CHECK (((landings >= 0) AND (views >= landings))),
    CONSTRAINT visit_counts_medium_check CHECK (((medium = ''::text) OR private.is_campaign_tag(medium))),
    CONSTRAINT visit_counts_path_check CHECK (private.is_site_path(path)),
    CONSTRAINT visit_counts_referrer_host_check CHECK (((referrer_host = ''::text) OR private.is_host_name(referrer_host))),
    CONSTRAINT visit_counts_source_check CHECK (((source = ''::text) OR private.is_campaign_tag(source))),
    CONSTRAINT visit_counts_pkey PRIMARY KEY (day, path, source, medium, campaign, referrer_host)
);
ALTER TABLE ONLY public.visit_counts FORCE ROW LEVEL SECURITY;
ALTER TABLE public.visit_counts ENABLE ROW LEVEL SECURITY;
GRANT SELECT,INSERT,UPDATE ON TABLE public.visit_counts TO service_role;

-- The day's combinations: their reach (how many of 64 buckets of client addresses viewed them today,
-- kept as one bit per bucket), whether each has a row of public.visit_counts today, and for those
-- without one (waiting) the views and landings counted under '/other' meanwhile. Same shapes as
-- public.visit_counts. No address is kept; earlier days' rows are deleted as the next day's views come
-- in.
CREATE TABLE private.visit_reach (
    day date NOT NULL,
    path text NOT NULL,
    source text NOT NULL,
    medium text NOT NULL,
    campaign text NOT NULL,
    referrer_host text NOT NULL,
    buckets bigint DEFAULT 0 NOT NULL,
    reach integer GENERATED ALWAYS AS ((bit_count((buckets)::bit(64)))::integer) STORED,
    has_row boolean DEFAULT false NOT NULL,
    waiting_views bigint DEFAULT 0 NOT NULL,
    waiting_landings bigint DEFAULT 0 NOT NULL,
    CONSTRAINT visit_reach_campaign_check CHECK (((campaign = ''::text) OR private.is_campaign_tag(campaign))),
    CONSTRAINT visit_reach_medium_check CHECK (((medium = ''::text) OR private.is_campaign_tag(medium))),
    CONSTRAINT visit_reach_path_check CHECK (private.is_site_path(path)),
    CONSTRAINT visit_reach_referrer_host_check CHECK (((referrer_host = ''::text) OR private.is_host_name(referrer_host))),
    CONSTRAINT visit_reach_source_check CHECK (((source = ''::text) OR private.is_campaign_tag(source))),
    CONSTRAINT visit_reach_waiting_check CHECK (((waiting_landings >= 0) AND (waiting_views >= waiting_landings))),
    CONSTRAINT visit_reach_pkey PRIMARY KEY (day, path, source, medium, campaign, referrer_host)
);
CREATE INDEX visit_reach_weakest ON private.visit_reach USING btree (day, reach) WHERE has_row;

-- The day's rows by reach ------------------------------------------------------------------------------

-- The distinct combinations of path and source fields one day may have rows for. Past this, a new
-- combination counts under the path '/other' and the source 'other' until it reaches more client
-- addresses than the day's weakest row (public.record_visit), so the console stays the size of real
-- traffic.
CREATE FUNCTION private.visit_rows_per_day() RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$ select 1000 $$;
REVOKE ALL ON FUNCTION private.visit_rows_per_day() FROM PUBLIC;
GRANT ALL ON FUNCTION private.visit_rows_per_day() TO service_role;

-- The bucket of a client address on a day: one bit of 64, from a hash of the address's key
-- (private.client_key, limits.sql: an IPv4 address or an IPv6 /48) seeded by the day, so an address's
-- bucket changes daily and one bucket holds one address in 64.
CREATE FUNCTION private.visit_bucket(p_client_address text, p_day date) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select 1::bigint << (hashtextextended(private.client_key(p_client_address), p_day - date '2000-01-01')
                       & 63)::integer
$$;
REVOKE ALL ON FUNCTION private.visit_bucket(p_client_address text, p_day date) FROM PUBLIC;

-- Adds views and landings (or takes them back, when negative) to the day's overflow row, '/other' with
-- the source 'other'.
CREATE FUNCTION private.add_to_visit_overflow(p_day date, p_views bigint, p_landings bigint) RETURNS bigint
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  insert into public.visit_counts as v (day, path, source, views, landings)
  values (p_day, '/other', 'other', greatest(p_views, 0), greatest(p_landings, 0))
  on conflict (day, path, source, medium, campaign, referrer_host)
  do update set views = v.views + p_views, landings = v.landings + p_landings
  returning views
$$;
REVOKE ALL ON FUNCTION private.add_to_visit_overflow(p_day date, p_views bigint, p_landings bigint) FROM PUBLIC;

-- Counts one page view for the function record-visit (supabase/functions/record-visit/visit-store.ts):
-- true when counted, false when the client address is over its limit (record-visit, limits.sql). The
-- address is used by the rate limits and for its bucket, and never stored. A combination with a row
-- today counts there. While the day has room, a new one gets its row; once the day is full, a new one
-- counts under '/other' and waits, and takes the row of the day's smallest reach as soon as it reaches
-- more buckets than that row, whose counts then join '/other'. One address adds its bucket to at most
-- visit-reach combinations a day. Every view is counted once, in one row or the other. Runs as its
-- owner: it moves counts out of rows it gives to others, which the service role may not delete.
CREATE FUNCTION public.record_visit(p_path text, p_landing boolean, p_source text, p_medium text, p_campaign text, p_referrer_host text, p_client_address text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
REVOKE ALL ON FUNCTION public.record_visit(p_path text, p_landing boolean, p_source text, p_medium text, p_campaign text, p_referrer_host text, p_client_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_visit(p_path text, p_landing boolean, p_source text, p_medium text, p_campaign text, p_referrer_host text, p_client_address text) TO service_role;

-- Source labels ----------------------------------------------------------------------------------------

-- Whether the text can be a source label: a campaign tag or a host name, both lowercase, or 'direct'
-- (SOURCE_PATTERN of supabase/functions/_shared/rules/console-lists.ts;
-- supabase/tests/console-growth.test.ts holds the two to each other). The lists' source filter and an
-- export's check it here.
CREATE FUNCTION private.is_source_label(p_source text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $_$ select p_source ~ '^[a-z0-9][a-z0-9._~+-]{0,252}$' $_$;
REVOKE ALL ON FUNCTION private.is_source_label(p_source text) FROM PUBLIC;

-- The source a console groups by (DIRECT_SOURCE of supabase/functions/_shared/rules/attribution.ts):
-- the campaign's utm_source, else the referring host, else 'direct'. An empty string is unknown, as
-- visit_counts stores it.
CREATE FUNCTION private.source_label(p_utm_source text, p_referrer_host text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select coalesce(nullif(p_utm_source, ''), nullif(p_referrer_host, ''), 'direct')
$$;
REVOKE ALL ON FUNCTION private.source_label(p_utm_source text, p_referrer_host text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.source_label(p_utm_source text, p_referrer_host text) TO authenticated;
GRANT ALL ON FUNCTION private.source_label(p_utm_source text, p_referrer_host text) TO service_role;
