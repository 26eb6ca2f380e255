-- What browsers report about the site itself, as counts anyone may add to and no stranger can flood
-- (docs/security.md, "CSP reports" and "Remote health reports"): what the site's Content-Security-Policy
-- refused, per day and kind, and how each remote's releases fare, per day, in client addresses. Each
-- report is counted against its client address's rate limit, and neither keeps an address past the day.

-- CSP reports ------------------------------------------------------------------------------------------

-- The numbers of CSP_REPORT_LIMITS (supabase/functions/_shared/rules/csp-reports.ts;
-- supabase/tests/csp-violations.test.ts holds the two equal): violations one call may count, distinct
-- rows a day, days kept, and the sample's length (the CHECK on csp_violations.sample writes it too).
CREATE FUNCTION private.csp_report_rules() RETURNS TABLE(max_reports_per_batch integer, rows_per_day integer, days_kept integer, sample_chars integer)
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$ select 20, 500, 30, 40 $$;
REVOKE ALL ON FUNCTION private.csp_report_rules() FROM PUBLIC;

-- What browsers reported the Content-Security-Policy refused, counted per UTC day, shell release,
-- directive, blocked source (a keyword, a scheme or an origin, never a full address), page path and
-- sample; the day's overflow row (directive 'overflow') counts what came past the day's rows. Kept 30
-- days. Only the service role reads it; staff through public.console_csp_violations. The CHECKs are
-- the shapes of supabase/functions/_shared/rules/csp-reports.ts: CSP_RELEASE_PATTERN,
-- CSP_DIRECTIVE_PATTERN, the blocked source's two patterns, the site path of
-- supabase/functions/_shared/rules/attribution.ts (private.is_site_path, signups.sql) and a sample of
-- at most 40 characters without control characters (stored as text, shown as text).
CREATE TABLE public.csp_violations (
    day date NOT NULL,
    release text NOT NULL,
    directive text NOT NULL,
    blocked text NOT NULL,
    page text NOT NULL,
    sample text DEFAULT ''::text NOT NULL,
    count bigint DEFAULT 1 NOT NULL,
    CONSTRAINT csp_violations_blocked_check CHECK (((blocked ~ '^[a-z][a-z0-9+.-]{0,39}$'::text) OR ((char_length(blocked) <= 300) AND (blocked ~ '^(https?|wss?)://(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(:[0-9]{1,5})?$'::text)))),
    CONSTRAINT csp_violations_count_check CHECK ((count > 0)),
    CONSTRAINT csp_violations_directive_check CHECK ((directive ~ '^[a-z][a-z-]{0,39}$'::text)),
    CONSTRAINT csp_violations_page_check CHECK (private.is_site_path(page)),
    CONSTRAINT csp_violations_release_check CHECK ((release ~ '^[a-z0-9-]{1,40}$'::text)),
    CONSTRAINT csp_violations_sample_check CHECK (((char_length(sample) <= 40) AND (sample !~ '[\u0001-\u001f\u007f-\u009f]'::text))),
    CONSTRAINT csp_violations_pkey PRIMARY KEY (day, release, directive, blocked, page, sample)
);
ALTER TABLE ONLY public.csp_violations FORCE ROW LEVEL SECURITY;
ALTER TABLE public.csp_violations ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON TABLE public.csp_violations TO service_role;

-- Adds one to today's (UTC) count of each violation of p_violations (a JSON array of at most
-- max_reports_per_batch objects {directive, blocked, page, sample}, as the function normalised them) for
-- the release, one rate-limit token of the client address each; at the first over the limit it stops.
-- Answers how many it counted. A violation whose row does not exist yet goes to the day's overflow row
-- (directive 'overflow', which no report is counted under) once the day has rows_per_day rows. Then it
-- deletes a few rows of days past days_kept. Shapes other than the table's fail with 23514 (or 23502
-- for a missing field), 22023 for a body that is no such array: the function never sends either. The
-- caller is the function csp-report (supabase/functions/csp-report/violation-store.ts).
CREATE FUNCTION public.record_csp_violations(p_release text, p_violations jsonb, p_client_address text) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_rules record;
  v_day date := (now() at time zone 'UTC')::date;
  v_violation jsonb;
  v_release text;
  v_directive text;
  v_blocked text;
  v_page text;
  v_sample text;
  v_counted integer := 0;
begin
  select * into v_rules from private.csp_report_rules();
  if jsonb_typeof(p_violations) is distinct from 'array'
     or jsonb_array_length(p_violations) > v_rules.max_reports_per_batch then
    raise exception 'p_violations is an array of at most % violations', v_rules.max_reports_per_batch
      using errcode = '22023';
  end if;
  for v_violation in select e.value from jsonb_array_elements(p_violations) e loop
    if jsonb_typeof(v_violation) is distinct from 'object' or v_violation ->> 'directive' = 'overflow' then
      raise exception 'Each violation is {directive, blocked, page, sample}' using errcode = '22023';
    end if;
    begin
      perform private.take_rate_limit_token('csp-report', p_client_address);
    exception when sqlstate 'PT429' then
      exit;
    end;
    v_release := p_release;
    v_directive := v_violation ->> 'directive';
    v_blocked := v_violation ->> 'blocked';
    v_page := v_violation ->> 'page';
    v_sample := v_violation ->> 'sample';
    if not exists (select from public.csp_violations
                    where day = v_day and release = v_release and directive = v_directive
                      and blocked = v_blocked and page = v_page and sample = v_sample) then
      -- A new row: one at a time per day, so reports arriving together cannot pass the cap together.
      perform pg_advisory_xact_lock(hashtextextended('csp_violations ' || v_day::text, 0));
      if not exists (select from public.csp_violations
                      where day = v_day and release = v_release and directive = v_directive
                        and blocked = v_blocked and page = v_page and sample = v_sample)
         and (select count(*) from public.csp_violations where day = v_day) >= v_rules.rows_per_day then
        v_release := 'overflow';
        v_directive := 'overflow';
        v_blocked := 'overflow';
        v_page := '/overflow';
        v_sample := '';
      end if;
    end if;
    insert into public.csp_violations as c (day, release, directive, blocked, page, sample, count)
    values (v_day, v_release, v_directive, v_blocked, v_page, v_sample, 1)
    on conflict (day, release, directive, blocked, page, sample)
    do update set count = c.count + 1;
    v_counted := v_counted + 1;
  end loop;

  -- Days past the kept ones go, a few rows at a time, skipping rows other requests hold.
  delete from public.csp_violations
   where ctid in (select ctid from public.csp_violations
                   where day < v_day - (v_rules.days_kept - 1)
                   limit 100 for update skip locked);
  return v_counted;
end;
$$;
REVOKE ALL ON FUNCTION public.record_csp_violations(p_release text, p_violations jsonb, p_client_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_csp_violations(p_release text, p_violations jsonb, p_client_address text) TO service_role;

-- The console's CSP reports view: the rows of the kept days (UTC, today and the 29 before), a page of
-- them: {total, reports, from, rows}, total the rows, reports the sum of their counts, from the first
-- day shown; rows [{day, release, directive, blocked, page, sample, count}], newest day first, then the
-- most reported. Up to p_limit rows (default 50, at most 200) after p_offset. Staff only; not logged.
CREATE FUNCTION public.console_csp_violations(p_limit integer, p_offset integer) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_limit integer;
  v_offset integer;
  v_from date;
  v_total bigint;
  v_reports bigint;
  v_rows jsonb;
begin
  perform private.require_staff();
  v_limit := private.console_limit(p_limit, 50, 200);
  v_offset := private.console_offset(p_offset);
  v_from := (now() at time zone 'UTC')::date - ((select r.days_kept from private.csp_report_rules() r) - 1);
  select count(*), coalesce(sum(c.count), 0) into v_total, v_reports
    from public.csp_violations c where c.day >= v_from;
  select coalesce(jsonb_agg(jsonb_build_object(
           'day', p.day, 'release', p.release, 'directive', p.directive, 'blocked', p.blocked,
           'page', p.page, 'sample', p.sample, 'count', p.count)
         order by p.n), '[]'::jsonb)
    into v_rows
    from (select c.*, row_number() over (order by c.day desc, c.count desc, c.release, c.directive,
                                                  c.blocked, c.page, c.sample) as n
            from public.csp_violations c
           where c.day >= v_from
           order by n
           limit v_limit offset v_offset) p;
  return jsonb_build_object('total', v_total, 'reports', v_reports, 'from', v_from, 'rows', v_rows);
end;
$$;
REVOKE ALL ON FUNCTION public.console_csp_violations(p_limit integer, p_offset integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_csp_violations(p_limit integer, p_offset integer) TO authenticated;

-- Remote health ----------------------------------------------------------------------------------------

-- A release as the shell reports it: a manifest URL of the runtime config's shapes, a remote's
-- <origin>/mf-manifest.json or one of its releases' <origin>/releases/<12 hex digits>/mf-manifest.json
-- (tools/delivery/src/releases.ts), at most 300 characters. Anything else is refused, so a made-up URL
-- is no release.
CREATE FUNCTION private.is_remote_release(p_release text) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $_$
  select char_length(p_release) <= 300
     and p_release ~ '^https?://[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?/(releases/[0-9a-f]{12}/)?mf-manifest\.json$'
$_$;
REVOKE ALL ON FUNCTION private.is_remote_release(p_release text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_remote_release(p_release text) TO service_role;

-- How each release of each remote fares in visitors' browsers (docs/architecture.md, "Canary and
-- rollback"), per UTC day, in client addresses: those that loaded it, that failed to load it, that saw
-- it fail while rendering, and that reported it at all (visitors). No address, page or time finer than
-- the day. The release commands' status compares the stable and the canary release by these
-- (tools/delivery/src/releases.ts, with the service role). At most remote-health-releases-per-day rows a
-- remote a day, and 31 days.
CREATE TABLE public.remote_health (
    remote text NOT NULL,
    release text NOT NULL,
    day date NOT NULL,
    loads integer DEFAULT 0 NOT NULL,
    load_failures integer DEFAULT 0 NOT NULL,
    render_failures integer DEFAULT 0 NOT NULL,
    visitors integer DEFAULT 0 NOT NULL,
    CONSTRAINT remote_health_load_failures_check CHECK ((load_failures >= 0)),
    CONSTRAINT remote_health_loads_check CHECK ((loads >= 0)),
    CONSTRAINT remote_health_release_check CHECK (((release ~ '^https?://[^[:space:]]+$'::text) AND (length(release) <= 500))),
    CONSTRAINT remote_health_remote_check CHECK ((remote = ANY (ARRAY['content'::text, 'signups'::text, 'careers'::text]))),
    CONSTRAINT remote_health_render_failures_check CHECK ((render_failures >= 0)),
    CONSTRAINT remote_health_visitors_check CHECK ((visitors >= 0)),
    CONSTRAINT remote_health_pkey PRIMARY KEY (remote, release, day)
);

-- remote_health_release_shape is NOT VALID: rows counted before releases had to have the shape keep
-- theirs until their day is deleted; every row written is checked.
ALTER TABLE ONLY public.remote_health FORCE ROW LEVEL SECURITY;
ALTER TABLE public.remote_health
    ADD CONSTRAINT remote_health_release_shape CHECK (private.is_remote_release(release)) NOT VALID;
ALTER TABLE public.remote_health ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON TABLE public.remote_health TO service_role;

-- Which client address (private.client_key) reported which release of a remote and which outcomes
-- today: one address counts once a day per release and outcome, and for at most
-- remote-health-releases-per-client releases of a remote. Kept for the day, as the rate limiter keeps
-- its addresses (private.count_remote_health deletes earlier days' rows as the next day's reports come
-- in), and read by no role but the owner.
CREATE TABLE private.remote_health_clients (
    day date NOT NULL,
    remote text NOT NULL,
    release text NOT NULL,
    client text NOT NULL,
    loaded boolean DEFAULT false NOT NULL,
    load_failed boolean DEFAULT false NOT NULL,
    render_failed boolean DEFAULT false NOT NULL,
    CONSTRAINT remote_health_clients_pkey PRIMARY KEY (day, remote, release, client)
);
CREATE INDEX remote_health_clients_client ON private.remote_health_clients USING btree (day, client, remote);

-- A report as public.report_remote_health inserts it (remote, release, outcome). No row is ever stored
-- here: private.count_remote_health adds it to its day's counters and drops it.
CREATE TABLE public.remote_health_reports (
    remote text NOT NULL,
    release text NOT NULL,
    outcome text NOT NULL,
    CONSTRAINT remote_health_reports_outcome_check CHECK ((outcome = ANY (ARRAY['loaded'::text, 'load_failed'::text, 'render_failed'::text]))),
    CONSTRAINT remote_health_reports_release_check CHECK (((release ~ '^https?://[^[:space:]]+$'::text) AND (length(release) <= 500))),
    CONSTRAINT remote_health_reports_remote_check CHECK ((remote = ANY (ARRAY['content'::text, 'signups'::text, 'careers'::text])))
);
ALTER TABLE ONLY public.remote_health_reports FORCE ROW LEVEL SECURITY;
ALTER TABLE public.remote_health_reports ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON TABLE public.remote_health_reports TO service_role;

-- Adds a report to its day's counters and drops it. The row is never stored, so the table's CHECKs
-- never run: the rules are checked here. A release without a row of its day gets one while the remote
-- has fewer than remote-health-releases-per-day rows that day; past them, it takes the place of the row
-- reached by the fewest client addresses once it has been reached by more, and waits otherwise (its
-- reports are kept per address meanwhile, so none is lost when it gets its row). Runs after
-- public.report_remote_health took the address's rate-limit token, whose lock on the address is held to
-- the end of the request, so two reports of one address never race here. Runs as its owner: neither the
-- counters nor the addresses are anon's to read.
CREATE FUNCTION private.count_remote_health() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
REVOKE ALL ON FUNCTION private.count_remote_health() FROM PUBLIC;
GRANT ALL ON FUNCTION private.count_remote_health() TO anon;

-- What the shell sends, once per page load for each remote and outcome (apps/shell/src/federation/
-- remote-health.ts): one report per request, through this function, as anonymous visitors write
-- nothing to a table themselves. It first takes a token of the client address's limit
-- (remote_health_reports in public.rate_limit_rules), whose lock on the address is held to the end of
-- the request, so two reports of one address never race in private.count_remote_health.
CREATE FUNCTION public.report_remote_health(p_remote text, p_release text, p_outcome text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.take_rate_limit_token('remote_health_reports', private.request_client_address());
  insert into public.remote_health_reports (remote, release, outcome)
  values (p_remote, p_release, p_outcome);
end;
$$;
REVOKE ALL ON FUNCTION public.report_remote_health(p_remote text, p_release text, p_outcome text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.report_remote_health(p_remote text, p_release text, p_outcome text) TO anon;
GRANT ALL ON FUNCTION public.report_remote_health(p_remote text, p_release text, p_outcome text) TO service_role;

CREATE TRIGGER remote_health_reports_count BEFORE INSERT ON public.remote_health_reports FOR EACH ROW EXECUTE FUNCTION private.count_remote_health();
