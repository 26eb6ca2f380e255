-- The console's numbers over days (docs/console.md, "What staff can do"): the Overview's sign-ups per
-- day and form, the Sources view's visits and sign-ups per source, landing page and day, and the
-- Referrals view's codes with their credit, holds and farming flags (whose thresholds are
-- private.suspected_farming_rules, referrals.sql). Each function runs as its owner, answers staff only
-- (private.require_staff, staff.sql) and logs nothing: it shows counts, and the addresses the lists
-- already show to staff.

-- The Sources view: visits and sign-ups from p_from to p_to (UTC days, both included; NULL is
-- open-ended):
--   per_day: [{day, source, views, landings, signups, confirmed}] by day, then source;
--   sources: [{source, views, landings, signups, confirmed}], most sign-ups first;
--   landing_pages: [{path, landings, signups, confirmed}], most landings first; path NULL gathers the
--     sign-ups that recorded no landing page; a page viewed but never landed on is left out.
-- views and landings are visit_counts' (by source_label of its source and referrer host); signups are
-- the rows of the three lists and the applications made that day (by the source_label of their own
-- columns), confirmed those with confirmed_at (an application counts as confirmed: it has no
-- confirmation step).
CREATE FUNCTION public.console_growth(p_from date, p_to date) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
REVOKE ALL ON FUNCTION public.console_growth(p_from date, p_to date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_growth(p_from date, p_to date) TO authenticated;

-- The Referrals view: a page of the referral codes with sign-ups they referred made from p_from to
-- p_to (UTC days, both included; NULL is open-ended), suspected codes first, then the most referred:
-- {total, rows}. Each row has the list, the referrer's address (NULL once erased), the code, the
-- referrer's place now (NULL until confirmed), and of the referred sign-ups of those days how many
-- were made, confirmed, credited (the credit rule of private.line_credits_from_rows, places.sql, within
-- the days), held and why, and unconfirmed; and whether the code is suspected of farming and why.
-- p_suspected lists the suspected alone. Each referrer's place is read alone (private.line_place),
-- only for the page's rows.
CREATE FUNCTION public.console_referrals(p_from date, p_to date, p_suspected boolean, p_limit integer, p_offset integer) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
  )
  select (select count(*) from chosen),
         coalesce(jsonb_agg(jsonb_build_object(
           'list', p.list, 'email', p.email, 'referral_code', p.code,
           'place', (select l.place from private.line_place(p.list, p.referrer_id) l),
           'referred', p.referred, 'confirmed', p.confirmed, 'credited', p.credited,
           'held_self', p.held_self, 'held_address_cap', p.held_address_cap,
           'held_code_cap', p.held_code_cap, 'held_disposable', p.held_disposable,
           'unconfirmed', p.unconfirmed, 'suspected', p.suspected,
           'suspected_because', to_jsonb(p.suspected_because))
         order by p.n), '[]'::jsonb)
    into v_total, v_rows
    from page p;
  return jsonb_build_object('total', v_total, 'rows', v_rows);
end;
$$;
REVOKE ALL ON FUNCTION public.console_referrals(p_from date, p_to date, p_suspected boolean, p_limit integer, p_offset integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_referrals(p_from date, p_to date, p_suspected boolean, p_limit integer, p_offset integer) TO authenticated;

-- The Overview: sign-ups per UTC day and form (early_access, waitlist, newsletter, career), days without
-- any left out: [{day, form, count}], by day then form.
CREATE FUNCTION public.console_signups_per_day(p_from date, p_to date) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_from timestamptz;
  v_to timestamptz;
  v_counts jsonb;
begin
  perform private.require_staff();
  v_from := coalesce(private.utc_day_start(p_from), '-infinity');
  v_to := coalesce(private.utc_day_start(p_to + 1), 'infinity');
  select coalesce(jsonb_agg(jsonb_build_object('day', c.day, 'form', c.form, 'count', c.n)
                            order by c.day, c.form), '[]'::jsonb)
    into v_counts
    from (
      select (created_at at time zone 'UTC')::date as day, 'early_access' as form, count(*) as n
        from public.early_access_signups where created_at >= v_from and created_at < v_to group by 1
      union all
      select (created_at at time zone 'UTC')::date, 'waitlist', count(*)
        from public.waitlist_signups where created_at >= v_from and created_at < v_to group by 1
      union all
      select (created_at at time zone 'UTC')::date, 'newsletter', count(*)
        from public.newsletter_subscriptions where created_at >= v_from and created_at < v_to group by 1
      union all
      select (created_at at time zone 'UTC')::date, 'career', count(*)
        from public.general_applications where created_at >= v_from and created_at < v_to group by 1
    ) c;
  return v_counts;
end;
$$;
REVOKE ALL ON FUNCTION public.console_signups_per_day(p_from date, p_to date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_signups_per_day(p_from date, p_to date) TO authenticated;
