-- Content-Security-Policy violation reports (docs/security.md, "CSP reports"): the shell's policy sends
-- browsers' reports to the edge function csp-report, which reduces each to its directive, blocked source,
-- page and sample and calls public.record_csp_violations with the service role. Only counts are kept.
--
-- 1. public.csp_violations: per UTC day, release, directive, blocked source (a keyword, a scheme or an
--    origin, never a full URL), page (a path, no query) and sample (at most 40 characters), how many
--    reports. No address, user agent or anything else of the visitor. RLS enabled and forced; anon and
--    authenticated have no right on it; the service role reads it (the functions write it only through
--    record_csp_violations).
-- 2. Bounds, the numbers of supabase/functions/_shared/rules/csp-reports.ts (CSP_REPORT_LIMITS, held
--    equal by supabase/tests/csp-violations.test.ts): at most 20 violations a call, 60 reports a minute
--    per client address (a rate_limit_rules row, over it dropped silently, as record-visit's page
--    views), 500 distinct rows a day and past that the day's one overflow row, 30 days kept.
-- 3. public.console_csp_violations: the last 30 days' rows, a page at a time, for staff only (42501
--    'Staff only' for anyone else), not logged, like the console's other counts: they name nobody.
--
-- Plain SQL for PGlite, PostgreSQL 15 and hosted 17.

-- 1. The counts -----------------------------------------------------------------------------------------

-- The numbers of CSP_REPORT_LIMITS: violations one call may count, distinct rows a day, days kept, and
-- the sample's length (the CHECK below writes it too).
create function private.csp_report_rules()
returns table (max_reports_per_batch integer, rows_per_day integer, days_kept integer, sample_chars integer)
language sql
immutable
parallel safe
set search_path = ''
as $$ select 20, 500, 30, 40 $$;
revoke all on function private.csp_report_rules() from public;

-- The shapes of rules/csp-reports.ts: CSP_RELEASE_PATTERN, CSP_DIRECTIVE_PATTERN, the blocked source's
-- two patterns, the site path of rules/attribution.ts (private.is_site_path) and a sample of at most 40
-- characters without control characters (stored as text, shown as text).
create table public.csp_violations (
  day date not null,
  release text not null,
  directive text not null,
  blocked text not null,
  page text not null,
  sample text not null default '',
  count bigint not null default 1,
  primary key (day, release, directive, blocked, page, sample),
  constraint csp_violations_release_check check (release ~ '^[a-z0-9-]{1,40}$'),
  constraint csp_violations_directive_check check (directive ~ '^[a-z][a-z-]{0,39}$'),
  constraint csp_violations_blocked_check check (
    blocked ~ '^[a-z][a-z0-9+.-]{0,39}$'
    or (char_length(blocked) <= 300
        and blocked ~ '^(https?|wss?)://(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(:[0-9]{1,5})?$')),
  constraint csp_violations_page_check check (private.is_site_path(page)),
  constraint csp_violations_sample_check
    check (char_length(sample) <= 40 and sample !~ '[\u0001-\u001f\u007f-\u009f]'),
  constraint csp_violations_count_check check (count > 0)
);
alter table public.csp_violations enable row level security;
alter table public.csp_violations force row level security;
revoke all on table public.csp_violations from public, anon, authenticated, service_role;
grant select on table public.csp_violations to service_role;

insert into public.rate_limit_rules (action, max_requests, window_seconds, description) values
  ('csp-report', 60, 60, 'CSP violation reports counted per client address');

-- Adds one to today's (UTC) count of each violation of p_violations (a JSON array of at most
-- max_reports_per_batch objects {directive, blocked, page, sample}, as the function normalised them) for
-- the release, one rate-limit token of the client address each; at the first over the limit it stops.
-- Answers how many it counted. A violation whose row does not exist yet goes to the day's overflow row
-- (directive 'overflow', which no report is counted under) once the day has rows_per_day rows. Then it
-- deletes a few rows of days past days_kept. Shapes other than the table's fail with 23514 (or 23502
-- for a missing field), 22023 for a body that is no such array: the function never sends either.
create function public.record_csp_violations(
  p_release text,
  p_violations jsonb,
  p_client_address text
)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
revoke all on function public.record_csp_violations(text, jsonb, text) from public, anon, authenticated;
grant execute on function public.record_csp_violations(text, jsonb, text) to service_role;

-- 2. The console ----------------------------------------------------------------------------------------

-- The rows of the kept days (UTC, today and the 29 before), a page of them: {total, reports, from, rows},
-- total the rows, reports the sum of their counts, from the first day shown; rows
-- [{day, release, directive, blocked, page, sample, count}], newest day first, then the most reported.
-- Up to p_limit rows (default 50, at most 200) after p_offset. Staff only.
create function public.console_csp_violations(p_limit integer, p_offset integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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
revoke all on function public.console_csp_violations(integer, integer) from public, anon, authenticated;
grant execute on function public.console_csp_violations(integer, integer) to authenticated;
