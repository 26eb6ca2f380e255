-- The console's view of growth (issue 27, docs/console.md "Sources" and "Referrals"): where sign-ups
-- come from and how referrals fare, for staff only, on top of the growth migration (20251129000000).
--
-- 1. Every list filters by source: console_signups and console_applications take p_source (the source
--    label exactly, private.source_label(utm_source, referrer_host): the campaign's utm_source, else the
--    referring host, else 'direct'), and their rows carry the source and the landing page. An export's
--    filter takes the key source too, and its rows carry the source label beside the stored columns.
--    The functions whose parameters change are dropped and made again (PostgREST finds a function by the
--    names of its arguments); the others are replaced in place.
-- 2. public.console_growth: page views and landings (visit_counts) and sign-ups (the three lists and the
--    applications) per UTC day and source, per source and per landing page. The console computes
--    conversion (sign-ups per landing) from them.
-- 3. public.console_referrals: each referral code with referred sign-ups in the range, how they fared
--    (confirmed, credited, held and why, unconfirmed), the referrer's place, and whether the code looks
--    farmed.
--
-- Like the console's other reads, these refuse anyone but staff (42501 'Staff only') and are not logged:
-- staff read the sign-up lists directly anyway, and the counts name nobody. Plain SQL for PGlite,
-- PostgreSQL 15 and hosted 17.

-- 1. The source filter ---------------------------------------------------------------------------------

-- Whether the text can be a source label: a campaign tag or a host name, both lowercase, or 'direct'
-- (rules/console-lists.ts, SOURCE_PATTERN; supabase/tests/console-growth.test.ts holds the two to each
-- other). The lists' source filter and an export's check it here.
create function private.is_source_label(p_source text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$ select p_source ~ '^[a-z0-9][a-z0-9._~+-]{0,252}$' $$;
revoke all on function private.is_source_label(text) from public;

-- A source filter as the lists take it: NULL (or blank) for none, else a source label, else 22023.
create function private.console_source(p_source text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_source text := nullif(btrim(p_source), '');
begin
  if v_source is not null and not private.is_source_label(v_source) then
    raise exception 'The source is a source label: direct, a campaign source or a referring host'
      using errcode = '22023';
  end if;
  return v_source;
end;
$$;
revoke all on function private.console_source(text) from public;

drop function public.console_signups(text, text, date, date, boolean, boolean, text, boolean, integer, integer);
drop function public.console_applications(text, date, date, text, text, boolean, integer, integer);
drop function private.console_export_signup_page(text, text, date, date, boolean, boolean, timestamptz, uuid, integer);
drop function private.console_export_application_page(text, date, date, text, timestamptz, uuid, integer);
drop function private.console_signup_filter(text, text, date, date, boolean, boolean);
drop function private.console_application_filter(text, date, date, text);

-- As migration 20251128000000, and $6 the source label.
create function private.console_signup_filter(
  p_form text,
  p_pattern text,
  p_from date,
  p_to date,
  p_confirmed boolean,
  p_invited boolean,
  p_source text
)
returns text
language sql
immutable
set search_path = ''
as $$
  select concat_ws(' and ', 'true',
    case when p_pattern is not null then
      case when p_form = 'waitlist' then
        'lower(s.email || '' '' || s.first_name || '' '' || s.last_name || '' '' || s.company) like $1'
      else 'lower(s.email) like $1' end
    end,
    case when p_from is not null then 's.created_at >= $2' end,
    case when p_to is not null then 's.created_at < $3' end,
    case when p_confirmed is not null then '(s.confirmed_at is not null) = $4' end,
    case when p_invited is not null then
      case when p_form = 'waitlist' then '(s.invited_at is not null) = $5'
           -- Nobody on the other lists is invited.
           when p_invited then 'false' end
    end,
    case when p_source is not null then 'private.source_label(s.utm_source, s.referrer_host) = $6' end)
$$;
revoke all on function private.console_signup_filter(text, text, date, date, boolean, boolean, text) from public;

-- As migration 20251128000000, and $5 the source label.
create function private.console_application_filter(
  p_pattern text,
  p_from date,
  p_to date,
  p_status text,
  p_source text
)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_status is not null
     and p_status not in ('pending', 'reviewing', 'interviewing', 'offer', 'rejected', 'withdrawn') then
    raise exception 'Unknown status: %', p_status using errcode = '22023';
  end if;
  return concat_ws(' and ', 'true',
    case when p_pattern is not null then
      'lower(s.email || '' '' || s.first_name || '' '' || s.last_name) like $1'
    end,
    case when p_from is not null then 's.created_at >= $2' end,
    case when p_to is not null then 's.created_at < $3' end,
    case when p_status is not null then 's.status = $4' end,
    case when p_source is not null then 'private.source_label(s.utm_source, s.referrer_host) = $5' end);
end;
$$;
revoke all on function private.console_application_filter(text, date, date, text, text) from public;

-- The rows a page skips: NULL is none, a negative number 22023 (as private.console_limit checks a limit).
create function private.console_offset(p_offset integer)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_offset < 0 then
    raise exception 'p_offset must not be negative' using errcode = '22023';
  end if;
  return coalesce(p_offset, 0);
end;
$$;
revoke all on function private.console_offset(integer) from public;

-- A page of a sign-up list: {total, rows}. As migration 20251128000000, with p_source (the source label
-- exactly; NULL for any), and each row also has source and landing_path. p_source has a default so that
-- a console built before this migration still finds the function on hosted PostgREST.
create function public.console_signups(
  p_form text,
  p_search text,
  p_from date,
  p_to date,
  p_confirmed boolean,
  p_invited boolean,
  p_sort text,
  p_descending boolean,
  p_limit integer,
  p_offset integer,
  p_source text default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_table text;
  v_pattern text;
  v_source text;
  v_where text;
  v_order text;
  v_columns text;
  v_limit integer;
  v_offset integer;
  v_total bigint;
  v_rows jsonb;
begin
  perform private.require_staff();
  v_table := private.console_signup_table(p_form);
  v_pattern := private.console_search_pattern(p_search);
  v_source := private.console_source(p_source);
  v_where := private.console_signup_filter(p_form, v_pattern, p_from, p_to, p_confirmed, p_invited, v_source);
  v_order := private.console_order(p_sort, p_descending, array['created_at', 'email']);
  v_limit := private.console_limit(p_limit, 50, 200);
  v_offset := private.console_offset(p_offset);
  v_columns := 's.id, s.email, s.created_at, s.confirmed_at'
    || case when p_form = 'waitlist' then
         ', s.first_name, s.last_name, s.company, s.role, s.company_size, s.use_case, s.hear_about, s.invited_at'
       else '' end
    || ', private.source_label(s.utm_source, s.referrer_host) as source, s.landing_path';
  execute format('select count(*) from public.%I s where %s', v_table, v_where)
     into v_total
    using v_pattern, private.utc_day_start(p_from), private.utc_day_start(p_to + 1), p_confirmed, p_invited,
          v_source;
  -- A page past the last row is empty: no second pass over the table (a search that finds nothing).
  if v_total <= v_offset then
    return jsonb_build_object('total', v_total, 'rows', '[]'::jsonb);
  end if;
  execute format(
    'select coalesce(jsonb_agg(to_jsonb(p) - ''n'' order by p.n), ''[]''::jsonb)
       from (select %s, row_number() over (order by %s) as n
               from public.%I s where %s order by %s limit $7 offset $8) p',
    v_columns, v_order, v_table, v_where, v_order)
     into v_rows
    using v_pattern, private.utc_day_start(p_from), private.utc_day_start(p_to + 1), p_confirmed, p_invited,
          v_source, v_limit, v_offset;
  return jsonb_build_object('total', v_total, 'rows', v_rows);
end;
$$;

-- A page of the applications: {total, rows}. As migration 20251128000000, with p_source, and each row
-- also has source and landing_path.
create function public.console_applications(
  p_search text,
  p_from date,
  p_to date,
  p_status text,
  p_sort text,
  p_descending boolean,
  p_limit integer,
  p_offset integer,
  p_source text default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_pattern text;
  v_source text;
  v_where text;
  v_order text;
  v_limit integer;
  v_offset integer;
  v_total bigint;
  v_rows jsonb;
begin
  perform private.require_staff();
  v_pattern := private.console_search_pattern(p_search);
  v_source := private.console_source(p_source);
  v_where := private.console_application_filter(v_pattern, p_from, p_to, p_status, v_source);
  v_order := private.console_order(p_sort, p_descending, array['created_at', 'email', 'last_name']);
  v_limit := private.console_limit(p_limit, 50, 200);
  v_offset := private.console_offset(p_offset);
  execute format('select count(*) from public.general_applications s where %s', v_where)
     into v_total
    using v_pattern, private.utc_day_start(p_from), private.utc_day_start(p_to + 1), p_status, v_source;
  if v_total <= v_offset then
    return jsonb_build_object('total', v_total, 'rows', '[]'::jsonb);
  end if;
  execute format(
    'select coalesce(jsonb_agg(to_jsonb(p) - ''n'' order by p.n), ''[]''::jsonb)
       from (select s.id, s.first_name, s.last_name, s.email, s.created_at, s.status, s."current_role",
                    s.location, s.resume_filename,
                    private.source_label(s.utm_source, s.referrer_host) as source, s.landing_path,
                    row_number() over (order by %s) as n
               from public.general_applications s where %s order by %s limit $6 offset $7) p',
    v_order, v_where, v_order)
     into v_rows
    using v_pattern, private.utc_day_start(p_from), private.utc_day_start(p_to + 1), p_status, v_source,
          v_limit, v_offset;
  return jsonb_build_object('total', v_total, 'rows', v_rows);
end;
$$;

-- An export's filter, checked for its list: as migration 20251128000000, and every list takes source (a
-- source label, text).
create or replace function private.console_export_filter(p_kind text, p_filter jsonb)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_filter jsonb := coalesce(p_filter, '{}'::jsonb);
  v_keys text[];
  v_key text;
  v_value jsonb;
begin
  v_keys := case p_kind
    when 'early_access' then array['search', 'from', 'to', 'confirmed', 'source']
    when 'newsletter' then array['search', 'from', 'to', 'confirmed', 'source']
    when 'waitlist' then array['search', 'from', 'to', 'confirmed', 'invited', 'source']
    when 'applications' then array['search', 'from', 'to', 'status', 'source']
  end;
  if v_keys is null then
    raise exception 'Unknown export: %', coalesce(p_kind, 'null') using errcode = '22023';
  end if;
  if jsonb_typeof(v_filter) <> 'object' or octet_length(v_filter::text) > 2000 then
    raise exception 'The filter must be a JSON object of at most 2000 bytes' using errcode = '22023';
  end if;
  for v_key, v_value in select f.key, f.value from jsonb_each(v_filter) f order by f.key loop
    if not v_key = any (v_keys) then
      raise exception 'The % export has no filter %', p_kind, left(v_key, 40)
        using errcode = '22023', hint = format('Its filters: %s.', array_to_string(v_keys, ', '));
    end if;
    case v_key
      when 'search' then
        if jsonb_typeof(v_value) <> 'string' or char_length(v_value #>> '{}') > 200 then
          raise exception 'search is text of at most 200 characters' using errcode = '22023';
        end if;
      when 'from', 'to' then
        if jsonb_typeof(v_value) <> 'string' or (v_value #>> '{}') !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
          raise exception '% is a day, YYYY-MM-DD', v_key using errcode = '22023';
        end if;
        begin
          perform (v_value #>> '{}')::date;
        exception when others then
          raise exception '% is a day, YYYY-MM-DD', v_key using errcode = '22023';
        end;
      when 'confirmed', 'invited' then
        if jsonb_typeof(v_value) <> 'boolean' then
          raise exception '% is true or false', v_key using errcode = '22023';
        end if;
      when 'status' then
        if jsonb_typeof(v_value) <> 'string'
           or (v_value #>> '{}') not in ('pending', 'reviewing', 'interviewing', 'offer', 'rejected', 'withdrawn') then
          raise exception 'status is one of pending, reviewing, interviewing, offer, rejected, withdrawn'
            using errcode = '22023';
        end if;
      when 'source' then
        if jsonb_typeof(v_value) <> 'string' or not private.is_source_label(v_value #>> '{}') then
          raise exception 'source is a source label: direct, a campaign source or a referring host'
            using errcode = '22023';
        end if;
    end case;
  end loop;
  if (v_filter ->> 'from')::date > (v_filter ->> 'to')::date then
    raise exception 'from is after to' using errcode = '22023';
  end if;
  return v_filter;
end;
$$;

-- A keyset page of a sign-up list's export, as migration 20251128000000: whole rows, each with its
-- source label (source) added, filtered by source too.
create function private.console_export_signup_page(
  p_form text,
  p_search text,
  p_from date,
  p_to date,
  p_confirmed boolean,
  p_invited boolean,
  p_source text,
  p_after_created_at timestamptz,
  p_after_id uuid,
  p_limit integer
)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_table text;
  v_pattern text;
  v_source text;
  v_where text;
  v_rows jsonb;
begin
  v_table := private.console_signup_table(p_form);
  v_pattern := private.console_search_pattern(p_search);
  v_source := private.console_source(p_source);
  v_where := private.console_signup_filter(p_form, v_pattern, p_from, p_to, p_confirmed, p_invited, v_source);
  if p_after_id is not null then
    v_where := v_where || ' and (s.created_at, s.id) > ($7, $8)';
  end if;
  execute format(
    'select coalesce(jsonb_agg(to_jsonb(p.s) || jsonb_build_object(''source'', p.source) order by p.n),
                     ''[]''::jsonb)
       from (select s, private.source_label(s.utm_source, s.referrer_host) as source,
                    row_number() over (order by s.created_at, s.id) as n
               from public.%I s where %s order by s.created_at, s.id limit $9) p',
    v_table, v_where)
     into v_rows
    using v_pattern, private.utc_day_start(p_from), private.utc_day_start(p_to + 1), p_confirmed, p_invited,
          v_source, p_after_created_at, p_after_id, private.console_limit(p_limit, 1000, 1000);
  return v_rows;
end;
$$;
revoke all on function private.console_export_signup_page(text, text, date, date, boolean, boolean, text, timestamptz, uuid, integer) from public;

-- The same for applications.
create function private.console_export_application_page(
  p_search text,
  p_from date,
  p_to date,
  p_status text,
  p_source text,
  p_after_created_at timestamptz,
  p_after_id uuid,
  p_limit integer
)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_pattern text;
  v_source text;
  v_where text;
  v_rows jsonb;
begin
  v_pattern := private.console_search_pattern(p_search);
  v_source := private.console_source(p_source);
  v_where := private.console_application_filter(v_pattern, p_from, p_to, p_status, v_source);
  if p_after_id is not null then
    v_where := v_where || ' and (s.created_at, s.id) > ($6, $7)';
  end if;
  execute format(
    'select coalesce(jsonb_agg(to_jsonb(p.s) || jsonb_build_object(''source'', p.source) order by p.n),
                     ''[]''::jsonb)
       from (select s, private.source_label(s.utm_source, s.referrer_host) as source,
                    row_number() over (order by s.created_at, s.id) as n
               from public.general_applications s where %s order by s.created_at, s.id limit $8) p',
    v_where)
     into v_rows
    using v_pattern, private.utc_day_start(p_from), private.utc_day_start(p_to + 1), p_status, v_source,
          p_after_created_at, p_after_id, private.console_limit(p_limit, 1000, 1000);
  return v_rows;
end;
$$;
revoke all on function private.console_export_application_page(text, date, date, text, text, timestamptz, uuid, integer) from public;

-- As migration 20251128000000, passing the line's source filter on.
create or replace function public.console_export_rows(
  p_export bigint,
  p_after_created_at timestamptz,
  p_after_id uuid,
  p_limit integer
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_actor text := private.require_staff();
  v_line public.staff_audit_log;
  v_kind text;
  v_filter jsonb;
begin
  select * into v_line from public.staff_audit_log where id = p_export;
  if not found or v_line.action <> 'export' then
    raise exception 'No such export: log it first (console_log_export) and page with its id'
      using errcode = '22023';
  end if;
  if v_line.actor <> v_actor then
    raise exception 'That export was logged by another staff member' using errcode = '42501';
  end if;
  if v_line.at <= now() - interval '1 hour' then
    raise exception 'That export was logged more than an hour ago: log it again' using errcode = '22023';
  end if;
  if (p_after_created_at is null) <> (p_after_id is null) then
    raise exception 'p_after_created_at and p_after_id go together' using errcode = '22023';
  end if;
  v_kind := v_line.detail ->> 'kind';
  v_filter := private.console_export_filter(v_kind, v_line.detail -> 'filter');
  if v_kind = 'applications' then
    return private.console_export_application_page(
      v_filter ->> 'search', (v_filter ->> 'from')::date, (v_filter ->> 'to')::date, v_filter ->> 'status',
      v_filter ->> 'source', p_after_created_at, p_after_id, p_limit);
  end if;
  return private.console_export_signup_page(
    v_kind, v_filter ->> 'search', (v_filter ->> 'from')::date, (v_filter ->> 'to')::date,
    (v_filter ->> 'confirmed')::boolean, (v_filter ->> 'invited')::boolean, v_filter ->> 'source',
    p_after_created_at, p_after_id, p_limit);
end;
$$;

-- 2. Sources -------------------------------------------------------------------------------------------

-- A range of UTC days (both included; NULL is open-ended), or 22023 when it ends before it starts.
create function private.console_check_range(p_from date, p_to date)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_from > p_to then
    raise exception 'p_from is after p_to' using errcode = '22023';
  end if;
end;
$$;
revoke all on function private.console_check_range(date, date) from public;

-- Visits and sign-ups from p_from to p_to (UTC days, both included; NULL is open-ended):
--   per_day: [{day, source, views, landings, signups, confirmed}] by day, then source;
--   sources: [{source, views, landings, signups, confirmed}], most sign-ups first;
--   landing_pages: [{path, landings, signups, confirmed}], most landings first; path NULL gathers the
--     sign-ups that recorded no landing page; a page viewed but never landed on is left out.
-- views and landings are visit_counts' (by source_label of its source and referrer host); signups are the
-- rows of the three lists and the applications made that day (by the source_label of their own columns),
-- confirmed those with confirmed_at (an application counts as confirmed: it has no confirmation step).
create function public.console_growth(p_from date, p_to date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_from timestamptz;
  v_to timestamptz;
  v_report jsonb;
begin
  perform private.require_staff();
  perform private.console_check_range(p_from, p_to);
  v_from := coalesce(private.utc_day_start(p_from), '-infinity');
  v_to := coalesce(private.utc_day_start(p_to + 1), 'infinity');
  with visits as (
    select v.day, private.source_label(v.source, v.referrer_host) as source, v.path, v.views, v.landings
      from public.visit_counts v
     where (p_from is null or v.day >= p_from) and (p_to is null or v.day <= p_to)
  ),
  signups as (
    select (s.created_at at time zone 'UTC')::date as day, private.source_label(s.utm_source, s.referrer_host) as source,
           s.landing_path as path, s.confirmed_at is not null as confirmed
      from public.early_access_signups s where s.created_at >= v_from and s.created_at < v_to
    union all
    select (s.created_at at time zone 'UTC')::date, private.source_label(s.utm_source, s.referrer_host),
           s.landing_path, s.confirmed_at is not null
      from public.newsletter_subscriptions s where s.created_at >= v_from and s.created_at < v_to
    union all
    select (s.created_at at time zone 'UTC')::date, private.source_label(s.utm_source, s.referrer_host),
           s.landing_path, s.confirmed_at is not null
      from public.waitlist_signups s where s.created_at >= v_from and s.created_at < v_to
    union all
    select (s.created_at at time zone 'UTC')::date, private.source_label(s.utm_source, s.referrer_host),
           s.landing_path, true
      from public.general_applications s where s.created_at >= v_from and s.created_at < v_to
  ),
  per_day as (
    select c.day, c.source, sum(c.views)::bigint as views, sum(c.landings)::bigint as landings,
           sum(c.signups)::bigint as signups, sum(c.confirmed)::bigint as confirmed
      from (
        select day, source, views, landings, 0 as signups, 0 as confirmed from visits
        union all
        select day, source, 0, 0, 1, case when confirmed then 1 else 0 end from signups
      ) c
     group by c.day, c.source
  ),
  per_source as (
    select d.source, sum(d.views)::bigint as views, sum(d.landings)::bigint as landings,
           sum(d.signups)::bigint as signups, sum(d.confirmed)::bigint as confirmed
      from per_day d
     group by d.source
  ),
  per_page as (
    select c.path, sum(c.landings)::bigint as landings, sum(c.signups)::bigint as signups,
           sum(c.confirmed)::bigint as confirmed
      from (
        select path, landings, 0 as signups, 0 as confirmed from visits
        union all
        select path, 0, 1, case when confirmed then 1 else 0 end from signups
      ) c
     group by c.path
    having sum(c.landings) > 0 or sum(c.signups) > 0
  )
  select jsonb_build_object(
    'per_day', (select coalesce(jsonb_agg(jsonb_build_object(
                          'day', d.day, 'source', d.source, 'views', d.views, 'landings', d.landings,
                          'signups', d.signups, 'confirmed', d.confirmed)
                        order by d.day, d.source), '[]'::jsonb)
                  from per_day d),
    'sources', (select coalesce(jsonb_agg(jsonb_build_object(
                          'source', s.source, 'views', s.views, 'landings', s.landings,
                          'signups', s.signups, 'confirmed', s.confirmed)
                        order by s.signups desc, s.landings desc, s.source), '[]'::jsonb)
                  from per_source s),
    'landing_pages', (select coalesce(jsonb_agg(jsonb_build_object(
                                'path', p.path, 'landings', p.landings, 'signups', p.signups,
                                'confirmed', p.confirmed)
                              order by p.landings desc, p.signups desc, p.path nulls last), '[]'::jsonb)
                        from per_page p))
    into v_report;
  return v_report;
end;
$$;

-- 3. Referrals -----------------------------------------------------------------------------------------

-- When a referral code is suspected of farming: rules/places.ts, SUSPECTED_FARMING
-- (supabase/tests/console-growth.test.ts holds them equal). min_held or more of its referrals held, or
-- min_settled or more made settle_hours or more ago of which under min_confirmed_share are confirmed.
create function private.suspected_farming_rules()
returns table (min_held integer, min_settled integer, settle_hours integer, min_confirmed_share numeric)
language sql
immutable
parallel safe
set search_path = ''
as $$ select 3, 5, 24, 0.5 $$;
revoke all on function private.suspected_farming_rules() from public;

-- The referral codes of the early-access list and the waitlist with at least one sign-up they referred
-- made from p_from to p_to (UTC days, both included; NULL is open-ended), a page of them: {total, rows},
-- up to p_limit (at most 200, default 50) after p_offset. Each row counts the referred sign-ups of the
-- range:
--   list, email (the referrer's; NULL when the referrer's sign-up is gone), referral_code, place (the
--   referrer's place in line now; NULL unless confirmed), referred, confirmed, credited (confirmed, not
--   held, and made after a referrer who is confirmed, one person once: what moves the referrer up, as
--   private.line_places counts it), held_self, held_address_cap,
--   held_code_cap, held_disposable, unconfirmed;
--   suspected, with suspected_because: 'held' when too many were held, 'unconfirmed' when enough were
--   made long enough ago and too few of those are confirmed (private.suspected_farming_rules() has the
--   numbers: 3 held; 5 made a day ago, under half confirmed).
-- With p_suspected only the suspected codes. Suspected codes first, then the most referred.
create function public.console_referrals(
  p_from date,
  p_to date,
  p_suspected boolean,
  p_limit integer,
  p_offset integer
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_from timestamptz;
  v_to timestamptz;
  v_limit integer;
  v_offset integer;
  v_total bigint;
  v_rows jsonb;
begin
  perform private.require_staff();
  perform private.console_check_range(p_from, p_to);
  v_limit := private.console_limit(p_limit, 50, 200);
  v_offset := private.console_offset(p_offset);
  v_from := coalesce(private.utc_day_start(p_from), '-infinity');
  v_to := coalesce(private.utc_day_start(p_to + 1), 'infinity');

  -- One statement: a STABLE function may not keep the codes in a table of its own between two.
  with rules as (
    select s.* from private.suspected_farming_rules() s
  ),
  referred as (
    select 'early_access' as list, x.referred_by as code, x.email, x.created_at, x.confirmed_at,
           x.referral_hold
      from public.early_access_signups x
     where x.referred_by is not null and x.created_at >= v_from and x.created_at < v_to
    union all
    select 'waitlist', x.referred_by, x.email, x.created_at, x.confirmed_at, x.referral_hold
      from public.waitlist_signups x
     where x.referred_by is not null and x.created_at >= v_from and x.created_at < v_to
  ),
  referrers as (
    select 'early_access' as list, r.id, r.email, r.referral_code, r.created_at, r.confirmed_at
      from public.early_access_signups r
     where r.referral_code in (select d.code from referred d where d.list = 'early_access')
    union all
    select 'waitlist', r.id, r.email, r.referral_code, r.created_at, r.confirmed_at
      from public.waitlist_signups r
     where r.referral_code in (select d.code from referred d where d.list = 'waitlist')
  ),
  counted as (
    select d.list, d.code, r.id as referrer_id, r.email,
           count(*) as referred,
           count(*) filter (where d.confirmed_at is not null) as confirmed,
           count(distinct private.person_mailbox(d.email))
             filter (where d.confirmed_at is not null and d.referral_hold is null
                       and r.confirmed_at is not null and d.created_at > r.created_at) as credited,
           count(*) filter (where d.referral_hold = 'self') as held_self,
           count(*) filter (where d.referral_hold = 'address_cap') as held_address_cap,
           count(*) filter (where d.referral_hold = 'code_cap') as held_code_cap,
           count(*) filter (where d.referral_hold = 'disposable') as held_disposable,
           count(*) filter (where d.confirmed_at is null) as unconfirmed,
           count(*) filter (where d.referral_hold is not null) as held,
           count(*) filter (where d.created_at <= now() - make_interval(hours => s.settle_hours)) as settled,
           count(*) filter (where d.created_at <= now() - make_interval(hours => s.settle_hours)
                              and d.confirmed_at is not null) as settled_confirmed
      from referred d
      cross join rules s
      left join referrers r on r.list = d.list and r.referral_code = d.code
     group by d.list, d.code, r.id, r.email
  ),
  codes as (
    select c.*,
           array_remove(array[
             case when c.held >= s.min_held then 'held' end,
             case when c.settled >= s.min_settled
                   and c.settled_confirmed < c.settled * s.min_confirmed_share then 'unconfirmed' end
           ], null) as suspected_because
      from counted c
      cross join rules s
  ),
  chosen as (
    select c.*, cardinality(c.suspected_because) > 0 as suspected,
           row_number() over (order by cardinality(c.suspected_because) > 0 desc, c.referred desc,
                                       c.list, c.code) as n
      from codes c
     where not coalesce(p_suspected, false) or cardinality(c.suspected_because) > 0
  ),
  page as (
    select * from chosen c
     where c.n > v_offset and c.n <= v_offset + v_limit
  ),
  -- The places of the lists on this page only (each is computed from the whole list).
  places as (
    select 'early_access' as list, l.id, l.place
      from private.line_places('early_access') l
     where exists (select from page where page.list = 'early_access' and page.referrer_id is not null)
    union all
    select 'waitlist', l.id, l.place
      from private.line_places('waitlist') l
     where exists (select from page where page.list = 'waitlist' and page.referrer_id is not null)
  )
  select (select count(*) from chosen),
         coalesce(jsonb_agg(jsonb_build_object(
           'list', p.list, 'email', p.email, 'referral_code', p.code, 'place', pl.place,
           'referred', p.referred, 'confirmed', p.confirmed, 'credited', p.credited,
           'held_self', p.held_self, 'held_address_cap', p.held_address_cap,
           'held_code_cap', p.held_code_cap, 'held_disposable', p.held_disposable,
           'unconfirmed', p.unconfirmed, 'suspected', p.suspected,
           'suspected_because', to_jsonb(p.suspected_because))
         order by p.n), '[]'::jsonb)
    into v_total, v_rows
    from page p
    left join places pl on pl.list = p.list and pl.id = p.referrer_id;
  return jsonb_build_object('total', v_total, 'rows', v_rows);
end;
$$;

revoke all on function public.console_signups(text, text, date, date, boolean, boolean, text, boolean, integer, integer, text) from public, anon, authenticated;
revoke all on function public.console_applications(text, date, date, text, text, boolean, integer, integer, text) from public, anon, authenticated;
revoke all on function public.console_growth(date, date) from public, anon, authenticated;
revoke all on function public.console_referrals(date, date, boolean, integer, integer) from public, anon, authenticated;
grant execute on function public.console_signups(text, text, date, date, boolean, boolean, text, boolean, integer, integer, text) to authenticated;
grant execute on function public.console_applications(text, date, date, text, text, boolean, integer, integer, text) to authenticated;
grant execute on function public.console_growth(date, date) to authenticated;
grant execute on function public.console_referrals(date, date, boolean, integer, integer) to authenticated;
