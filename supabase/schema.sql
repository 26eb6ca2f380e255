-- The database as the migrations in supabase/migrations leave it: every table, view, function,
-- trigger, policy and grant of the schemas public and private, dumped by pg_dump from a database
-- migrated from empty. Generated: do not edit. A change is a new migration, then `npm run schema`
-- (supabase/tests/current-schema.postgres.test.ts fails until this file is written again).

--
-- PostgreSQL database dump
--

--
-- Name: private; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA private;

--
-- Name: public; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA public;

--
-- Name: SCHEMA public; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON SCHEMA public IS 'standard public schema';

--
-- Name: add_to_visit_overflow(date, bigint, bigint); Type: FUNCTION; Schema: private; Owner: -
--

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

--
-- Name: application_status_change_allowed(text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.application_status_change_allowed(p_from text, p_to text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(case
    when p_from in ('offer', 'rejected', 'withdrawn') then false
    when p_to in ('rejected', 'withdrawn') then p_from in ('pending', 'reviewing', 'interviewing')
    else (p_from, p_to) in (('pending', 'reviewing'), ('reviewing', 'interviewing'), ('interviewing', 'offer'))
  end, false)
$$;

--
-- Name: audit(text, text, text, uuid, text, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.audit(p_actor text, p_action text, p_subject_kind text, p_subject_id uuid, p_subject_mailbox text, p_detail jsonb) RETURNS bigint
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into public.staff_audit_log (actor, action, subject_kind, subject_id, subject_mailbox, detail)
  values (p_actor, p_action, p_subject_kind, p_subject_id, p_subject_mailbox, coalesce(p_detail, '{}'::jsonb))
  returning id
$$;

--
-- Name: check_line(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.check_line(p_list text) RETURNS SETOF text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
begin
  return query
    select 'credit of ' || coalesce(k.id, r.id) || ': kept ' || coalesce(k.credited::text, 'none')
           || ', from the rows ' || coalesce(r.credited::text, 'none')
      from (select x.id, x.confirmed_at, x.credited from private.line_credits x where x.list = p_list) k
      full join private.line_credits_from_rows(p_list, null) r on r.id = k.id
     where k.id is null or r.id is null or (k.confirmed_at, k.credited) <> (r.confirmed_at, r.credited);
  if not exists (select from private.line_chunks c
                  where c.list = p_list and c.lo_at = '-infinity'
                    and c.lo_id = '00000000-0000-0000-0000-000000000000') then
    return next 'no first chunk';
  end if;
  -- Each member belongs to the last chunk starting at or before its key: in one pass over the chunks'
  -- starts and the members in order, a member's chunk is the number of starts before it.
  return query execute format(
    'with kept as (
       select c.*, row_number() over (order by c.lo_at, c.lo_id) as n
         from private.line_chunks c
        where c.list = $1
     ),
     line as (
       select k.n as chunk, null::integer as credited, 0 as kind, k.lo_at as at, k.lo_id as id
         from kept k
       union all
       select null, x.credited, 1, s.confirmed_at, s.id
         from public.%I s
         left join private.line_credits x on x.list = $1 and x.id = s.id
        where s.confirmed_at is not null
     ),
     counted as (
       select max(l.chunk) over (order by l.at, l.id, l.kind rows unbounded preceding) as chunk, l.credited, l.kind
         from line l
     ),
     per_chunk as (
       select c.chunk, count(*) filter (where c.kind = 1)::integer as size,
              count(c.credited)::integer as credited, min(c.credited) as min_credit, max(c.credited) as max_credit
         from counted c
        group by c.chunk
     )
     select ''chunk at '' || k.lo_at || '' '' || k.lo_id || '': kept ''
            || row(k.size, k.credited, k.min_credit, k.max_credit)::text || '', counted ''
            || row(c.size, c.credited, c.min_credit, c.max_credit)::text
       from kept k
       join per_chunk c on c.chunk = k.n
      where row(k.size, k.credited, k.min_credit, k.max_credit)
            is distinct from row(c.size, c.credited, c.min_credit, c.max_credit)
         or k.size > 2 * $2
         or (k.size = 0 and k.n > 1)',
    private.line_table(p_list))
  using p_list, private.line_chunk_size();
end;
$_$;

--
-- Name: client_key(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.client_key(p_address text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
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
  return host(network(set_masklen(address, private.ipv6_client_prefix_length())))
         || '/' || private.ipv6_client_prefix_length();
end;
$$;

--
-- Name: console_application_filter(text, date, date, text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.console_application_filter(p_pattern text, p_from date, p_to date, p_status text, p_source text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $_$
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
$_$;

--
-- Name: console_application_json(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.console_application_json(p_id uuid) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select to_jsonb(a) || jsonb_build_object('history', coalesce((
           select jsonb_agg(jsonb_build_object(
                    'id', h.id, 'from_status', h.from_status, 'to_status', h.to_status, 'note', h.note,
                    'changed_by', h.changed_by, 'changed_at', h.changed_at)
                  order by h.changed_at, h.id)
             from public.application_status_changes h
            where h.application_id = a.id), '[]'::jsonb))
    from public.general_applications a
   where a.id = p_id
$$;

--
-- Name: console_check_range(date, date); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.console_check_range(p_from date, p_to date) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  if p_from > p_to then
    raise exception 'p_from is after p_to' using errcode = '22023';
  end if;
end;
$$;

--
-- Name: console_check_sign_in_code(text, text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.console_check_sign_in_code(p_email text, p_code_mac text, p_client_address text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: console_export_application_page(text, date, date, text, text, timestamp with time zone, uuid, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.console_export_application_page(p_search text, p_from date, p_to date, p_status text, p_source text, p_after_created_at timestamp with time zone, p_after_id uuid, p_limit integer) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
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
$_$;

--
-- Name: console_export_filter(text, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.console_export_filter(p_kind text, p_filter jsonb) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
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
$_$;

--
-- Name: console_export_signup_page(text, text, date, date, boolean, boolean, text, timestamp with time zone, uuid, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.console_export_signup_page(p_form text, p_search text, p_from date, p_to date, p_confirmed boolean, p_invited boolean, p_source text, p_after_created_at timestamp with time zone, p_after_id uuid, p_limit integer) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
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
$_$;

--
-- Name: console_limit(integer, integer, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.console_limit(p_limit integer, p_default integer, p_max integer) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  if p_limit is not null and (p_limit < 1 or p_limit > p_max) then
    raise exception 'p_limit must be 1 to %', p_max using errcode = '22023';
  end if;
  return coalesce(p_limit, p_default);
end;
$$;

--
-- Name: console_offset(integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.console_offset(p_offset integer) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  if p_offset < 0 then
    raise exception 'p_offset must not be negative' using errcode = '22023';
  end if;
  return coalesce(p_offset, 0);
end;
$$;

--
-- Name: console_order(text, boolean, text[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.console_order(p_sort text, p_descending boolean, p_sorts text[]) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  v_direction text := case when coalesce(p_descending, true) then ' desc' else ' asc' end;
  v_sort text := coalesce(p_sort, 'created_at');
begin
  if not v_sort = any (p_sorts) then
    raise exception 'Unknown sort: %', v_sort using errcode = '22023';
  end if;
  return case v_sort
    when 'created_at' then 's.created_at' || v_direction || ', s.id' || v_direction
    when 'email' then 'lower(s.email)' || v_direction || ', s.id' || v_direction
    when 'last_name' then 'lower(s.last_name)' || v_direction || ', lower(s.first_name)' || v_direction
                          || ', s.id' || v_direction
  end;
end;
$$;

--
-- Name: console_request_sign_in_code(text, text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.console_request_sign_in_code(p_email text, p_code_mac text, p_client_address text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;

--
-- Name: console_search_pattern(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.console_search_pattern(p_search text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  v_search text := nullif(btrim(p_search), '');
begin
  if v_search is null then
    return null;
  end if;
  if char_length(v_search) > 200 then
    raise exception 'The search is at most 200 characters' using errcode = '22023';
  end if;
  return '%' || replace(replace(replace(lower(v_search), '\', '\\'), '%', '\%'), '_', '\_') || '%';
end;
$$;

--
-- Name: console_sign_in_rules(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.console_sign_in_rules() RETURNS TABLE(code_lifetime_seconds integer, mail_interval_seconds integer, mail_burst integer)
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$ select 600, 300, 3 $$;

--
-- Name: console_signup_filter(text, text, date, date, boolean, boolean, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.console_signup_filter(p_form text, p_pattern text, p_from date, p_to date, p_confirmed boolean, p_invited boolean, p_source text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
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
$_$;

--
-- Name: console_signup_table(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.console_signup_table(p_form text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  case p_form
    when 'early_access' then return 'early_access_signups';
    when 'newsletter' then return 'newsletter_subscriptions';
    when 'waitlist' then return 'waitlist_signups';
    else raise exception 'Unknown form: %', coalesce(p_form, 'null') using errcode = '22023';
  end case;
end;
$$;

--
-- Name: console_source(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.console_source(p_source text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
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

--
-- Name: count_line_chunk(text, timestamp with time zone, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.count_line_chunk(p_list text, p_lo_at timestamp with time zone, p_lo_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_hi_at timestamptz;
  v_hi_id uuid;
  v_credited integer;
  v_min integer;
  v_max integer;
begin
  select c.lo_at, c.lo_id into v_hi_at, v_hi_id
    from private.line_chunks c
   where c.list = p_list and (c.lo_at, c.lo_id) > (p_lo_at, p_lo_id)
   order by c.lo_at, c.lo_id
   limit 1;
  -- Two statements rather than one with "no next chunk or below it", which no index range could serve.
  if found then
    select count(*), min(x.credited), max(x.credited) into v_credited, v_min, v_max
      from private.line_credits x
     where x.list = p_list and (x.confirmed_at, x.id) >= (p_lo_at, p_lo_id)
       and (x.confirmed_at, x.id) < (v_hi_at, v_hi_id);
  else
    select count(*), min(x.credited), max(x.credited) into v_credited, v_min, v_max
      from private.line_credits x
     where x.list = p_list and (x.confirmed_at, x.id) >= (p_lo_at, p_lo_id);
  end if;
  update private.line_chunks c
     set credited = v_credited, min_credit = v_min, max_credit = v_max
   where c.list = p_list and c.lo_at = p_lo_at and c.lo_id = p_lo_id
     and (c.credited, c.min_credit, c.max_credit) is distinct from (v_credited, v_min, v_max);
end;
$$;

--
-- Name: count_remote_health(); Type: FUNCTION; Schema: private; Owner: -
--

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

--
-- Name: credit_line_members(text, uuid[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.credit_line_members(p_list text, p_ids uuid[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_gone_at timestamptz[];
  v_gone_id uuid[];
  v_made_at timestamptz[];
  v_made_id uuid[];
  v_chunk record;
begin
  with gone as (
    delete from private.line_credits x
     where x.list = p_list and x.id = any(p_ids)
    returning x.confirmed_at, x.id
  )
  select coalesce(array_agg(g.confirmed_at order by g.id), '{}'), coalesce(array_agg(g.id order by g.id), '{}')
    into v_gone_at, v_gone_id
    from gone g;
  with made as (
    insert into private.line_credits (list, id, confirmed_at, credited)
    select p_list, c.id, c.confirmed_at, c.credited
      from private.line_credits_from_rows(p_list, p_ids) c
    returning confirmed_at, id
  )
  select coalesce(array_agg(m.confirmed_at order by m.id), '{}'), coalesce(array_agg(m.id order by m.id), '{}')
    into v_made_at, v_made_id
    from made m;
  for v_chunk in
    select distinct c.lo_at, c.lo_id
      from unnest(v_gone_at || v_made_at, v_gone_id || v_made_id) as k(at, id)
     cross join lateral (select c.lo_at, c.lo_id
                           from private.line_chunks c
                          where c.list = p_list and (c.lo_at, c.lo_id) <= (k.at, k.id)
                          order by c.lo_at desc, c.lo_id desc
                          limit 1) c
  loop
    perform private.count_line_chunk(p_list, v_chunk.lo_at, v_chunk.lo_id);
  end loop;
end;
$$;

--
-- Name: csp_report_rules(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.csp_report_rules() RETURNS TABLE(max_reports_per_batch integer, rows_per_day integer, days_kept integer, sample_chars integer)
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$ select 20, 500, 30, 40 $$;

--
-- Name: decide_code_cap(text, text, timestamp with time zone, timestamp with time zone, boolean); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.decide_code_cap(p_table text, p_code text, p_from timestamp with time zone, p_to timestamp with time zone, p_lift_only boolean) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
begin
  if p_table not in ('early_access_signups', 'waitlist_signups') then
    raise exception 'not a table with a line: %', coalesce(p_table, 'null') using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('referral code ' || p_code, 0));
  -- private.keep_referral lets a cap hold be lifted only here.
  perform set_config('private.deciding_code_cap', 'on', true);
  execute format(
    'with decided as (
       select x.id,
              case when (select count(distinct private.person_mailbox(o.email))
                           from public.%1$I o
                          where o.referred_by = x.referred_by
                            and o.confirmed_at is not null
                            and (o.referral_hold is null or o.referral_hold = ''code_cap'')
                            and o.confirmed_at > x.confirmed_at - interval ''1 hour''
                            and (o.confirmed_at, o.id) < (x.confirmed_at, x.id)
                            and private.person_mailbox(o.email) <> private.person_mailbox(x.email))
                        >= private.referral_code_cap_per_hour()
                   then ''code_cap'' end as hold
         from public.%1$I x
        where x.referred_by = $1
          and x.confirmed_at >= $2 and x.confirmed_at < $3 + interval ''1 hour''
          and (x.referral_hold = ''code_cap'' or (x.referral_hold is null and not $4))
     )
     update public.%1$I s
        set referral_hold = d.hold
       from decided d
      where s.id = d.id and s.referral_hold is distinct from d.hold',
    p_table)
    using p_code, p_from, p_to, p_lift_only;
  perform set_config('private.deciding_code_cap', '', true);
end;
$_$;

--
-- Name: delete_staff_auth_user(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.delete_staff_auth_user() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  delete from auth.users u where lower(u.email) = old.auth_email;
  return old;
end;
$$;

--
-- Name: erase_auth_users(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.erase_auth_users(p_mailbox_sha256 text) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_count integer;
begin
  delete from auth.users u where private.mailbox_sha256(u.email) = p_mailbox_sha256;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

--
-- Name: erase_console_records(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.erase_console_records(p_mailbox_sha256 text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_marker text := 'erased staff member ' || left(replace(gen_random_uuid()::text, '-', ''), 12);
  v_lines integer;
  v_status_changes integer;
  v_invitations integer;
  v_staff_added integer;
  v_staff integer;
begin
  update public.staff_audit_log l
     set subject_mailbox = null, detail = private.scrubbed_audit_detail(l.detail)
   where l.subject_mailbox is not null and private.mailbox_sha256(l.subject_mailbox) = p_mailbox_sha256;
  update public.staff_audit_log l
     set detail = jsonb_set(l.detail, '{filter}', (
           select jsonb_object_agg(f.key, case
                    when jsonb_typeof(f.value) = 'string'
                         and private.mailbox_sha256(f.value #>> '{}') = p_mailbox_sha256 then 'null'::jsonb
                    else f.value end)
             from jsonb_each(l.detail -> 'filter') f))
   where l.action = 'export'
     and jsonb_typeof(l.detail -> 'filter') = 'object'
     and exists (select from jsonb_each_text(l.detail -> 'filter') f
                  where private.mailbox_sha256(f.value) = p_mailbox_sha256);

  update public.staff_audit_log set actor = v_marker
   where private.mailbox_sha256(actor) = p_mailbox_sha256;
  get diagnostics v_lines = row_count;
  update public.application_status_changes set changed_by = v_marker
   where private.mailbox_sha256(changed_by) = p_mailbox_sha256;
  get diagnostics v_status_changes = row_count;
  update public.waitlist_signups set invited_by = v_marker
   where invited_by is not null and private.mailbox_sha256(invited_by) = p_mailbox_sha256;
  get diagnostics v_invitations = row_count;
  update public.staff set added_by = v_marker
   where added_by is not null and private.mailbox_sha256(added_by) = p_mailbox_sha256;
  get diagnostics v_staff_added = row_count;
  delete from public.staff where private.mailbox_sha256(email) = p_mailbox_sha256;
  get diagnostics v_staff = row_count;
  if v_staff + v_lines + v_status_changes + v_invitations + v_staff_added > 0 then
    perform private.audit(v_marker, 'erase_staff', 'staff', null, null, jsonb_build_object(
      'lines', v_lines, 'status_changes', v_status_changes, 'invitations', v_invitations,
      'staff_added', v_staff_added, 'staff_removed', v_staff > 0));
  end if;
end;
$$;

--
-- Name: has_visible_text(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.has_visible_text(p_value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
  select p_value ~ '[^\u0001-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f-\u1160\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\U000e0000-\U000e007f]'
$$;

--
-- Name: hold_referral(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.hold_referral() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_referrer_email text;
begin
  new.referral_code := private.new_referral_code();
  new.referral_hold := null;
  if new.referred_by is null then
    return new;
  end if;
  execute format('select email from public.%I where referral_code = $1', tg_table_name)
     into v_referrer_email
    using new.referred_by;
  if v_referrer_email is null then
    new.referred_by := null;
    return new;
  end if;
  if private.person_mailbox(v_referrer_email) = private.person_mailbox(new.email) then
    new.referral_hold := 'self';
    return new;
  end if;
  begin
    perform private.take_keyed_rate_limit_token(
      'referral-per-address', private.client_key(private.request_client_address()));
  exception when sqlstate 'PT429' then
    new.referral_hold := 'address_cap';
  end;
  return new;
end;
$_$;

--
-- Name: ipv6_client_prefix_length(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.ipv6_client_prefix_length() RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ select 48 $$;

--
-- Name: is_campaign_tag(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.is_campaign_tag(p_value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $_$
  select p_value ~ '^[a-z0-9][a-z0-9._~+-]{0,99}$'
$_$;

--
-- Name: is_host_name(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.is_host_name(p_value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $_$
  select char_length(p_value) <= 253
     and p_value ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$'
$_$;

--
-- Name: is_plain_email_address(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.is_plain_email_address(p_address text) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $_$
  select char_length(p_address) <= 254
     and position('@' in p_address) between 2 and 65
     and p_address ~ '^[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$'
$_$;

--
-- Name: is_remote_release(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.is_remote_release(p_release text) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $_$
  select char_length(p_release) <= 300
     and p_release ~ '^https?://[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?/(releases/[0-9a-f]{12}/)?mf-manifest\.json$'
$_$;

--
-- Name: is_site_path(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.is_site_path(p_value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $_$
  select p_value ~ '^/[A-Za-z0-9._~/-]{0,199}$'
$_$;

--
-- Name: is_source_label(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.is_source_label(p_source text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $_$ select p_source ~ '^[a-z0-9][a-z0-9._~+-]{0,252}$' $_$;

--
-- Name: is_staff(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.is_staff() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.staff_caller() is not null
$$;

--
-- Name: keep_line(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.keep_line() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    SET max_parallel_workers_per_gather TO '0'
    AS $_$
declare
  v_list text := case tg_table_name when 'early_access_signups' then 'early_access' else 'waitlist' end;
  v_left_at timestamptz[];
  v_left_id uuid[];
  v_joined_at timestamptz[];
  v_joined_id uuid[];
  v_ids uuid[];
  v_codes text[];
  v_referrers uuid[];
begin
  -- Each statement names only the transition tables its trigger has (PL/pgSQL plans a statement when it
  -- first runs it).
  if tg_op = 'INSERT' then
    select '{}', '{}',
           coalesce(array_agg(n.confirmed_at order by n.id), '{}'), coalesce(array_agg(n.id order by n.id), '{}'),
           coalesce(array_agg(n.id), '{}'),
           coalesce(array_agg(n.referred_by) filter (where n.referred_by is not null), '{}')
      into v_left_at, v_left_id, v_joined_at, v_joined_id, v_ids, v_codes
      from new_rows n
     where n.confirmed_at is not null;
  elsif tg_op = 'DELETE' then
    select coalesce(array_agg(o.confirmed_at order by o.id), '{}'), coalesce(array_agg(o.id order by o.id), '{}'),
           '{}', '{}',
           coalesce(array_agg(o.id), '{}'),
           coalesce(array_agg(o.referred_by) filter (where o.referred_by is not null), '{}')
      into v_left_at, v_left_id, v_joined_at, v_joined_id, v_ids, v_codes
      from old_rows o
     where o.confirmed_at is not null;
  else
    select coalesce(array_agg(o.confirmed_at order by o.id)
                      filter (where o.confirmed_at is not null and o.confirmed_at is distinct from n.confirmed_at), '{}'),
           coalesce(array_agg(o.id order by o.id)
                      filter (where o.confirmed_at is not null and o.confirmed_at is distinct from n.confirmed_at), '{}'),
           coalesce(array_agg(n.confirmed_at order by n.id)
                      filter (where n.confirmed_at is not null and n.confirmed_at is distinct from o.confirmed_at), '{}'),
           coalesce(array_agg(n.id order by n.id)
                      filter (where n.confirmed_at is not null and n.confirmed_at is distinct from o.confirmed_at), '{}'),
           coalesce(array_agg(n.id), '{}'),
           coalesce(array_agg(o.referred_by) filter (where o.referred_by is not null), '{}')
             || coalesce(array_agg(n.referred_by) filter (where n.referred_by is not null), '{}')
      into v_left_at, v_left_id, v_joined_at, v_joined_id, v_ids, v_codes
      from old_rows o
      join new_rows n on n.id = o.id
     where (o.confirmed_at is not null or n.confirmed_at is not null)
       and (o.confirmed_at, o.created_at, o.email, o.referral_hold, o.referred_by, o.referral_code)
           is distinct from (n.confirmed_at, n.created_at, n.email, n.referral_hold, n.referred_by, n.referral_code);
  end if;
  if cardinality(v_ids) = 0 then
    return null;
  end if;
  perform private.lock_lines();
  if cardinality(v_ids) > private.line_chunk_size() then
    perform private.rebuild_line(v_list);
    return null;
  end if;
  for i in 1 .. cardinality(v_left_id) loop
    perform private.move_line_member(v_list, v_left_at[i], v_left_id[i], -1);
  end loop;
  for i in 1 .. cardinality(v_joined_id) loop
    perform private.move_line_member(v_list, v_joined_at[i], v_joined_id[i], 1);
  end loop;
  perform private.tidy_line_chunks(v_list, v_left_at || v_joined_at, v_left_id || v_joined_id);
  execute format('select coalesce(array_agg(r.id), ''{}'') from public.%I r where r.referral_code = any($1)',
                 tg_table_name)
     into v_referrers
    using v_codes;
  perform private.credit_line_members(v_list, v_ids || v_referrers);
  return null;
end;
$_$;

--
-- Name: keep_referral(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.keep_referral() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if new.referral_code is distinct from old.referral_code
     or new.referred_by is distinct from old.referred_by
     or (new.referral_hold is distinct from old.referral_hold
         and not (old.referral_hold is null and new.referral_hold in ('disposable', 'code_cap'))
         and not (old.referral_hold = 'code_cap' and new.referral_hold is null
                  and current_setting('private.deciding_code_cap', true) = 'on')) then
    raise exception 'A sign-up''s referral code, referrer and hold do not change'
      using errcode = '42501';
  end if;
  return new;
end;
$$;

--
-- Name: limit_anon_insert(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.limit_anon_insert() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

--
-- Name: line_chunk_credited_ahead(text, timestamp with time zone, uuid, timestamp with time zone, uuid, integer, bigint, bigint, timestamp with time zone, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.line_chunk_credited_ahead(p_list text, p_lo_at timestamp with time zone, p_lo_id uuid, p_hi_at timestamp with time zone, p_hi_id uuid, p_size integer, p_before bigint, p_key bigint, p_at timestamp with time zone, p_id uuid) RETURNS bigint
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_count bigint;
begin
  -- The chunk's members are the first p_size from its first key (its size is kept exactly), numbered;
  -- its members with credit are an index range of private.line_credits, bounded by the next chunk.
  execute format(
    'select count(*)
       from (select s.id, s.confirmed_at, $5 + row_number() over (order by s.confirmed_at, s.id) as arrival
               from (select s.id, s.confirmed_at from public.%I s
                      where s.confirmed_at is not null and (s.confirmed_at, s.id) >= ($2, $3)
                      order by s.confirmed_at, s.id
                      limit $4) s) m
       join (select x.id, x.credited from private.line_credits x
              where x.list = $1 and (x.confirmed_at, x.id) >= ($2, $3) %s) x on x.id = m.id
      where (m.arrival - $9 * x.credited, m.confirmed_at, m.id) < ($6, $7, $8)',
    private.line_table(p_list),
    case when p_hi_at is not null then 'and (x.confirmed_at, x.id) < ($10, $11)' else '' end)
     into v_count
    using p_list, p_lo_at, p_lo_id, p_size, p_before, p_key, p_at, p_id, private.places_per_referral(),
          p_hi_at, p_hi_id;
  return v_count;
end;
$_$;

--
-- Name: line_chunk_size(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.line_chunk_size() RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$ select 1024 $$;

--
-- Name: line_credited_ahead(text, bigint, timestamp with time zone, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.line_credited_ahead(p_list text, p_key bigint, p_at timestamp with time zone, p_id uuid) RETURNS bigint
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(sum(case
           when c.before + c.size - private.places_per_referral() * c.min_credit < p_key then c.credited
           when c.before + 1 - private.places_per_referral() * c.max_credit > p_key then 0
           else private.line_chunk_credited_ahead(p_list, c.lo_at, c.lo_id, c.hi_at, c.hi_id, c.size,
                                                  c.before, p_key, p_at, p_id)
         end), 0)::bigint
    from (select c.lo_at, c.lo_id, c.size, c.credited, c.min_credit, c.max_credit,
                 coalesce(sum(c.size) over (order by c.lo_at, c.lo_id
                                            rows between unbounded preceding and 1 preceding), 0) as before,
                 lead(c.lo_at) over (order by c.lo_at, c.lo_id) as hi_at,
                 lead(c.lo_id) over (order by c.lo_at, c.lo_id) as hi_id
            from private.line_chunks c
           where c.list = p_list) c
   where c.credited > 0
$$;

--
-- Name: line_credited_within(text, bigint); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.line_credited_within(p_list text, p_arrival bigint) RETURNS bigint
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_lo_at timestamptz;
  v_lo_id uuid;
  v_before bigint;
  v_credited_before bigint;
  v_at timestamptz;
  v_id uuid;
begin
  if p_arrival < 1 then
    return 0;
  end if;
  select c.lo_at, c.lo_id, c.upto - c.size, c.credited_upto - c.credited
    into v_lo_at, v_lo_id, v_before, v_credited_before
    from (select c.lo_at, c.lo_id, c.size, c.credited,
                 sum(c.size) over w as upto, sum(c.credited) over w as credited_upto
            from private.line_chunks c
           where c.list = p_list
          window w as (order by c.lo_at, c.lo_id rows between unbounded preceding and current row)) c
   where c.upto >= p_arrival
   order by c.lo_at, c.lo_id
   limit 1;
  if not found then
    return (select coalesce(sum(c.credited), 0) from private.line_chunks c where c.list = p_list);
  end if;
  execute format(
    'select s.confirmed_at, s.id from public.%I s
      where s.confirmed_at is not null and (s.confirmed_at, s.id) >= ($1, $2)
      order by s.confirmed_at, s.id
     offset $3 limit 1',
    private.line_table(p_list))
     into v_at, v_id
    using v_lo_at, v_lo_id, p_arrival - v_before - 1;
  return v_credited_before
    + (select count(*) from private.line_credits x
        where x.list = p_list and (x.confirmed_at, x.id) >= (v_lo_at, v_lo_id)
          and (x.confirmed_at, x.id) <= (v_at, v_id));
end;
$_$;

--
-- Name: line_credits_from_rows(text, uuid[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.line_credits_from_rows(p_list text, p_ids uuid[]) RETURNS TABLE(id uuid, confirmed_at timestamp with time zone, credited integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
begin
  -- EXECUTE plans with the values given, so a few ids are looked up by key, and NULL reads the line.
  return query execute format(
    'select m.id, m.confirmed_at, count(distinct private.person_mailbox(x.email))::integer
       from public.%1$I m
       join public.%1$I x on x.referred_by = m.referral_code
      where m.confirmed_at is not null
        and ($1::uuid[] is null or m.id = any($1::uuid[]))
        and x.confirmed_at is not null
        and x.referral_hold is null
        and x.created_at > m.created_at
      group by m.id, m.confirmed_at',
    private.line_table(p_list))
  using p_ids;
end;
$_$;

--
-- Name: line_place(text, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.line_place(p_list text, p_id uuid, OUT place bigint, OUT credited integer) RETURNS record
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET max_parallel_workers_per_gather TO '0'
    AS $_$
declare
  v_at timestamptz;
  v_arrival bigint;
  v_credited_before bigint;
  v_key bigint;
begin
  execute format('select confirmed_at from public.%I where id = $1', private.line_table(p_list))
     into v_at
    using p_id;
  if v_at is null then
    return;
  end if;
  select coalesce((select x.credited from private.line_credits x where x.list = p_list and x.id = p_id), 0)
    into credited;
  select p.arrival, p.credited_before into v_arrival, v_credited_before
    from private.line_position(p_list, v_at, p_id) p;
  if credited = 0 then
    -- Its arrival, and one more for each member with credit behind it that reaches it (arrival −
    -- 10 × credited at most its arrival): of those that reach it, the ones that arrived before it are
    -- counted in its arrival already.
    place := v_arrival
      + private.line_credited_ahead(p_list, v_arrival + 1, '-infinity', '00000000-0000-0000-0000-000000000000')
      - v_credited_before;
  else
    v_key := v_arrival - private.places_per_referral() * credited;
    -- The members without credit who arrived before its mark, then those with credit ahead of it.
    place := 1 + greatest(v_key - 1, 0) - private.line_credited_within(p_list, v_key - 1)
      + private.line_credited_ahead(p_list, v_key, v_at, p_id);
  end if;
end;
$_$;

--
-- Name: line_places(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.line_places(p_list text) RETURNS TABLE(id uuid, place bigint, credited bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
begin
  return query execute format(
    'select s.id, p.place, p.credited::bigint
       from public.%I s
      cross join lateral private.line_place($1, s.id) p
      where s.confirmed_at is not null',
    private.line_table(p_list))
  using p_list;
end;
$_$;

--
-- Name: line_places_from_rows(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.line_places_from_rows(p_list text) RETURNS TABLE(id uuid, place bigint, credited bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
begin
  return query execute format(
    'with members as (
       select m.id, row_number() over (order by m.confirmed_at, m.id) as arrival
         from public.%I m
        where m.confirmed_at is not null
     )
     select m.id,
            row_number() over (
              order by m.arrival - private.places_per_referral() * coalesce(c.credited, 0),
                       c.credited is null, m.arrival),
            coalesce(c.credited, 0)::bigint
       from members m
       left join private.line_credits_from_rows($1, null) c on c.id = m.id',
    private.line_table(p_list))
  using p_list;
end;
$_$;

--
-- Name: line_position(text, timestamp with time zone, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.line_position(p_list text, p_at timestamp with time zone, p_id uuid, OUT arrival bigint, OUT credited_before bigint) RETURNS record
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_lo_at timestamptz;
  v_lo_id uuid;
  v_inside bigint;
begin
  select c.lo_at, c.lo_id into v_lo_at, v_lo_id
    from private.line_chunks c
   where c.list = p_list and (c.lo_at, c.lo_id) <= (p_at, p_id)
   order by c.lo_at desc, c.lo_id desc
   limit 1;
  if not found then
    raise exception 'The % line has no first chunk: rebuild it with private.rebuild_line', p_list;
  end if;
  select coalesce(sum(c.size), 0), coalesce(sum(c.credited), 0) into arrival, credited_before
    from private.line_chunks c
   where c.list = p_list and (c.lo_at, c.lo_id) < (v_lo_at, v_lo_id);
  execute format(
    'select count(*) from public.%I s
      where s.confirmed_at is not null
        and (s.confirmed_at, s.id) >= ($1, $2) and (s.confirmed_at, s.id) <= ($3, $4)',
    private.line_table(p_list))
     into v_inside
    using v_lo_at, v_lo_id, p_at, p_id;
  arrival := arrival + v_inside;
  select credited_before + count(*) into credited_before
    from private.line_credits x
   where x.list = p_list and (x.confirmed_at, x.id) >= (v_lo_at, v_lo_id)
     and (x.confirmed_at, x.id) < (p_at, p_id);
end;
$_$;

--
-- Name: line_table(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.line_table(p_list text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  if p_list is null or p_list not in ('early_access', 'waitlist') then
    raise exception 'not a list with a line: %', coalesce(p_list, 'null') using errcode = '22023';
  end if;
  return private.signup_table(p_list);
end;
$$;

--
-- Name: lock_lines(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.lock_lines() RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$ select pg_advisory_xact_lock(hashtextextended('lines of places', 0)) $$;

--
-- Name: lock_lines_first(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.lock_lines_first() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.lock_lines();
  return null;
end;
$$;

--
-- Name: mail_queue; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mail_queue (
    id uuid NOT NULL,
    kind text NOT NULL,
    list text,
    early_access_id uuid,
    newsletter_id uuid,
    waitlist_id uuid,
    application_id uuid,
    action text,
    recipient text,
    status text DEFAULT 'queued'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    available_at timestamp with time zone DEFAULT now() NOT NULL,
    lease uuid,
    leased_until timestamp with time zone,
    last_error text,
    provider_message_id text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone,
    dead_at timestamp with time zone,
    batch uuid,
    alone boolean DEFAULT false NOT NULL,
    CONSTRAINT mail_queue_attempts_check CHECK ((attempts >= 0)),
    CONSTRAINT mail_queue_last_error_check CHECK ((char_length(last_error) <= 1000)),
    CONSTRAINT mail_queue_lease_check CHECK (((status = 'sending'::text) = ((lease IS NOT NULL) AND (leased_until IS NOT NULL)))),
    CONSTRAINT mail_queue_status_check CHECK ((status = ANY (ARRAY['queued'::text, 'sending'::text, 'sent'::text, 'dead'::text]))),
    CONSTRAINT mail_queue_subject_check CHECK (
CASE kind
    WHEN 'thank_you'::text THEN ((action IS NULL) AND (recipient IS NULL) AND
    CASE list
        WHEN 'early_access'::text THEN ((num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1) AND (early_access_id IS NOT NULL))
        WHEN 'newsletter'::text THEN ((num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1) AND (newsletter_id IS NOT NULL))
        WHEN 'waitlist'::text THEN ((num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1) AND (waitlist_id IS NOT NULL))
        WHEN 'career'::text THEN ((num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1) AND (application_id IS NOT NULL))
        ELSE false
    END)
    WHEN 'invite'::text THEN ((list = 'waitlist'::text) AND (action IS NULL) AND (recipient IS NULL) AND (num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1) AND (waitlist_id IS NOT NULL))
    WHEN 'place'::text THEN ((action IS NULL) AND (recipient IS NULL) AND
    CASE list
        WHEN 'early_access'::text THEN ((num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1) AND (early_access_id IS NOT NULL))
        WHEN 'waitlist'::text THEN ((num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1) AND (waitlist_id IS NOT NULL))
        ELSE false
    END)
    ELSE ((list IS NULL) AND (action = ANY (ARRAY['erase'::text, 'copy'::text])) AND (num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 0) AND ((recipient IS NOT NULL) OR (status = 'sent'::text)))
END)
);

ALTER TABLE ONLY public.mail_queue FORCE ROW LEVEL SECURITY;

--
-- Name: mail_details_invite(public.mail_queue); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.mail_details_invite(p_message public.mail_queue) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  -- first_name: always null, kept for workers released before migration 20251203000100.
  select jsonb_build_object('first_name', null, 'to', (
    select w.email
      from public.waitlist_signups w
     where w.id = p_message.waitlist_id
       and w.confirmed_at is not null
       and not exists (select from public.email_suppressions s
                        where s.mailbox_sha256 = private.mailbox_sha256(w.email) and s.list = 'waitlist')))
$$;

--
-- Name: mail_details_place(public.mail_queue); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.mail_details_place(p_message public.mail_queue) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v_to text;
  v_place jsonb;
begin
  if p_message.list = 'early_access' then
    select e.email into v_to
      from public.early_access_signups e
     where e.id = p_message.early_access_id
       and e.confirmed_at is not null
       and not exists (select from public.email_suppressions s
                        where s.mailbox_sha256 = private.mailbox_sha256(e.email) and s.list = 'early_access');
  else
    select w.email into v_to
      from public.waitlist_signups w
     where w.id = p_message.waitlist_id
       and w.confirmed_at is not null
       and not exists (select from public.email_suppressions s
                        where s.mailbox_sha256 = private.mailbox_sha256(w.email) and s.list = 'waitlist');
  end if;
  if v_to is not null then
    v_place := public.signup_place(p_message.list, coalesce(p_message.early_access_id, p_message.waitlist_id));
  end if;
  return jsonb_build_object(
    'to', case when v_place is not null then v_to end,
    'position', v_place -> 'position', 'referral_code', v_place -> 'referral_code',
    'first_name', null);
end;
$$;

--
-- Name: mail_details_privacy_link(public.mail_queue); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.mail_details_privacy_link(p_message public.mail_queue) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$ select jsonb_build_object('to', p_message.recipient) $$;

--
-- Name: mail_details_thank_you(public.mail_queue); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.mail_details_thank_you(p_message public.mail_queue) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('to', coalesce(
    (select email from public.early_access_signups where id = p_message.early_access_id),
    (select email from public.newsletter_subscriptions where id = p_message.newsletter_id),
    (select email from public.waitlist_signups where id = p_message.waitlist_id),
    (select email from public.general_applications where id = p_message.application_id)))
$$;

--
-- Name: mail_domain_rules(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.mail_domain_rules() RETURNS TABLE(domain text, canonical text, fold_from text, fold_to text, keyword_separator text, user_subdomains boolean)
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select r.key, r.value ->> 'canonical', r.value ->> 'foldFrom', r.value ->> 'foldTo',
         r.value ->> 'keywordSeparator', (r.value ->> 'userSubdomains')::boolean
    from jsonb_each(private.mail_domain_rules_json()) r
$$;

--
-- Name: mail_domain_rules_json(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.mail_domain_rules_json() RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select '{
    "gmail.com": {"canonical": "gmail.com", "foldFrom": ".", "foldTo": "", "keywordSeparator": "", "userSubdomains": false},
    "googlemail.com": {"canonical": "gmail.com", "foldFrom": ".", "foldTo": "", "keywordSeparator": "", "userSubdomains": false},
    "proton.me": {"canonical": "proton.me", "foldFrom": "._-", "foldTo": "", "keywordSeparator": "", "userSubdomains": false},
    "protonmail.com": {"canonical": "proton.me", "foldFrom": "._-", "foldTo": "", "keywordSeparator": "", "userSubdomains": false},
    "protonmail.ch": {"canonical": "proton.me", "foldFrom": "._-", "foldTo": "", "keywordSeparator": "", "userSubdomains": false},
    "pm.me": {"canonical": "proton.me", "foldFrom": "._-", "foldTo": "", "keywordSeparator": "", "userSubdomains": false},
    "icloud.com": {"canonical": "icloud.com", "foldFrom": "", "foldTo": "", "keywordSeparator": "", "userSubdomains": false},
    "me.com": {"canonical": "icloud.com", "foldFrom": "", "foldTo": "", "keywordSeparator": "", "userSubdomains": false},
    "mac.com": {"canonical": "icloud.com", "foldFrom": "", "foldTo": "", "keywordSeparator": "", "userSubdomains": false},
    "fastmail.com": {"canonical": "fastmail.com", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.fm": {"canonical": "fastmail.fm", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.net": {"canonical": "fastmail.net", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.org": {"canonical": "fastmail.org", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.to": {"canonical": "fastmail.to", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.us": {"canonical": "fastmail.us", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.co.uk": {"canonical": "fastmail.co.uk", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.com.au": {"canonical": "fastmail.com.au", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.de": {"canonical": "fastmail.de", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.es": {"canonical": "fastmail.es", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.fr": {"canonical": "fastmail.fr", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.in": {"canonical": "fastmail.in", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.jp": {"canonical": "fastmail.jp", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.nl": {"canonical": "fastmail.nl", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.se": {"canonical": "fastmail.se", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.tw": {"canonical": "fastmail.tw", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.cn": {"canonical": "fastmail.cn", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.im": {"canonical": "fastmail.im", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fastmail.mx": {"canonical": "fastmail.mx", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "sent.com": {"canonical": "sent.com", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "sent.as": {"canonical": "sent.as", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "sent.at": {"canonical": "sent.at", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "eml.cc": {"canonical": "eml.cc", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "mm.st": {"canonical": "mm.st", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "ftml.net": {"canonical": "ftml.net", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "fea.st": {"canonical": "fea.st", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "imap.cc": {"canonical": "imap.cc", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "123mail.org": {"canonical": "123mail.org", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "airpost.net": {"canonical": "airpost.net", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "warpmail.net": {"canonical": "warpmail.net", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "mailbolt.com": {"canonical": "mailbolt.com", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "ml1.net": {"canonical": "ml1.net", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "rushpost.com": {"canonical": "rushpost.com", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "myfastmail.com": {"canonical": "myfastmail.com", "foldFrom": "_", "foldTo": "-", "keywordSeparator": "", "userSubdomains": true},
    "yahoo.com": {"canonical": "yahoo.com", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "ymail.com": {"canonical": "ymail.com", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "rocketmail.com": {"canonical": "rocketmail.com", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.co.uk": {"canonical": "yahoo.co.uk", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.ca": {"canonical": "yahoo.ca", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.com.au": {"canonical": "yahoo.com.au", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.co.nz": {"canonical": "yahoo.co.nz", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.ie": {"canonical": "yahoo.ie", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.co.in": {"canonical": "yahoo.co.in", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.in": {"canonical": "yahoo.in", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.fr": {"canonical": "yahoo.fr", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.de": {"canonical": "yahoo.de", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.es": {"canonical": "yahoo.es", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.it": {"canonical": "yahoo.it", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.nl": {"canonical": "yahoo.nl", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.be": {"canonical": "yahoo.be", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.at": {"canonical": "yahoo.at", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.ch": {"canonical": "yahoo.ch", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.se": {"canonical": "yahoo.se", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.dk": {"canonical": "yahoo.dk", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.no": {"canonical": "yahoo.no", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.pl": {"canonical": "yahoo.pl", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.gr": {"canonical": "yahoo.gr", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.ro": {"canonical": "yahoo.ro", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.com.br": {"canonical": "yahoo.com.br", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.com.mx": {"canonical": "yahoo.com.mx", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.com.ar": {"canonical": "yahoo.com.ar", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.com.sg": {"canonical": "yahoo.com.sg", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.com.my": {"canonical": "yahoo.com.my", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.com.ph": {"canonical": "yahoo.com.ph", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.com.hk": {"canonical": "yahoo.com.hk", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.com.tw": {"canonical": "yahoo.com.tw", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.com.vn": {"canonical": "yahoo.com.vn", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.co.id": {"canonical": "yahoo.co.id", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.co.th": {"canonical": "yahoo.co.th", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false},
    "yahoo.co.za": {"canonical": "yahoo.co.za", "foldFrom": "", "foldTo": "", "keywordSeparator": "-", "userSubdomains": false}
  }'::jsonb
$$;

--
-- Name: mail_max_attempts(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.mail_max_attempts() RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$ select 10 $$;

--
-- Name: mail_queue_hold_suppressed(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.mail_queue_hold_suppressed() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_address text;
begin
  if new.status <> 'queued' or (tg_op = 'UPDATE' and old.status = 'queued') then
    return new;
  end if;
  v_address := case
    when new.recipient is not null then new.recipient
    when new.early_access_id is not null then
      (select e.email from public.early_access_signups e where e.id = new.early_access_id)
    when new.newsletter_id is not null then
      (select n.email from public.newsletter_subscriptions n where n.id = new.newsletter_id)
    when new.waitlist_id is not null then
      (select w.email from public.waitlist_signups w where w.id = new.waitlist_id)
    when new.application_id is not null then
      (select a.email from public.general_applications a where a.id = new.application_id)
  end;
  if v_address is not null and exists (
       select from public.mail_suppressions s
        where s.mailbox_sha256 = private.mailbox_sha256(v_address)) then
    new.status := 'dead';
    new.dead_at := now();
    new.lease := null;
    new.leased_until := null;
    new.last_error := 'suppressed';
  end if;
  return new;
end;
$$;

--
-- Name: mail_suppression_settles_queue(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.mail_suppression_settles_queue() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.mail_queue q
     set status = 'dead', dead_at = now(), lease = null, leased_until = null, last_error = 'suppressed'
   where (q.status = 'queued' or (q.status = 'sending' and q.leased_until <= now()))
     and (q.early_access_id in (select e.id from public.early_access_signups e
                                 where private.mailbox_sha256(e.email) = new.mailbox_sha256)
          or q.newsletter_id in (select n.id from public.newsletter_subscriptions n
                                  where private.mailbox_sha256(n.email) = new.mailbox_sha256)
          or q.waitlist_id in (select w.id from public.waitlist_signups w
                                where private.mailbox_sha256(w.email) = new.mailbox_sha256)
          or q.application_id in (select a.id from public.general_applications a
                                   where private.mailbox_sha256(a.email) = new.mailbox_sha256)
          or (q.kind = 'privacy_link' and q.recipient is not null
              and private.mailbox_sha256(q.recipient) = new.mailbox_sha256));
  return null;
end;
$$;

--
-- Name: mailbox(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.mailbox(p_address text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
  select lower(split_part(split_part(p_address, '@', 1), '+', 1) || '@' || split_part(p_address, '@', 2))
$$;

--
-- Name: mailbox_auth_accounts(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.mailbox_auth_accounts(p_mailbox_sha256 text) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(jsonb_build_object('email', u.email, 'created_at', u.created_at,
                                               'last_sign_in_at', u.last_sign_in_at)
                            order by u.created_at, u.id), '[]'::jsonb)
    from auth.users u
   where private.mailbox_sha256(u.email) = p_mailbox_sha256
      or lower(u.email) in (select s.auth_email from public.staff s
                             where private.mailbox_sha256(s.email) = p_mailbox_sha256)
$$;

--
-- Name: mailbox_has_auth_user(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.mailbox_has_auth_user(p_mailbox_sha256 text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (select from auth.users u where private.mailbox_sha256(u.email) = p_mailbox_sha256)
$$;

--
-- Name: mailbox_has_records(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.mailbox_has_records(p_mailbox_sha256 text) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select exists (select from public.early_access_signups where private.mailbox_sha256(email) = p_mailbox_sha256)
      or exists (select from public.newsletter_subscriptions where private.mailbox_sha256(email) = p_mailbox_sha256)
      or exists (select from public.waitlist_signups where private.mailbox_sha256(email) = p_mailbox_sha256)
      or exists (select from public.general_applications where private.mailbox_sha256(email) = p_mailbox_sha256)
      or exists (select from public.email_suppressions where mailbox_sha256 = p_mailbox_sha256)
      or exists (select from public.staff where private.mailbox_sha256(email) = p_mailbox_sha256)
      or exists (select from public.staff_audit_log where private.mailbox_sha256(actor) = p_mailbox_sha256)
      or exists (select from public.application_status_changes where private.mailbox_sha256(changed_by) = p_mailbox_sha256)
      or private.mailbox_has_auth_user(p_mailbox_sha256)
$$;

--
-- Name: mailbox_sha256(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.mailbox_sha256(p_address text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
  select encode(sha256(convert_to(private.mailbox(p_address), 'UTF8')), 'hex')
$$;

--
-- Name: mark_signup_mail(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.mark_signup_mail() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  new.thank_you_sent_at := case
    when tg_argv[0] = 'career' and exists (
      select from public.email_suppressions
       where mailbox_sha256 = private.mailbox_sha256(new.email) and list = 'career') then null
    else now()
  end;
  return new;
end;
$$;

--
-- Name: move_line_member(text, timestamp with time zone, uuid, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.move_line_member(p_list text, p_at timestamp with time zone, p_id uuid, p_step integer) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update private.line_chunks c
     set size = c.size + p_step
    from (select k.lo_at, k.lo_id
            from private.line_chunks k
           where k.list = p_list and (k.lo_at, k.lo_id) <= (p_at, p_id)
           order by k.lo_at desc, k.lo_id desc
           limit 1) k
   where c.list = p_list and c.lo_at = k.lo_at and c.lo_id = k.lo_id;
  if not found then
    raise exception 'The % line has no first chunk: rebuild it with private.rebuild_line', p_list;
  end if;
end;
$$;

--
-- Name: new_referral_code(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.new_referral_code() RETURNS text
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select substr(u.hex, 1, 12) || substr(u.hex, 14, 3) || substr(u.hex, 18, 1)
    from (select replace(gen_random_uuid()::text, '-', '') as hex) u
$$;

--
-- Name: person_mailbox(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.person_mailbox(p_address text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
declare
  v_local text := lower(split_part(split_part(p_address, '@', 1), '+', 1));
  v_domain text := lower(split_part(p_address, '@', 2));
  v_labels text[] := string_to_array(v_domain, '.');
  v_n integer := cardinality(v_labels);
  v_user text := v_local;
  -- Planned once per session, the rules' constant folded in: one search of it per lookup.
  v_rule jsonb := private.mail_domain_rules_json() -> v_domain;
begin
  if v_rule is null and v_n > 3 then
    v_rule := private.mail_domain_rules_json() -> array_to_string(v_labels[v_n - 2:], '.');
    v_user := v_labels[v_n - 3];
    if (v_rule ->> 'userSubdomains') is distinct from 'true' then
      v_rule := null;
    end if;
  end if;
  if v_rule is null and v_n > 2 then
    v_rule := private.mail_domain_rules_json() -> array_to_string(v_labels[v_n - 1:], '.');
    v_user := v_labels[v_n - 2];
    if (v_rule ->> 'userSubdomains') is distinct from 'true' then
      v_rule := null;
    end if;
  end if;
  if v_rule is null then
    return v_local || '@' || v_domain;
  end if;
  if v_rule ->> 'keywordSeparator' <> '' then
    v_user := split_part(v_user, v_rule ->> 'keywordSeparator', 1);
  end if;
  return translate(v_user, v_rule ->> 'foldFrom', v_rule ->> 'foldTo') || '@' || (v_rule ->> 'canonical');
end;
$$;

--
-- Name: places_per_referral(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.places_per_referral() RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$ select 10 $$;

--
-- Name: queue_signup_mail(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.queue_signup_mail() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.mail_queue (id, kind, list, early_access_id, newsletter_id, waitlist_id, application_id)
  values (
    gen_random_uuid(), 'thank_you', tg_argv[0],
    case when tg_argv[0] = 'early_access' then new.id end,
    case when tg_argv[0] = 'newsletter' then new.id end,
    case when tg_argv[0] = 'waitlist' then new.id end,
    case when tg_argv[0] = 'career' then new.id end);
  return null;
end;
$$;

--
-- Name: rebuild_line(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.rebuild_line(p_list text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
begin
  perform private.line_table(p_list);
  perform private.lock_lines();
  delete from private.line_credits x where x.list = p_list;
  delete from private.line_chunks c where c.list = p_list;
  insert into private.line_credits (list, id, confirmed_at, credited)
  select p_list, c.id, c.confirmed_at, c.credited
    from private.line_credits_from_rows(p_list, null) c;
  execute format(
    'insert into private.line_chunks (list, lo_at, lo_id, size, credited, min_credit, max_credit)
     with m as (
       select s.confirmed_at, s.id, row_number() over (order by s.confirmed_at, s.id) - 1 as n
         from public.%I s
        where s.confirmed_at is not null
     ),
     g as (
       select m.n / $2 as k, min(m.n) as first, count(*) as size, count(x.id) as credited,
              min(x.credited) as min_credit, max(x.credited) as max_credit
         from m
         left join private.line_credits x on x.list = $1 and x.id = m.id
        group by m.n / $2
     )
     select $1,
            case when g.k = 0 then ''-infinity''::timestamptz else m.confirmed_at end,
            case when g.k = 0 then ''00000000-0000-0000-0000-000000000000''::uuid else m.id end,
            g.size, g.credited, g.min_credit, g.max_credit
       from g
       join m on m.n = g.first',
    private.line_table(p_list))
  using p_list, private.line_chunk_size();
  insert into private.line_chunks (list, lo_at, lo_id, size)
  select p_list, '-infinity', '00000000-0000-0000-0000-000000000000', 0
   where not exists (select from private.line_chunks c where c.list = p_list);
end;
$_$;

--
-- Name: redecide_code_caps(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.redecide_code_caps() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_code record;
  v_codes jsonb;
begin
  -- Each statement names only the transition tables its trigger has (PL/pgSQL plans a statement when it
  -- first runs it).
  if tg_op = 'DELETE' then
    select coalesce(jsonb_agg(c), '[]') into v_codes
      from (select o.referred_by as code, min(o.confirmed_at) as first, max(o.confirmed_at) as last
              from gone_rows o
             where o.referred_by is not null and o.confirmed_at is not null
               and (o.referral_hold is null or o.referral_hold = 'code_cap')
             group by o.referred_by) c;
  else
    select coalesce(jsonb_agg(c), '[]') into v_codes
      from (select o.referred_by as code, min(o.confirmed_at) as first, max(o.confirmed_at) as last
              from gone_rows o
              join kept_rows n on n.id = o.id
             where o.referred_by is not null and o.confirmed_at is not null
               and (o.referral_hold is null or o.referral_hold = 'code_cap')
               and not (n.confirmed_at is not null
                        and (n.referral_hold is null or n.referral_hold = 'code_cap'))
             group by o.referred_by) c;
  end if;
  for v_code in
    select c.code, c.first, c.last
      from jsonb_to_recordset(v_codes) as c(code text, first timestamptz, last timestamptz)
  loop
    perform private.decide_code_cap(tg_table_name, v_code.code, v_code.first, v_code.last, true);
  end loop;
  return null;
end;
$$;

--
-- Name: referral_code_cap_per_hour(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.referral_code_cap_per_hour() RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$ select 10 $$;

--
-- Name: refuse_suppressed_signup(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.refuse_suppressed_signup() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_list text := case tg_table_name
    when 'early_access_signups' then 'early_access'
    when 'newsletter_subscriptions' then 'newsletter'
    when 'waitlist_signups' then 'waitlist'
  end;
  v_message text := format('duplicate key value violates unique constraint "%s"', tg_table_name || '_mailbox_key');
begin
  if not private.suppression_refuses(new.email, v_list) then
    return new;
  end if;
  -- What PostgreSQL says when the mailbox is stored (the unique index on private.mailbox(email)): the
  -- key only to a role that may read the table and is not under row-level security.
  if row_security_active(tg_relid) or not has_table_privilege(tg_relid, 'SELECT') then
    raise unique_violation using message = v_message;
  end if;
  raise unique_violation using
    message = v_message,
    detail = format('Key (private.mailbox(email))=(%s) already exists.', private.mailbox(new.email));
end;
$$;

--
-- Name: request_client_address(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.request_client_address() RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select nullif(current_setting('request.headers', true), '')::json ->> 'cf-connecting-ip'
$$;

--
-- Name: require_staff(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.require_staff() RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_actor text := private.staff_caller();
begin
  if v_actor is null then
    raise exception 'Staff only' using errcode = '42501';
  end if;
  return v_actor;
end;
$$;

--
-- Name: row_mail_state(public.mail_queue, text, timestamp with time zone); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.row_mail_state(p_message public.mail_queue, p_mailbox_sha256 text, p_since timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_state text;
  v_reason text;
begin
  select s.reason into v_reason from public.mail_suppressions s where s.mailbox_sha256 = p_mailbox_sha256;
  if p_message.id is not null then
    v_state := case
      when p_message.status in ('queued', 'sending') then 'queued'
      when p_message.status = 'dead' and p_message.last_error = 'suppressed' then 'suppressed'
      when p_message.status = 'dead' then 'failed'
      else coalesce(
        (select e.event from public.mail_delivery_events e
          where e.email_id = p_message.provider_message_id
          order by e.occurred_at desc, (e.event in ('bounced', 'complained')) desc, e.id desc
          limit 1),
        'sent')
    end;
  else
    v_state := coalesce(
      (select e.event from public.mail_delivery_events e
        where e.mailbox_sha256 = p_mailbox_sha256 and e.occurred_at >= p_since
        order by e.occurred_at desc, (e.event in ('bounced', 'complained')) desc, e.id desc
        limit 1),
      case when v_reason is not null then 'suppressed' end);
  end if;
  if v_state is null then
    return null;
  end if;
  return jsonb_build_object('state', v_state, 'suppressed', v_reason);
end;
$$;

--
-- Name: scrub_audit_subjects(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.scrub_audit_subjects() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.staff_audit_log l
     set subject_mailbox = null, detail = private.scrubbed_audit_detail(l.detail)
   where l.subject_kind = tg_argv[0]
     and l.subject_id in (select d.id from deleted d)
     and (l.subject_mailbox is not null or l.detail ? 'note');
  return null;
end;
$$;

--
-- Name: scrubbed_audit_detail(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.scrubbed_audit_detail(p_detail jsonb) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select (p_detail - 'note') || '{"subject_removed": true}'::jsonb
$$;

--
-- Name: signup_table(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.signup_table(p_list text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT
    SET search_path TO ''
    AS $$
  select case p_list
    when 'early_access' then 'early_access_signups'
    when 'newsletter' then 'newsletter_subscriptions'
    when 'waitlist' then 'waitlist_signups'
    when 'career' then 'general_applications'
  end
$$;

--
-- Name: source_label(text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.source_label(p_utm_source text, p_referrer_host text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select coalesce(nullif(p_utm_source, ''), nullif(p_referrer_host, ''), 'direct')
$$;

--
-- Name: split_line_chunk(text, timestamp with time zone, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.split_line_chunk(p_list text, p_lo_at timestamp with time zone, p_lo_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_chunk_size integer := private.line_chunk_size();
  v_size integer;
  v_at timestamptz;
  v_id uuid;
begin
  loop
    select c.size into v_size
      from private.line_chunks c
     where c.list = p_list and c.lo_at = p_lo_at and c.lo_id = p_lo_id;
    exit when v_size <= 2 * v_chunk_size;
    execute format(
      'select s.confirmed_at, s.id from public.%I s
        where s.confirmed_at is not null and (s.confirmed_at, s.id) >= ($1, $2)
        order by s.confirmed_at, s.id
       offset $3 limit 1',
      private.line_table(p_list))
       into v_at, v_id
      using p_lo_at, p_lo_id, v_chunk_size;
    update private.line_chunks c
       set size = v_chunk_size
     where c.list = p_list and c.lo_at = p_lo_at and c.lo_id = p_lo_id;
    insert into private.line_chunks (list, lo_at, lo_id, size)
    values (p_list, v_at, v_id, v_size - v_chunk_size);
    perform private.count_line_chunk(p_list, p_lo_at, p_lo_id);
    perform private.count_line_chunk(p_list, v_at, v_id);
    p_lo_at := v_at;
    p_lo_id := v_id;
  end loop;
end;
$_$;

--
-- Name: staff_caller(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.staff_caller() RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: suppression_refuses(text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.suppression_refuses(p_email text, p_list text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_suppression public.email_suppressions;
begin
  select * into v_suppression
    from public.email_suppressions
   where mailbox_sha256 = private.mailbox_sha256(p_email) and list = p_list
     for update;
  if not found then
    return false;
  end if;
  if coalesce(v_suppression.last_sign_up_on, v_suppression.unsubscribed_on) > current_date - 30 then
    return true;
  end if;
  update public.email_suppressions
     set last_sign_up_on = current_date
   where mailbox_sha256 = v_suppression.mailbox_sha256 and list = p_list;
  return false;
end;
$$;

--
-- Name: suspected_farming_rules(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.suspected_farming_rules() RETURNS TABLE(min_held integer, min_settled integer, settle_hours integer, min_confirmed_share numeric)
    LANGUAGE sql IMMUTABLE ROWS 1 PARALLEL SAFE
    SET search_path TO ''
    AS $$ select 3, 5, 24, 0.5 $$;

--
-- Name: take_keyed_rate_limit_token(text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.take_keyed_rate_limit_token(p_action text, p_key text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_rule public.rate_limit_rules;
  v_now timestamptz;
  v_used integer;
begin
  select * into v_rule from public.rate_limit_rules where action = p_action;
  if not found then
    raise exception 'no rate limit rule for %', p_action using errcode = '22023';
  end if;

  perform pg_advisory_xact_lock(hashtextextended('rate limit ' || p_action || ' ' || p_key, 0));
  v_now := clock_timestamp();
  delete from private.rate_limit_events
   where action = p_action and client = p_key
     and at <= v_now - make_interval(secs => v_rule.window_seconds);
  select count(*) into v_used
    from private.rate_limit_events
   where action = p_action and client = p_key;
  if v_used >= v_rule.max_requests then
    raise sqlstate 'PT429' using
      message = 'Too many requests from this address',
      detail = format('At most %s in %s seconds: %s.', v_rule.max_requests, v_rule.window_seconds,
                      v_rule.description),
      hint = 'Wait a minute and try again.';
  end if;
  insert into private.rate_limit_events (action, client, at) values (p_action, p_key, v_now);

  delete from private.rate_limit_events
   where ctid in (select ctid from private.rate_limit_events
                   where at < v_now - interval '1 day'
                   limit 100 for update skip locked);
end;
$$;

--
-- Name: take_rate_limit_token(text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.take_rate_limit_token(p_action text, p_client_address text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.take_keyed_rate_limit_token(p_action, private.client_key(p_client_address))
$$;

--
-- Name: tidy_line_chunks(text, timestamp with time zone[], uuid[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.tidy_line_chunks(p_list text, p_at timestamp with time zone[], p_id uuid[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_chunk record;
begin
  for v_chunk in
    select distinct c.lo_at, c.lo_id, c.size
      from unnest(p_at, p_id) as k(at, id)
     cross join lateral (select c.lo_at, c.lo_id, c.size
                           from private.line_chunks c
                          where c.list = p_list and (c.lo_at, c.lo_id) <= (k.at, k.id)
                          order by c.lo_at desc, c.lo_id desc
                          limit 1) c
  loop
    if v_chunk.size = 0
       and (v_chunk.lo_at, v_chunk.lo_id)
           <> ('-infinity'::timestamptz, '00000000-0000-0000-0000-000000000000'::uuid) then
      delete from private.line_chunks c
       where c.list = p_list and c.lo_at = v_chunk.lo_at and c.lo_id = v_chunk.lo_id;
    elsif v_chunk.size > 2 * private.line_chunk_size() then
      perform private.split_line_chunk(p_list, v_chunk.lo_at, v_chunk.lo_id);
    end if;
  end loop;
end;
$$;

--
-- Name: utc_day_start(date); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.utc_day_start(p_day date) RETURNS timestamp with time zone
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select p_day::timestamp at time zone 'UTC'
$$;

--
-- Name: visit_bucket(text, date); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.visit_bucket(p_client_address text, p_day date) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select 1::bigint << (hashtextextended(private.client_key(p_client_address), p_day - date '2000-01-01')
                       & 63)::integer
$$;

--
-- Name: visit_rows_per_day(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.visit_rows_per_day() RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$ select 1000 $$;

--
-- Name: apply_retention(timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.apply_retention(p_now timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_cutoff timestamptz := p_now - interval '30 days';
  v_since timestamptz;
  v_early_access integer;
  v_newsletter integer;
  v_waitlist integer;
  v_tokens integer;
  v_mail integer;
begin
  if p_now is null then
    raise exception 'apply_retention needs the current time' using errcode = '22004';
  end if;
  select confirmation_required_since into v_since from public.retention_settings;
  delete from public.early_access_signups
   where confirmed_at is null and greatest(created_at, v_since) < v_cutoff;
  get diagnostics v_early_access = row_count;
  delete from public.newsletter_subscriptions
   where confirmed_at is null and greatest(created_at, v_since) < v_cutoff;
  get diagnostics v_newsletter = row_count;
  delete from public.waitlist_signups
   where confirmed_at is null and greatest(created_at, v_since) < v_cutoff;
  get diagnostics v_waitlist = row_count;
  delete from public.email_tokens where expires_at <= p_now;
  get diagnostics v_tokens = row_count;
  delete from public.mail_queue
   where (status = 'sent' and sent_at < p_now - interval '7 days')
      or (status = 'dead' and dead_at < v_cutoff);
  get diagnostics v_mail = row_count;
  return jsonb_build_object(
    'unconfirmed', jsonb_build_object(
      'early_access', v_early_access, 'newsletter', v_newsletter, 'waitlist', v_waitlist),
    'expired_tokens', v_tokens,
    'settled_mail', v_mail);
end;
$$;

--
-- Name: claim_thank_you(text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.claim_thank_you(p_type text, p_email text) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  claimed jsonb;
begin
  case p_type
    when 'early_access' then
      update public.early_access_signups
         set thank_you_sent_at = now()
       where lower(email) = lower(p_email)
         and thank_you_sent_at is null
         and created_at > now() - interval '10 minutes'
      returning jsonb_build_object('id', id, 'email', email) into claimed;
    when 'newsletter' then
      update public.newsletter_subscriptions
         set thank_you_sent_at = now()
       where lower(email) = lower(p_email)
         and thank_you_sent_at is null
         and created_at > now() - interval '10 minutes'
      returning jsonb_build_object('id', id, 'email', email) into claimed;
    when 'waitlist' then
      update public.waitlist_signups
         set thank_you_sent_at = now()
       where lower(email) = lower(p_email)
         and thank_you_sent_at is null
         and created_at > now() - interval '10 minutes'
      returning jsonb_build_object('id', id, 'email', email, 'first_name', first_name,
                                   'company', company, 'use_case', use_case) into claimed;
    when 'career' then
      update public.general_applications
         set thank_you_sent_at = now()
       where lower(email) = lower(p_email)
         and thank_you_sent_at is null
         and created_at > now() - interval '10 minutes'
      returning jsonb_build_object('id', id, 'email', email, 'first_name', first_name,
                                   'current_role', "current_role", 'current_company', current_company)
        into claimed;
    else
      raise exception 'unknown thank-you email type: %', p_type using errcode = '22023';
  end case;
  return claimed;
end;
$$;

--
-- Name: claim_thank_you_mail(text, text, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.claim_thank_you_mail(p_type text, p_email text, p_confirm_token_hash text, p_unsubscribe_token_hash text) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  claimed jsonb;
  v_id uuid;
begin
  if p_type = 'career' and exists (
    select from public.email_suppressions
     where mailbox_sha256 = private.mailbox_sha256(p_email) and list = 'career'
  ) then
    return null;
  end if;
  claimed := public.claim_thank_you(p_type, p_email);
  if claimed is null then
    return null;
  end if;
  v_id := (claimed ->> 'id')::uuid;
  insert into public.email_tokens
    (token_hash, purpose, early_access_id, newsletter_id, waitlist_id, application_id)
  values (
    p_unsubscribe_token_hash, 'unsubscribe',
    case when p_type = 'early_access' then v_id end,
    case when p_type = 'newsletter' then v_id end,
    case when p_type = 'waitlist' then v_id end,
    case when p_type = 'career' then v_id end);
  if p_type <> 'career' then
    insert into public.email_tokens
      (token_hash, purpose, early_access_id, newsletter_id, waitlist_id, expires_at)
    values (
      p_confirm_token_hash, 'confirm',
      case when p_type = 'early_access' then v_id end,
      case when p_type = 'newsletter' then v_id end,
      case when p_type = 'waitlist' then v_id end,
      now() + interval '7 days');
  end if;
  return claimed;
end;
$$;

--
-- Name: confirm_signup(text, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.confirm_signup(p_token_hash text, p_disposable_domain boolean DEFAULT false) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  v_token public.email_tokens;
  v_list text;
  v_table text;
  v_id uuid;
  v_email text;
  v_first boolean;
  v_place jsonb;
  v_code text;
begin
  delete from public.email_tokens
   where token_hash = p_token_hash and purpose = 'confirm' and expires_at > now()
  returning * into v_token;
  if not found then
    return null;
  end if;
  v_list := case
    when v_token.early_access_id is not null then 'early_access'
    when v_token.newsletter_id is not null then 'newsletter'
    else 'waitlist'
  end;
  v_table := private.signup_table(v_list);
  v_id := coalesce(v_token.early_access_id, v_token.newsletter_id, v_token.waitlist_id);
  -- Only the update that confirms it finds the row unconfirmed: a second confirm token of the same
  -- sign-up, even at the same moment, waits for the row and queues no second mail.
  execute format('update public.%I set confirmed_at = now() where id = $1 and confirmed_at is null
                  returning email', v_table)
     into v_email
    using v_id;
  v_first := v_email is not null;
  if not v_first then
    execute format('select email from public.%I where id = $1', v_table) into v_email using v_id;
  end if;
  delete from public.email_suppressions
   where mailbox_sha256 = private.mailbox_sha256(v_email) and list = v_list;
  if v_list = 'newsletter' then
    return jsonb_build_object('list', v_list, 'place', null);
  end if;

  if coalesce(p_disposable_domain, false) then
    execute format('update public.%I set referral_hold = ''disposable''
                     where id = $1 and referred_by is not null and referral_hold is null', v_table)
      using v_id;
  end if;
  -- The cap per code, decided by private.decide_code_cap from the rows (after the disposable hold:
  -- a disposable referral is held for that, whatever the hour holds).
  if v_first then
    execute format('select referred_by from public.%I where id = $1 and referral_hold is null', v_table)
       into v_code
      using v_id;
    if v_code is not null then
      perform private.decide_code_cap(v_table, v_code, now(), now(), false);
    end if;
  end if;
  if v_first then
    insert into public.mail_queue (id, kind, list, early_access_id, waitlist_id)
    values (gen_random_uuid(), 'place', v_list,
            case when v_list = 'early_access' then v_id end,
            case when v_list = 'waitlist' then v_id end);
  end if;
  v_place := public.signup_place(v_list, v_id);
  return jsonb_build_object(
    'list', v_list,
    'place', case when v_place is not null then
      jsonb_build_object('position', v_place -> 'position', 'referral_code', v_place -> 'referral_code')
    end);
end;
$_$;

--
-- Name: confirm_token_email_domain(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.confirm_token_email_domain(p_token_hash text) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select lower(split_part(coalesce(
           (select e.email from public.early_access_signups e where e.id = t.early_access_id),
           (select n.email from public.newsletter_subscriptions n where n.id = t.newsletter_id),
           (select w.email from public.waitlist_signups w where w.id = t.waitlist_id)), '@', 2))
    from public.email_tokens t
   where t.token_hash = p_token_hash and t.purpose = 'confirm' and t.expires_at > now()
$$;

--
-- Name: console_application(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.console_application(p_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_actor text := private.require_staff();
  v_application jsonb;
begin
  v_application := private.console_application_json(p_id);
  if v_application is null then
    return null;
  end if;
  perform private.audit(v_actor, 'read_application', 'application', p_id, v_application ->> 'email', '{}');
  return v_application;
end;
$$;

--
-- Name: console_applications(text, date, date, text, text, boolean, integer, integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.console_applications(p_search text, p_from date, p_to date, p_status text, p_sort text, p_descending boolean, p_limit integer, p_offset integer, p_source text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;

--
-- Name: console_change_application_status(uuid, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.console_change_application_status(p_id uuid, p_status text, p_note text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_actor text := private.require_staff();
  v_application public.general_applications;
  v_note text := p_note;
begin
  if v_note is not null and not private.has_visible_text(v_note) then
    v_note := null;
  end if;
  if char_length(v_note) > 2000 then
    raise exception 'The note is at most 2000 characters' using errcode = '22023';
  end if;
  select * into v_application from public.general_applications where id = p_id for update;
  if not found then
    raise sqlstate 'PT404' using message = 'No such application';
  end if;
  if not private.application_status_change_allowed(v_application.status, p_status) then
    raise exception 'That status change is not allowed'
      using errcode = '22023',
            detail = format('From %s to %s.', v_application.status, coalesce(p_status, 'null'));
  end if;
  update public.general_applications set status = p_status where id = p_id;
  insert into public.application_status_changes (application_id, from_status, to_status, note, changed_by)
  values (p_id, v_application.status, p_status, v_note, v_actor);
  perform private.audit(v_actor, 'change_status', 'application', p_id, v_application.email,
                        jsonb_strip_nulls(jsonb_build_object('from', v_application.status, 'to', p_status,
                                                             'note', v_note)));
  return private.console_application_json(p_id);
end;
$$;

--
-- Name: console_check_sign_in_code(text, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.console_check_sign_in_code(p_email text, p_code_mac text, p_client_address text) RETURNS text
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$ select private.console_check_sign_in_code(p_email, p_code_mac, p_client_address) $$;

--
-- Name: console_csp_violations(integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

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

--
-- Name: console_export_rows(bigint, timestamp with time zone, uuid, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.console_export_rows(p_export bigint, p_after_created_at timestamp with time zone, p_after_id uuid, p_limit integer) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: console_growth(date, date); Type: FUNCTION; Schema: public; Owner: -
--

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

--
-- Name: console_invite_waitlist(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.console_invite_waitlist(p_ids jsonb) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_actor text := private.require_staff();
  v_ids uuid[];
  v_count integer;
begin
  if jsonb_typeof(p_ids) is distinct from 'array' or jsonb_array_length(p_ids) > 1000
     or exists (select from jsonb_array_elements(p_ids) e where jsonb_typeof(e) <> 'string') then
    raise exception 'p_ids must be an array of at most 1000 ids' using errcode = '22023';
  end if;
  select coalesce(array_agg(e::uuid), '{}') into v_ids from jsonb_array_elements_text(p_ids) e;
  with invited as (
    update public.waitlist_signups w
       set invited_at = now(), invited_by = v_actor
     where w.id = any (v_ids)
       and w.confirmed_at is not null
       and w.invited_at is null
       and not exists (select from public.email_suppressions s
                        where s.mailbox_sha256 = private.mailbox_sha256(w.email) and s.list = 'waitlist')
    returning w.id, w.email
  ), queued as (
    insert into public.mail_queue (id, kind, list, waitlist_id)
    select gen_random_uuid(), 'invite', 'waitlist', invited.id from invited
  )
  insert into public.staff_audit_log (actor, action, subject_kind, subject_id, subject_mailbox)
  select v_actor, 'invite', 'waitlist', invited.id, invited.email from invited;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

--
-- Name: console_log_export(text, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.console_log_export(p_kind text, p_filter jsonb) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_actor text := private.require_staff();
  v_filter jsonb := private.console_export_filter(p_kind, p_filter);
begin
  return private.audit(v_actor, 'export',
                       case p_kind when 'applications' then 'application' else p_kind end,
                       null, null, jsonb_build_object('kind', p_kind, 'filter', v_filter));
end;
$$;

--
-- Name: console_mail_states(text, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.console_mail_states(p_list text, p_ids jsonb) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_table text;
  v_column text;
  v_states jsonb;
  v_ids uuid[];
begin
  perform private.require_staff();
  v_table := case p_list
    when 'early_access' then 'early_access_signups'
    when 'newsletter' then 'newsletter_subscriptions'
    when 'waitlist' then 'waitlist_signups'
    when 'career' then 'general_applications'
  end;
  if v_table is null then
    raise exception 'not a list: %', p_list using errcode = '22023';
  end if;
  if jsonb_typeof(p_ids) is distinct from 'array' or jsonb_array_length(p_ids) > 200 then
    raise exception 'a list of at most 200 ids' using errcode = '22023';
  end if;
  select coalesce(array_agg(e::uuid), '{}') into v_ids from jsonb_array_elements_text(p_ids) e;
  v_column := case p_list when 'career' then 'application_id' else p_list || '_id' end;
  execute format(
    'select coalesce(jsonb_object_agg(r.id, s.state) filter (where s.state is not null), ''{}''::jsonb)
       from public.%I r
       cross join lateral (
         select private.row_mail_state(
                  (select m from public.mail_queue m where m.%I = r.id
                    order by m.created_at desc, m.id limit 1),
                  private.mailbox_sha256(r.email), r.created_at) as state) s
      where r.id = any($1)',
    v_table, v_column)
    into v_states using v_ids;
  return v_states;
end;
$_$;

--
-- Name: console_mail_suppressions(integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.console_mail_suppressions(p_limit integer, p_offset integer) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_limit integer;
  v_offset integer;
  v_counts jsonb;
  v_rows jsonb;
begin
  perform private.require_staff();
  v_limit := private.console_limit(p_limit, 50, 200);
  v_offset := private.console_offset(p_offset);
  select jsonb_build_object(
           'total', count(*),
           'bounced', count(*) filter (where s.reason = 'bounced'),
           'complained', count(*) filter (where s.reason = 'complained'),
           'suppressed_messages',
             (select count(*) from public.mail_queue q
               where q.status = 'dead' and q.last_error = 'suppressed'))
    into v_counts
    from public.mail_suppressions s;
  select coalesce(jsonb_agg(jsonb_build_object(
           'email', p.email, 'reason', p.reason, 'suppressed_at', p.suppressed_at)
         order by p.suppressed_at desc, p.mailbox_sha256), '[]'::jsonb)
    into v_rows
    from (select s.mailbox_sha256, s.reason, s.suppressed_at,
                 coalesce(
                   (select e.email from public.early_access_signups e
                     where private.mailbox_sha256(e.email) = s.mailbox_sha256 limit 1),
                   (select w.email from public.waitlist_signups w
                     where private.mailbox_sha256(w.email) = s.mailbox_sha256 limit 1),
                   (select n.email from public.newsletter_subscriptions n
                     where private.mailbox_sha256(n.email) = s.mailbox_sha256 limit 1),
                   (select a.email from public.general_applications a
                     where private.mailbox_sha256(a.email) = s.mailbox_sha256 limit 1)) as email
            from public.mail_suppressions s
           order by s.suppressed_at desc, s.mailbox_sha256
           limit v_limit offset v_offset) p;
  return v_counts || jsonb_build_object('rows', v_rows);
end;
$$;

--
-- Name: console_open_resume(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.console_open_resume(p_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_actor text := private.require_staff();
  v_application public.general_applications;
begin
  select * into v_application from public.general_applications where id = p_id;
  if not found or v_application.resume_path is null then
    return null;
  end if;
  perform private.audit(v_actor, 'open_resume', 'application', p_id, v_application.email, '{}');
  return jsonb_build_object('path', v_application.resume_path, 'filename', v_application.resume_filename);
end;
$$;

--
-- Name: console_referrals(date, date, boolean, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

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

--
-- Name: console_request_sign_in_code(text, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.console_request_sign_in_code(p_email text, p_code_mac text, p_client_address text) RETURNS boolean
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$ select private.console_request_sign_in_code(p_email, p_code_mac, p_client_address) $$;

--
-- Name: console_signups(text, text, date, date, boolean, boolean, text, boolean, integer, integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.console_signups(p_form text, p_search text, p_from date, p_to date, p_confirmed boolean, p_invited boolean, p_sort text, p_descending boolean, p_limit integer, p_offset integer, p_source text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;

--
-- Name: console_signups_per_day(date, date); Type: FUNCTION; Schema: public; Owner: -
--

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

--
-- Name: console_whoami(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.console_whoami() RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
           'email', coalesce(caller.email,
                             (select s.email from public.staff s where s.auth_email = lower(claims.email)),
                             claims.email),
           'staff', caller.email is not null)
    from (select private.staff_caller() as email) caller,
         (select auth.jwt() ->> 'email' as email) claims
$$;

--
-- Name: copy_mailbox_records(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.copy_mailbox_records(p_token_hash text) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_mailbox text;
begin
  delete from public.email_tokens
   where token_hash = p_token_hash and purpose = 'copy' and expires_at > now()
  returning mailbox_sha256 into v_mailbox;
  if not found then
    return null;
  end if;
  return jsonb_build_object(
    'early_access', (select coalesce(jsonb_agg(to_jsonb(r) order by r.created_at), '[]')
                       from public.early_access_signups r where private.mailbox_sha256(r.email) = v_mailbox),
    'newsletter', (select coalesce(jsonb_agg(to_jsonb(r) order by r.created_at), '[]')
                     from public.newsletter_subscriptions r where private.mailbox_sha256(r.email) = v_mailbox),
    'waitlist', (select coalesce(jsonb_agg(to_jsonb(r) - 'invited_by' order by r.created_at), '[]')
                   from public.waitlist_signups r where private.mailbox_sha256(r.email) = v_mailbox),
    'applications', (select coalesce(jsonb_agg(
                              to_jsonb(r) || jsonb_build_object('status_history', coalesce((
                                select jsonb_agg(jsonb_build_object(
                                         'from_status', h.from_status, 'to_status', h.to_status,
                                         'note', h.note, 'changed_at', h.changed_at)
                                       order by h.changed_at, h.id)
                                  from public.application_status_changes h
                                 where h.application_id = r.id), '[]'::jsonb))
                              order by r.created_at), '[]')
                       from public.general_applications r where private.mailbox_sha256(r.email) = v_mailbox),
    'suppressions', (select coalesce(jsonb_agg(jsonb_build_object('list', s.list,
                                                                  'unsubscribed_on', s.unsubscribed_on)
                                               order by s.list), '[]')
                       from public.email_suppressions s where s.mailbox_sha256 = v_mailbox),
    'accounts', private.mailbox_auth_accounts(v_mailbox));
end;
$$;

--
-- Name: erase_mailbox_records(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.erase_mailbox_records(p_token_hash text) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_mailbox text;
  v_early_access integer;
  v_newsletter integer;
  v_waitlist integer;
  v_applications integer;
  v_resumes text[];
  v_suppressions integer;
begin
  delete from public.email_tokens
   where token_hash = p_token_hash and purpose = 'erase' and expires_at > now()
  returning mailbox_sha256 into v_mailbox;
  if not found then
    return null;
  end if;
  delete from public.early_access_signups where private.mailbox_sha256(email) = v_mailbox;
  get diagnostics v_early_access = row_count;
  delete from public.newsletter_subscriptions where private.mailbox_sha256(email) = v_mailbox;
  get diagnostics v_newsletter = row_count;
  delete from public.waitlist_signups where private.mailbox_sha256(email) = v_mailbox;
  get diagnostics v_waitlist = row_count;
  with deleted as (
    delete from public.general_applications where private.mailbox_sha256(email) = v_mailbox
    returning resume_path
  )
  select count(*), coalesce(array_agg(resume_path) filter (where resume_path is not null), '{}')
    into v_applications, v_resumes
    from deleted;
  insert into public.resume_removals (path) select unnest(v_resumes) on conflict do nothing;
  delete from public.email_tokens where mailbox_sha256 = v_mailbox;
  delete from public.mail_queue
   where kind = 'privacy_link' and recipient is not null
     and private.mailbox_sha256(recipient) = v_mailbox;
  -- What Resend reported about its mail: history, not needed to honour anything (migration
  -- 20251206000000). Its suppression stays, as an unsubscribe's does: it is what keeps it unmailed.
  delete from public.mail_delivery_events where mailbox_sha256 = v_mailbox;
  perform private.erase_console_records(v_mailbox);
  perform private.erase_auth_users(v_mailbox);
  select count(*) into v_suppressions from public.email_suppressions where mailbox_sha256 = v_mailbox;
  return jsonb_build_object(
    'erased', jsonb_build_object(
      'early_access', v_early_access,
      'newsletter', v_newsletter,
      'waitlist', v_waitlist,
      'applications', v_applications,
      'resumes', coalesce(array_length(v_resumes, 1), 0)),
    'resume_paths', to_jsonb(v_resumes),
    'kept', jsonb_build_object('suppressions', v_suppressions));
end;
$$;

--
-- Name: expire_applications(timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.expire_applications(p_now timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_applications integer;
  v_resumes text[];
begin
  if p_now is null then
    raise exception 'expire_applications needs the current time' using errcode = '22004';
  end if;
  with deleted as (
    delete from public.general_applications where created_at < p_now - interval '12 months'
    returning resume_path
  )
  select count(*), coalesce(array_agg(resume_path) filter (where resume_path is not null), '{}')
    into v_applications, v_resumes
    from deleted;
  insert into public.resume_removals (path) select unnest(v_resumes) on conflict do nothing;
  return jsonb_build_object('applications', v_applications, 'resume_paths', to_jsonb(v_resumes));
end;
$$;

--
-- Name: issue_privacy_token(text, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.issue_privacy_token(p_email text, p_purpose text, p_token_hash text) RETURNS boolean
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select public.issue_privacy_token(p_email, p_purpose, p_token_hash, null)
$$;

--
-- Name: issue_privacy_token(text, text, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.issue_privacy_token(p_email text, p_purpose text, p_token_hash text, p_client_address text) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_mailbox text := private.mailbox_sha256(p_email);
  v_requester text := coalesce(private.client_key(p_client_address), 'unknown');
  v_capped boolean := false;
begin
  if p_purpose not in ('erase', 'copy') then
    raise exception 'not a privacy request: %', p_purpose using errcode = '22023';
  end if;
  insert into public.email_tokens (token_hash, purpose, mailbox_sha256, expires_at)
  values (p_token_hash, p_purpose, v_mailbox, now() + interval '1 hour');
  begin
    perform private.take_keyed_rate_limit_token(
      'privacy-link-mailbox-requester', 'mailbox ' || v_mailbox || ' from ' || v_requester);
    perform private.take_keyed_rate_limit_token('privacy-link-mailbox', 'mailbox ' || v_mailbox);
  exception when sqlstate 'PT429' then
    -- The block's counts are rolled back with it: a capped request spends nothing.
    v_capped := true;
  end;
  return private.mailbox_has_records(v_mailbox) and not v_capped;
end;
$$;

--
-- Name: keep_invite_unsubscribe_token(uuid, uuid, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.keep_invite_unsubscribe_token(p_id uuid, p_lease uuid, p_token_hash text) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_waitlist_id uuid;
begin
  select waitlist_id into v_waitlist_id
    from public.mail_queue
   where id = p_id and lease = p_lease and status = 'sending' and kind = 'invite';
  if not found then
    return false;
  end if;
  insert into public.email_tokens (token_hash, purpose, waitlist_id)
  values (p_token_hash, 'unsubscribe', v_waitlist_id)
  on conflict (token_hash) do nothing;
  return true;
end;
$$;

--
-- Name: keep_mail_tokens(uuid, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.keep_mail_tokens(p_lease uuid, p_tokens jsonb) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  v_held jsonb;
begin
  if jsonb_typeof(p_tokens) <> 'array' then
    raise exception 'p_tokens must be an array' using errcode = '22023';
  end if;
  if exists (select from jsonb_array_elements(p_tokens) t
              where t ->> 'purpose' is null or t ->> 'purpose' not in ('confirm', 'unsubscribe', 'place')
                 or coalesce(t ->> 'hash', '') !~ '^[0-9a-f]{64}$') then
    raise exception 'a token of another purpose or shape' using errcode = '22023';
  end if;
  insert into public.email_tokens
    (token_hash, purpose, early_access_id, newsletter_id, waitlist_id, application_id, expires_at)
  select t ->> 'hash', t ->> 'purpose',
         q.early_access_id, q.newsletter_id, q.waitlist_id, q.application_id,
         case when t ->> 'purpose' = 'confirm' then now() + interval '7 days' end
    from jsonb_array_elements(p_tokens) t
    join public.mail_queue q
      on q.id = (t ->> 'id')::uuid and q.lease = p_lease and q.status = 'sending'
     and q.kind in ('thank_you', 'invite', 'place')
  on conflict (token_hash) do nothing;
  select coalesce(jsonb_agg(q.id), '[]'::jsonb) into v_held
    from public.mail_queue q
   where q.lease = p_lease and q.status = 'sending';
  return v_held;
end;
$_$;

--
-- Name: keep_place_tokens(uuid, uuid, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.keep_place_tokens(p_id uuid, p_lease uuid, p_place_token_hash text, p_unsubscribe_token_hash text) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_early_access_id uuid;
  v_waitlist_id uuid;
begin
  select early_access_id, waitlist_id into v_early_access_id, v_waitlist_id
    from public.mail_queue
   where id = p_id and lease = p_lease and status = 'sending' and kind = 'place';
  if not found then
    return false;
  end if;
  insert into public.email_tokens (token_hash, purpose, early_access_id, waitlist_id)
  values (p_place_token_hash, 'place', v_early_access_id, v_waitlist_id),
         (p_unsubscribe_token_hash, 'unsubscribe', v_early_access_id, v_waitlist_id)
  on conflict (token_hash) do nothing;
  return true;
end;
$$;

--
-- Name: mail_queue_pending(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.mail_queue_pending() RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'queued', count(*) filter (where status = 'queued'),
    'due', count(*) filter (where status = 'queued' and available_at <= now()),
    'sending', count(*) filter (where status = 'sending'),
    'dead', count(*) filter (where status = 'dead'))
    from public.mail_queue
   where status <> 'sent'
$$;

--
-- Name: place_for_token(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.place_for_token(p_token_hash text) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v_token public.email_tokens;
  v_list text;
  v_place jsonb;
begin
  select * into v_token
    from public.email_tokens
   where token_hash = p_token_hash and purpose = 'place'
     and (expires_at is null or expires_at > now());
  if not found then
    return null;
  end if;
  v_list := case when v_token.early_access_id is not null then 'early_access' else 'waitlist' end;
  v_place := public.signup_place(v_list, coalesce(v_token.early_access_id, v_token.waitlist_id));
  if v_place is null then
    return null;
  end if;
  return jsonb_build_object('list', v_list, 'position', v_place -> 'position',
                            'referral_code', v_place -> 'referral_code');
end;
$$;

--
-- Name: queue_confirmation_again(text, text, uuid, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.queue_confirmation_again(p_type text, p_email text, p_message_id uuid, p_confirm_token_hash text, p_unsubscribe_token_hash text) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  v_table text := private.signup_table(p_type);
  v_id uuid;
begin
  if p_type not in ('early_access', 'newsletter', 'waitlist') then
    raise exception 'not a list: %', p_type using errcode = '22023';
  end if;
  -- By the mailbox's fingerprint, which each list indexes (migration 20250901000000).
  execute format(
    'select id from public.%I
      where private.mailbox_sha256(email) = private.mailbox_sha256($1) and confirmed_at is null
      for update',
    v_table)
    into v_id using p_email;
  if v_id is null then
    return false;
  end if;
  begin
    perform private.take_keyed_rate_limit_token(
      'confirmation-again-mailbox', p_type || ' ' || private.mailbox_sha256(p_email));
  exception when sqlstate 'PT429' then
    return false;
  end;
  execute format('update public.%I set thank_you_sent_at = coalesce(thank_you_sent_at, now()) where id = $1',
                 v_table) using v_id;
  insert into public.email_tokens
    (token_hash, purpose, early_access_id, newsletter_id, waitlist_id, expires_at)
  values
    (p_confirm_token_hash, 'confirm',
     case when p_type = 'early_access' then v_id end,
     case when p_type = 'newsletter' then v_id end,
     case when p_type = 'waitlist' then v_id end,
     now() + interval '7 days'),
    (p_unsubscribe_token_hash, 'unsubscribe',
     case when p_type = 'early_access' then v_id end,
     case when p_type = 'newsletter' then v_id end,
     case when p_type = 'waitlist' then v_id end,
     null);
  insert into public.mail_queue (id, kind, list, early_access_id, newsletter_id, waitlist_id)
  values (
    p_message_id, 'thank_you', p_type,
    case when p_type = 'early_access' then v_id end,
    case when p_type = 'newsletter' then v_id end,
    case when p_type = 'waitlist' then v_id end);
  return true;
end;
$_$;

--
-- Name: queue_privacy_link(text, text, uuid, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.queue_privacy_link(p_email text, p_action text, p_message_id uuid, p_token_hash text, p_client_address text) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if not public.issue_privacy_token(p_email, p_action, p_token_hash, p_client_address) then
    return false;
  end if;
  insert into public.mail_queue (id, kind, action, recipient)
  values (p_message_id, 'privacy_link', p_action, private.mailbox(p_email));
  return true;
end;
$$;

--
-- Name: queue_thank_you_mail(text, text, uuid, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.queue_thank_you_mail(p_type text, p_email text, p_message_id uuid, p_confirm_token_hash text, p_unsubscribe_token_hash text) RETURNS uuid
    LANGUAGE sql
    SET search_path TO ''
    AS $$ select public.queued_thank_you_mail(p_type, p_email) $$;

--
-- Name: queued_thank_you_mail(text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.queued_thank_you_mail(p_type text, p_email text) RETURNS uuid
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  v_table text := case p_type when 'career' then 'general_applications'
                              else private.signup_table(p_type) end;
  v_column text := case p_type when 'career' then 'application_id' else p_type || '_id' end;
  v_id uuid;
  v_sent_at timestamptz;
  v_message uuid;
begin
  if p_type not in ('early_access', 'newsletter', 'waitlist', 'career') then
    raise exception 'unknown thank-you email type: %', p_type using errcode = '22023';
  end if;
  -- A list's sign-up once confirmed awaits no thank-you mail (an application has no confirmation).
  execute format(
    'select id, thank_you_sent_at from public.%I
      where lower(email) = lower($1) and created_at > now() - interval ''10 minutes''%s
      order by created_at desc limit 1
        for update',
    v_table, case when p_type = 'career' then '' else ' and confirmed_at is null' end)
    into v_id, v_sent_at using p_email;
  if v_id is null then
    return null;
  end if;
  execute format(
    'select id from public.mail_queue where kind = ''thank_you'' and %I = $1 order by created_at limit 1',
    v_column)
    into v_message using v_id;
  if v_message is not null then
    return v_message;
  end if;
  if v_sent_at is not null then
    -- Not mailed (a suppressed applicant), or its message is gone: nothing to answer.
    return null;
  end if;
  if p_type = 'career' and exists (
    select from public.email_suppressions
     where mailbox_sha256 = private.mailbox_sha256(p_email) and list = 'career') then
    return null;
  end if;
  execute format('update public.%I set thank_you_sent_at = now() where id = $1', v_table) using v_id;
  v_message := gen_random_uuid();
  insert into public.mail_queue (id, kind, list, early_access_id, newsletter_id, waitlist_id, application_id)
  values (
    v_message, 'thank_you', p_type,
    case when p_type = 'early_access' then v_id end,
    case when p_type = 'newsletter' then v_id end,
    case when p_type = 'waitlist' then v_id end,
    case when p_type = 'career' then v_id end);
  return v_message;
end;
$_$;

--
-- Name: record_csp_violations(text, jsonb, text); Type: FUNCTION; Schema: public; Owner: -
--

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

--
-- Name: record_mail_delivery_event(text, text, text, jsonb, text, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.record_mail_delivery_event(p_webhook_id text, p_event text, p_email_id text, p_to jsonb, p_bounce_type text, p_occurred_at timestamp with time zone) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_address text;
  v_mailbox text;
  v_suppress text;
begin
  if p_webhook_id is null or char_length(p_webhook_id) not between 1 and 256 then
    raise exception 'a webhook id of 1 to 256 characters is required' using errcode = '22023';
  end if;
  delete from private.resend_webhook_ids where received_at < now() - interval '1 day';
  insert into private.resend_webhook_ids (id) values (p_webhook_id) on conflict do nothing;
  if not found then
    return 'replayed';
  end if;
  if p_event is null or p_event not in ('delivered', 'delayed', 'bounced', 'complained') then
    return 'ignored';
  end if;
  if p_email_id is null or char_length(p_email_id) not between 1 and 200
     or jsonb_typeof(p_to) is distinct from 'array'
     or jsonb_array_length(p_to) not between 1 and 50
     or exists (select from jsonb_array_elements(p_to) e where jsonb_typeof(e) <> 'string') then
    raise exception 'an email id and 1 to 50 recipients are required' using errcode = '22023';
  end if;
  v_suppress := case
    when p_event = 'complained' then 'complained'
    when p_event = 'bounced' and lower(coalesce(p_bounce_type, 'permanent')) = 'permanent' then 'bounced'
  end;
  for v_address in select jsonb_array_elements_text(p_to) loop
    -- 'Name <address>' as well as a bare address; anything without an @ is not a mailbox.
    v_address := btrim(coalesce(substring(v_address from '<([^<>]*)>'), v_address));
    continue when v_address is null or position('@' in v_address) < 2 or char_length(v_address) > 254;
    v_mailbox := private.mailbox_sha256(v_address);
    insert into public.mail_delivery_events
      (email_id, mailbox_sha256, event, bounce_type, occurred_at)
    values
      (p_email_id, v_mailbox, p_event, left(p_bounce_type, 40), coalesce(p_occurred_at, now()));
    if v_suppress is not null then
      insert into public.mail_suppressions (mailbox_sha256, reason, email_id)
      values (v_mailbox, v_suppress, p_email_id)
      on conflict (mailbox_sha256) do nothing;
    end if;
  end loop;
  delete from public.mail_delivery_events where received_at < now() - interval '90 days';
  return 'recorded';
end;
$$;

--
-- Name: record_visit(text, boolean, text, text, text, text, text); Type: FUNCTION; Schema: public; Owner: -
--

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

--
-- Name: release_thank_you_email(text, uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.release_thank_you_email(p_type text, p_id uuid) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  case p_type
    when 'early_access' then
      update public.early_access_signups set thank_you_sent_at = null where id = p_id;
    when 'newsletter' then
      update public.newsletter_subscriptions set thank_you_sent_at = null where id = p_id;
    when 'waitlist' then
      update public.waitlist_signups set thank_you_sent_at = null where id = p_id;
    when 'career' then
      update public.general_applications set thank_you_sent_at = null where id = p_id;
    else
      raise exception 'unknown thank-you email type: %', p_type using errcode = '22023';
  end case;
end;
$$;

--
-- Name: release_thank_you_mail(text, uuid, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.release_thank_you_mail(p_type text, p_id uuid, p_confirm_token_hash text, p_unsubscribe_token_hash text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  delete from public.email_tokens
   where token_hash in (p_confirm_token_hash, p_unsubscribe_token_hash);
  perform public.release_thank_you_email(p_type, p_id);
end;
$$;

--
-- Name: requeue_dead_mail(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.requeue_dead_mail(p_id uuid DEFAULT NULL::uuid) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_count integer;
begin
  update public.mail_queue
     set status = 'queued', attempts = 0, available_at = now(), dead_at = null
   where status = 'dead' and (p_id is null or id = p_id);
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

--
-- Name: settle_mail_batch(uuid, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.settle_mail_batch(p_lease uuid, p_results jsonb) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_result jsonb;
  v_id uuid;
  v_status text;
  v_answer jsonb := '{}'::jsonb;
begin
  if jsonb_typeof(p_results) <> 'array' then
    raise exception 'p_results must be an array' using errcode = '22023';
  end if;
  for v_result in select * from jsonb_array_elements(p_results) loop
    v_id := (v_result ->> 'id')::uuid;
    if v_result ->> 'outcome' = 'alone' then
      update public.mail_queue
         set status = 'queued', attempts = greatest(attempts - 1, 0), alone = true, batch = null,
             lease = null, leased_until = null, last_error = left(v_result ->> 'detail', 1000)
       where id = v_id and lease = p_lease and status = 'sending'
      returning status into v_status;
    else
      v_status := public.settle_queued_mail(
        v_id, p_lease, v_result ->> 'outcome', v_result ->> 'detail', (v_result ->> 'delay_ms')::integer);
      -- Not taken by the provider (not tried, or a 429, 401 or 403 for the request): nothing of its
      -- batch went out, so it may go in any batch next time. After a try that may have been taken, the
      -- batch stays together, to be sent again as the same request.
      if v_status is not null and v_result ->> 'outcome' in ('released', 'throttled') then
        update public.mail_queue set batch = null where id = v_id and status = 'queued';
      end if;
    end if;
    v_answer := v_answer || jsonb_build_object(v_id::text, v_status);
    v_status := null;
  end loop;
  return v_answer;
end;
$$;

--
-- Name: settle_queued_mail(uuid, uuid, text, text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.settle_queued_mail(p_id uuid, p_lease uuid, p_outcome text, p_detail text, p_delay_ms integer) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_message public.mail_queue;
  v_error text := left(p_detail, 1000);
  v_delay interval := make_interval(secs => greatest(coalesce(p_delay_ms, 0), 0) / 1000.0);
begin
  select * into v_message from public.mail_queue
   where id = p_id and lease = p_lease and status = 'sending'
     for update;
  if not found then
    return null;
  end if;
  case p_outcome
    when 'sent' then
      update public.mail_queue
         set status = 'sent', sent_at = now(), provider_message_id = left(p_detail, 200),
             lease = null, leased_until = null, last_error = null, recipient = null
       where id = p_id;
      return 'sent';
    when 'throttled' then
      update public.mail_send_pace set next_send_at = greatest(next_send_at, clock_timestamp() + v_delay);
      update public.mail_queue
         set status = 'queued', attempts = greatest(attempts - 1, 0), available_at = now() + v_delay,
             lease = null, leased_until = null, last_error = v_error
       where id = p_id;
      return 'queued';
    when 'released' then
      update public.mail_queue
         set status = 'queued', attempts = greatest(attempts - 1, 0), lease = null, leased_until = null
       where id = p_id;
      return 'queued';
    when 'retry' then
      if v_message.attempts < private.mail_max_attempts() then
        update public.mail_queue
           set status = 'queued', available_at = now() + v_delay, lease = null, leased_until = null,
               last_error = v_error
         where id = p_id;
        return 'queued';
      end if;
    when 'dead' then
      null;
    else
      raise exception 'unknown outcome: %', p_outcome using errcode = '22023';
  end case;
  update public.mail_queue
     set status = 'dead', dead_at = now(), lease = null, leased_until = null, last_error = v_error
   where id = p_id;
  return 'dead';
end;
$$;

--
-- Name: signup_place(text, uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.signup_place(p_list text, p_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
declare
  v_code text;
  v_place bigint;
  v_credited integer;
begin
  execute format('select referral_code from public.%I where id = $1 and confirmed_at is not null',
                 private.line_table(p_list))
     into v_code
    using p_id;
  if v_code is null then
    return null;
  end if;
  select l.place, l.credited into v_place, v_credited from private.line_place(p_list, p_id) l;
  return jsonb_build_object('list', p_list, 'position', v_place, 'referral_code', v_code,
                            'credited', v_credited);
end;
$_$;

--
-- Name: take_mail_batch(integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.take_mail_batch(p_lease_seconds integer, p_limit integer) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  v_first public.mail_queue;
  v_ids uuid[];
  v_lease uuid := gen_random_uuid();
  v_batch uuid;
  v_message public.mail_queue;
  v_details text;
  v_more jsonb;
  v_taken jsonb := '[]'::jsonb;
  v_skipped uuid[] := '{}';
begin
  update public.mail_queue q
     set status = 'dead', dead_at = now(), lease = null, leased_until = null,
         last_error = left(case
           when q.status = 'sending' and q.attempts >= private.mail_max_attempts() then
             'The worker stopped while sending, ' || q.attempts || ' times.'
           when k.lifetime < interval '23 hours' then k.expired_reason || '.'
           else k.expired_reason || '; last answer: ' || coalesce(q.last_error, 'none')
         end, 1000)
    from private.mail_kinds k
   where k.kind = q.kind
     and q.status in ('queued', 'sending')
     and (q.status = 'queued' or q.leased_until <= now())
     and ((q.status = 'sending' and q.attempts >= private.mail_max_attempts())
          or q.created_at < now() - k.lifetime);

  -- The oldest due message decides. If it is in a batch, this take must have the whole batch: a batch
  -- taken in parts would go out under other keys after its request may already have gone. So one take
  -- at a time per batch (a transaction's advisory lock, tried, never waited for; a take that does not get
  -- it looks past that batch), which then locks every due member, waiting if need be: no other take locks
  -- a member of a batch (the candidate is read without a lock, and new batches are made of messages in
  -- none).
  loop
    select * into v_first
      from public.mail_queue
     where ((status = 'queued' and available_at <= now())
            or (status = 'sending' and leased_until <= now()))
       and (batch is null or batch <> all(v_skipped))
     order by available_at, created_at
     limit 1;
    if not found then
      return v_taken;
    end if;
    if v_first.batch is null then
      v_batch := gen_random_uuid();
      v_ids := array(
        select id from public.mail_queue
         where batch is null
           and ((status = 'queued' and available_at <= now()) or (status = 'sending' and leased_until <= now()))
           and (case when v_first.alone or p_limit <= 1 then id = v_first.id else not alone end)
         order by available_at, created_at
         limit greatest(p_limit, 1)
           for update skip locked);
      -- Nothing free: other takes hold what is due.
      exit;
    end if;
    if pg_try_advisory_xact_lock(hashtextextended('mail batch ' || v_first.batch::text, 0)) then
      v_batch := v_first.batch;
      v_ids := array(
        select id from public.mail_queue
         where batch = v_batch
           and ((status = 'queued' and available_at <= now()) or (status = 'sending' and leased_until <= now()))
         order by id
           for update);
      exit when cardinality(v_ids) > 0;
    end if;
    v_skipped := v_skipped || v_first.batch;
  end loop;
  if cardinality(v_ids) = 0 then
    return v_taken;
  end if;

  for v_message in
    update public.mail_queue
       set status = 'sending', attempts = attempts + 1, lease = v_lease, batch = v_batch,
           leased_until = now() + make_interval(secs => greatest(p_lease_seconds, 1))
     where id = any(v_ids)
    returning *
  loop
    select details into v_details from private.mail_kinds where kind = v_message.kind;
    execute format('select private.%I($1)', v_details) into v_more using v_message;
    v_taken := v_taken || jsonb_build_array(jsonb_build_object(
      'id', v_message.id, 'lease', v_message.lease, 'batch', v_message.batch, 'kind', v_message.kind,
      'list', v_message.list, 'action', v_message.action, 'attempts', v_message.attempts)
      || coalesce(v_more, '{}'::jsonb));
  end loop;
  return v_taken;
end;
$_$;

--
-- Name: take_mail_send_slot(integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.take_mail_send_slot(p_interval_ms integer, p_max_wait_ms integer) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_now timestamptz := clock_timestamp();
  v_at timestamptz;
begin
  select greatest(next_send_at, v_now) into v_at from public.mail_send_pace for update;
  if v_at > v_now + make_interval(secs => greatest(p_max_wait_ms, 0) / 1000.0) then
    return -1;
  end if;
  update public.mail_send_pace set next_send_at = v_at + make_interval(secs => greatest(p_interval_ms, 0) / 1000.0);
  return ceil(extract(epoch from v_at - v_now) * 1000)::integer;
end;
$$;

--
-- Name: take_queued_mail(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.take_queued_mail(p_lease_seconds integer) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$ select public.take_mail_batch(p_lease_seconds, 1) -> 0 $$;

--
-- Name: take_rate_limit_token(text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.take_rate_limit_token(p_action text, p_client_address text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.take_rate_limit_token(p_action, p_client_address)
$$;

--
-- Name: unsubscribe_signup(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.unsubscribe_signup(p_token_hash text) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  v_token public.email_tokens;
  v_list text;
  v_email text;
begin
  delete from public.email_tokens
   where token_hash = p_token_hash and purpose = 'unsubscribe'
     and (expires_at is null or expires_at > now())
  returning * into v_token;
  if not found then
    return null;
  end if;
  v_list := case
    when v_token.early_access_id is not null then 'early_access'
    when v_token.newsletter_id is not null then 'newsletter'
    when v_token.waitlist_id is not null then 'waitlist'
    else 'career'
  end;
  execute format('select email from public.%I where id = $1', private.signup_table(v_list))
     into v_email
    using coalesce(v_token.early_access_id, v_token.newsletter_id, v_token.waitlist_id,
                   v_token.application_id);
  if v_email is null then
    return null;
  end if;
  insert into public.email_suppressions (mailbox_sha256, list)
  values (private.mailbox_sha256(v_email), v_list)
  on conflict (mailbox_sha256, list) do update
    set unsubscribed_on = current_date, last_sign_up_on = null;
  if v_list <> 'career' then
    execute format('delete from public.%I where id = $1', private.signup_table(v_list))
      using coalesce(v_token.early_access_id, v_token.newsletter_id, v_token.waitlist_id);
  end if;
  return jsonb_build_object('list', v_list);
end;
$_$;

--
-- Name: console_sign_in_codes; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.console_sign_in_codes (
    id bigint NOT NULL,
    staff_email text NOT NULL,
    code_mac text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    CONSTRAINT console_sign_in_codes_mac_check CHECK ((code_mac ~ '^[0-9a-f]{64}$'::text))
);

--
-- Name: console_sign_in_codes_id_seq; Type: SEQUENCE; Schema: private; Owner: -
--

ALTER TABLE private.console_sign_in_codes ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.console_sign_in_codes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: console_sign_in_mail_pace; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.console_sign_in_mail_pace (
    staff_email text NOT NULL,
    next_at timestamp with time zone NOT NULL
);

--
-- Name: line_chunks; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.line_chunks (
    list text NOT NULL,
    lo_at timestamp with time zone NOT NULL,
    lo_id uuid NOT NULL,
    size integer NOT NULL,
    credited integer DEFAULT 0 NOT NULL,
    min_credit integer,
    max_credit integer,
    CONSTRAINT line_chunks_credit_check CHECK ((((credited = 0) = (min_credit IS NULL)) AND ((credited = 0) = (max_credit IS NULL)) AND (min_credit <= max_credit))),
    CONSTRAINT line_chunks_credited_check CHECK ((credited >= 0)),
    CONSTRAINT line_chunks_list_check CHECK ((list = ANY (ARRAY['early_access'::text, 'waitlist'::text]))),
    CONSTRAINT line_chunks_size_check CHECK ((size >= 0))
);

--
-- Name: line_credits; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.line_credits (
    list text NOT NULL,
    id uuid NOT NULL,
    confirmed_at timestamp with time zone NOT NULL,
    credited integer NOT NULL,
    CONSTRAINT line_credits_credited_check CHECK ((credited > 0)),
    CONSTRAINT line_credits_list_check CHECK ((list = ANY (ARRAY['early_access'::text, 'waitlist'::text])))
);

--
-- Name: mail_kinds; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.mail_kinds (
    kind text NOT NULL,
    lifetime interval NOT NULL,
    expired_reason text NOT NULL,
    details text NOT NULL,
    CONSTRAINT mail_kinds_details_check CHECK ((details ~ '^mail_details_[a-z_]+$'::text))
);

--
-- Name: rate_limit_events; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.rate_limit_events (
    action text NOT NULL,
    client text NOT NULL,
    at timestamp with time zone NOT NULL
);

--
-- Name: remote_health_clients; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.remote_health_clients (
    day date NOT NULL,
    remote text NOT NULL,
    release text NOT NULL,
    client text NOT NULL,
    loaded boolean DEFAULT false NOT NULL,
    load_failed boolean DEFAULT false NOT NULL,
    render_failed boolean DEFAULT false NOT NULL
);

--
-- Name: resend_webhook_ids; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.resend_webhook_ids (
    id text NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT resend_webhook_ids_id_check CHECK (((char_length(id) >= 1) AND (char_length(id) <= 256)))
);

ALTER TABLE ONLY private.resend_webhook_ids FORCE ROW LEVEL SECURITY;

--
-- Name: visit_reach; Type: TABLE; Schema: private; Owner: -
--

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
    CONSTRAINT visit_reach_waiting_check CHECK (((waiting_landings >= 0) AND (waiting_views >= waiting_landings)))
);

--
-- Name: application_status_changes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.application_status_changes (
    id bigint NOT NULL,
    application_id uuid NOT NULL,
    from_status text NOT NULL,
    to_status text NOT NULL,
    note text,
    changed_by text NOT NULL,
    changed_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT application_status_changes_changed_by_check CHECK ((((changed_by = lower(changed_by)) AND private.is_plain_email_address(changed_by)) OR (changed_by ~ '^erased staff member [0-9a-f]{12}$'::text))),
    CONSTRAINT application_status_changes_note_check CHECK (((note IS NULL) OR ((char_length(note) <= 2000) AND private.has_visible_text(note)))),
    CONSTRAINT application_status_changes_to_status_check CHECK ((to_status = ANY (ARRAY['reviewing'::text, 'interviewing'::text, 'offer'::text, 'rejected'::text, 'withdrawn'::text])))
);

ALTER TABLE ONLY public.application_status_changes FORCE ROW LEVEL SECURITY;

--
-- Name: application_status_changes_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.application_status_changes ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.application_status_changes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: csp_violations; Type: TABLE; Schema: public; Owner: -
--

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
    CONSTRAINT csp_violations_sample_check CHECK (((char_length(sample) <= 40) AND (sample !~ '[\u0001-\u001f\u007f-\u009f]'::text)))
);

ALTER TABLE ONLY public.csp_violations FORCE ROW LEVEL SECURITY;

--
-- Name: early_access_signups; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.early_access_signups (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    email text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    thank_you_sent_at timestamp with time zone,
    legacy_duplicate_mailbox boolean DEFAULT false NOT NULL,
    confirmed_at timestamp with time zone,
    utm_source text,
    utm_medium text,
    utm_campaign text,
    referrer_host text,
    landing_path text,
    referral_code text DEFAULT private.new_referral_code() NOT NULL,
    referred_by text,
    referral_hold text,
    CONSTRAINT early_access_signups_landing_path_check CHECK (((landing_path IS NULL) OR private.is_site_path(landing_path))),
    CONSTRAINT early_access_signups_referral_code_check CHECK ((referral_code ~ '^[0-9a-f]{16}$'::text)),
    CONSTRAINT early_access_signups_referral_hold_check CHECK ((referral_hold = ANY (ARRAY['self'::text, 'address_cap'::text, 'code_cap'::text, 'disposable'::text]))),
    CONSTRAINT early_access_signups_referral_hold_referred_check CHECK (((referral_hold IS NULL) OR (referred_by IS NOT NULL))),
    CONSTRAINT early_access_signups_referred_by_check CHECK ((referred_by ~ '^[0-9a-f]{16}$'::text)),
    CONSTRAINT early_access_signups_referrer_host_check CHECK (((referrer_host IS NULL) OR private.is_host_name(referrer_host))),
    CONSTRAINT early_access_signups_utm_campaign_check CHECK (((utm_campaign IS NULL) OR private.is_campaign_tag(utm_campaign))),
    CONSTRAINT early_access_signups_utm_medium_check CHECK (((utm_medium IS NULL) OR private.is_campaign_tag(utm_medium))),
    CONSTRAINT early_access_signups_utm_source_check CHECK (((utm_source IS NULL) OR private.is_campaign_tag(utm_source)))
);

ALTER TABLE ONLY public.early_access_signups FORCE ROW LEVEL SECURITY;

--
-- Name: email_suppressions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.email_suppressions (
    mailbox_sha256 text NOT NULL,
    list text NOT NULL,
    unsubscribed_on date DEFAULT CURRENT_DATE NOT NULL,
    last_sign_up_on date,
    CONSTRAINT email_suppressions_list_check CHECK ((list = ANY (ARRAY['early_access'::text, 'newsletter'::text, 'waitlist'::text, 'career'::text]))),
    CONSTRAINT email_suppressions_mailbox_sha256_check CHECK ((mailbox_sha256 ~ '^[0-9a-f]{64}$'::text))
);

ALTER TABLE ONLY public.email_suppressions FORCE ROW LEVEL SECURITY;

--
-- Name: email_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.email_tokens (
    token_hash text NOT NULL,
    purpose text NOT NULL,
    early_access_id uuid,
    newsletter_id uuid,
    waitlist_id uuid,
    application_id uuid,
    mailbox_sha256 text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone,
    CONSTRAINT email_tokens_mailbox_sha256_check CHECK ((mailbox_sha256 ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT email_tokens_purpose_check CHECK ((purpose = ANY (ARRAY['confirm'::text, 'unsubscribe'::text, 'erase'::text, 'copy'::text, 'place'::text]))),
    CONSTRAINT email_tokens_subject_check CHECK (
CASE purpose
    WHEN 'confirm'::text THEN ((num_nonnulls(early_access_id, newsletter_id, waitlist_id) = 1) AND (application_id IS NULL) AND (mailbox_sha256 IS NULL) AND (expires_at IS NOT NULL))
    WHEN 'unsubscribe'::text THEN ((num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1) AND (mailbox_sha256 IS NULL))
    WHEN 'place'::text THEN ((num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1) AND ((early_access_id IS NOT NULL) OR (waitlist_id IS NOT NULL)) AND (mailbox_sha256 IS NULL))
    ELSE ((num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 0) AND (mailbox_sha256 IS NOT NULL) AND (expires_at IS NOT NULL))
END),
    CONSTRAINT email_tokens_token_hash_check CHECK ((token_hash ~ '^[0-9a-f]{64}$'::text))
);

ALTER TABLE ONLY public.email_tokens FORCE ROW LEVEL SECURITY;

--
-- Name: general_applications; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.general_applications (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text NOT NULL,
    phone text,
    location text,
    linkedin_url text,
    portfolio_url text,
    "current_role" text,
    current_company text,
    experience_years text,
    skills text,
    why_join text NOT NULL,
    availability text,
    work_preference text,
    salary_expectation text,
    resume_filename text,
    cover_letter text,
    hear_about_us text,
    status text DEFAULT 'pending'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    thank_you_sent_at timestamp with time zone,
    legacy_duplicate_mailbox boolean DEFAULT false NOT NULL,
    resume_path text,
    utm_source text,
    utm_medium text,
    utm_campaign text,
    referrer_host text,
    landing_path text,
    CONSTRAINT general_applications_availability_check CHECK (((availability IS NULL) OR (availability = ANY (ARRAY['immediate'::text, '2-weeks'::text, '1-month'::text, '2-months'::text])))),
    CONSTRAINT general_applications_cover_letter_check CHECK (((cover_letter IS NULL) OR ((char_length(btrim(cover_letter)) >= 1) AND (char_length(btrim(cover_letter)) <= 10000)))),
    CONSTRAINT general_applications_current_company_check CHECK (((current_company IS NULL) OR ((char_length(btrim(current_company)) >= 1) AND (char_length(btrim(current_company)) <= 200)))),
    CONSTRAINT general_applications_current_role_check CHECK ((("current_role" IS NULL) OR ((char_length(btrim("current_role")) >= 1) AND (char_length(btrim("current_role")) <= 200)))),
    CONSTRAINT general_applications_experience_years_check CHECK (((experience_years IS NULL) OR (experience_years = ANY (ARRAY['0-1'::text, '1-3'::text, '3-5'::text, '5-10'::text, '10+'::text])))),
    CONSTRAINT general_applications_first_name_check CHECK (((char_length(btrim(first_name)) >= 1) AND (char_length(btrim(first_name)) <= 100))),
    CONSTRAINT general_applications_hear_about_us_check CHECK (((hear_about_us IS NULL) OR (hear_about_us = ANY (ARRAY['website'::text, 'linkedin'::text, 'referral'::text, 'job-board'::text, 'social-media'::text, 'other'::text])))),
    CONSTRAINT general_applications_landing_path_check CHECK (((landing_path IS NULL) OR private.is_site_path(landing_path))),
    CONSTRAINT general_applications_last_name_check CHECK (((char_length(btrim(last_name)) >= 1) AND (char_length(btrim(last_name)) <= 100))),
    CONSTRAINT general_applications_linkedin_url_check CHECK (((linkedin_url IS NULL) OR ((char_length(linkedin_url) <= 2048) AND (linkedin_url ~* '^https?://[^\s/?#]+[^\s]*$'::text)))),
    CONSTRAINT general_applications_location_check CHECK (((location IS NULL) OR ((char_length(btrim(location)) >= 1) AND (char_length(btrim(location)) <= 200)))),
    CONSTRAINT general_applications_phone_check CHECK (((phone IS NULL) OR ((char_length(btrim(phone)) >= 1) AND (char_length(btrim(phone)) <= 50)))),
    CONSTRAINT general_applications_portfolio_url_check CHECK (((portfolio_url IS NULL) OR ((char_length(portfolio_url) <= 2048) AND (portfolio_url ~* '^https?://[^\s/?#]+[^\s]*$'::text)))),
    CONSTRAINT general_applications_referrer_host_check CHECK (((referrer_host IS NULL) OR private.is_host_name(referrer_host))),
    CONSTRAINT general_applications_resume_filename_check CHECK (((resume_filename IS NULL) OR ((char_length(btrim(resume_filename)) >= 1) AND (char_length(btrim(resume_filename)) <= 255)))),
    CONSTRAINT general_applications_resume_pair_check CHECK (((resume_path IS NULL) = (resume_filename IS NULL))),
    CONSTRAINT general_applications_resume_path_check CHECK (((resume_path IS NULL) OR (resume_path ~ '^resumes/[0-9]{13}-[0-9a-f]{32}\.(pdf|doc|docx)$'::text))),
    CONSTRAINT general_applications_salary_expectation_check CHECK (((salary_expectation IS NULL) OR ((char_length(btrim(salary_expectation)) >= 1) AND (char_length(btrim(salary_expectation)) <= 200)))),
    CONSTRAINT general_applications_skills_check CHECK (((skills IS NULL) OR ((char_length(btrim(skills)) >= 1) AND (char_length(btrim(skills)) <= 2000)))),
    CONSTRAINT general_applications_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'reviewing'::text, 'interviewing'::text, 'offer'::text, 'rejected'::text, 'withdrawn'::text]))),
    CONSTRAINT general_applications_utm_campaign_check CHECK (((utm_campaign IS NULL) OR private.is_campaign_tag(utm_campaign))),
    CONSTRAINT general_applications_utm_medium_check CHECK (((utm_medium IS NULL) OR private.is_campaign_tag(utm_medium))),
    CONSTRAINT general_applications_utm_source_check CHECK (((utm_source IS NULL) OR private.is_campaign_tag(utm_source))),
    CONSTRAINT general_applications_why_join_check CHECK (((char_length(btrim(why_join)) >= 1) AND (char_length(btrim(why_join)) <= 5000))),
    CONSTRAINT general_applications_work_preference_check CHECK (((work_preference IS NULL) OR (work_preference = ANY (ARRAY['remote'::text, 'hybrid'::text, 'onsite'::text, 'flexible'::text]))))
);

ALTER TABLE ONLY public.general_applications FORCE ROW LEVEL SECURITY;

--
-- Name: mail_dead_letters; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.mail_dead_letters WITH (security_invoker='true') AS
 SELECT mail_queue.id,
    mail_queue.kind,
    mail_queue.list,
    mail_queue.action,
    mail_queue.attempts,
    mail_queue.last_error,
    mail_queue.created_at,
    mail_queue.dead_at
   FROM public.mail_queue
  WHERE (mail_queue.status = 'dead'::text);

--
-- Name: mail_delivery_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mail_delivery_events (
    id bigint NOT NULL,
    email_id text NOT NULL,
    mailbox_sha256 text NOT NULL,
    event text NOT NULL,
    bounce_type text,
    occurred_at timestamp with time zone NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT mail_delivery_events_bounce_type_check CHECK ((char_length(bounce_type) <= 40)),
    CONSTRAINT mail_delivery_events_email_id_check CHECK (((char_length(email_id) >= 1) AND (char_length(email_id) <= 200))),
    CONSTRAINT mail_delivery_events_event_check CHECK ((event = ANY (ARRAY['delivered'::text, 'delayed'::text, 'bounced'::text, 'complained'::text]))),
    CONSTRAINT mail_delivery_events_mailbox_sha256_check CHECK ((mailbox_sha256 ~ '^[0-9a-f]{64}$'::text))
);

ALTER TABLE ONLY public.mail_delivery_events FORCE ROW LEVEL SECURITY;

--
-- Name: mail_delivery_events_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.mail_delivery_events ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.mail_delivery_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: mail_suppressions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mail_suppressions (
    mailbox_sha256 text NOT NULL,
    reason text NOT NULL,
    suppressed_at timestamp with time zone DEFAULT now() NOT NULL,
    email_id text,
    CONSTRAINT mail_suppressions_email_id_check CHECK ((char_length(email_id) <= 200)),
    CONSTRAINT mail_suppressions_mailbox_sha256_check CHECK ((mailbox_sha256 ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT mail_suppressions_reason_check CHECK ((reason = ANY (ARRAY['bounced'::text, 'complained'::text])))
);

ALTER TABLE ONLY public.mail_suppressions FORCE ROW LEVEL SECURITY;

--
-- Name: mail_delivery_summary; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.mail_delivery_summary WITH (security_invoker='true') AS
 SELECT 'event'::text AS counted,
    e.event AS what,
    (count(*))::integer AS count,
    max(e.occurred_at) AS latest
   FROM public.mail_delivery_events e
  WHERE (e.occurred_at >= (now() - '30 days'::interval))
  GROUP BY e.event
UNION ALL
 SELECT 'suppressed mailboxes'::text AS counted,
    s.reason AS what,
    (count(*))::integer AS count,
    max(s.suppressed_at) AS latest
   FROM public.mail_suppressions s
  GROUP BY s.reason
UNION ALL
 SELECT 'messages'::text AS counted,
    'suppressed'::text AS what,
    (count(*))::integer AS count,
    max(q.dead_at) AS latest
   FROM public.mail_queue q
  WHERE ((q.status = 'dead'::text) AND (q.last_error = 'suppressed'::text));

--
-- Name: mail_queue_summary; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.mail_queue_summary WITH (security_invoker='true') AS
 SELECT mail_queue.status,
    (count(*))::integer AS messages,
    min(mail_queue.created_at) AS oldest,
    max(mail_queue.attempts) AS most_attempts
   FROM public.mail_queue
  GROUP BY mail_queue.status;

--
-- Name: mail_send_pace; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mail_send_pace (
    id boolean DEFAULT true NOT NULL,
    next_send_at timestamp with time zone DEFAULT '-infinity'::timestamp with time zone NOT NULL,
    CONSTRAINT mail_send_pace_id_check CHECK (id)
);

ALTER TABLE ONLY public.mail_send_pace FORCE ROW LEVEL SECURITY;

--
-- Name: newsletter_subscriptions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.newsletter_subscriptions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    email text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    thank_you_sent_at timestamp with time zone,
    legacy_duplicate_mailbox boolean DEFAULT false NOT NULL,
    confirmed_at timestamp with time zone,
    utm_source text,
    utm_medium text,
    utm_campaign text,
    referrer_host text,
    landing_path text,
    CONSTRAINT newsletter_subscriptions_landing_path_check CHECK (((landing_path IS NULL) OR private.is_site_path(landing_path))),
    CONSTRAINT newsletter_subscriptions_referrer_host_check CHECK (((referrer_host IS NULL) OR private.is_host_name(referrer_host))),
    CONSTRAINT newsletter_subscriptions_utm_campaign_check CHECK (((utm_campaign IS NULL) OR private.is_campaign_tag(utm_campaign))),
    CONSTRAINT newsletter_subscriptions_utm_medium_check CHECK (((utm_medium IS NULL) OR private.is_campaign_tag(utm_medium))),
    CONSTRAINT newsletter_subscriptions_utm_source_check CHECK (((utm_source IS NULL) OR private.is_campaign_tag(utm_source)))
);

ALTER TABLE ONLY public.newsletter_subscriptions FORCE ROW LEVEL SECURITY;

--
-- Name: rate_limit_rules; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rate_limit_rules (
    action text NOT NULL,
    max_requests integer NOT NULL,
    window_seconds integer NOT NULL,
    description text NOT NULL,
    CONSTRAINT rate_limit_rules_max_requests_check CHECK ((max_requests > 0)),
    CONSTRAINT rate_limit_rules_window_seconds_check CHECK (((window_seconds >= 1) AND (window_seconds <= 86400)))
);

ALTER TABLE ONLY public.rate_limit_rules FORCE ROW LEVEL SECURITY;

--
-- Name: remote_health; Type: TABLE; Schema: public; Owner: -
--

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
    CONSTRAINT remote_health_visitors_check CHECK ((visitors >= 0))
);

ALTER TABLE ONLY public.remote_health FORCE ROW LEVEL SECURITY;

--
-- Name: remote_health_reports; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.remote_health_reports (
    remote text NOT NULL,
    release text NOT NULL,
    outcome text NOT NULL,
    CONSTRAINT remote_health_reports_outcome_check CHECK ((outcome = ANY (ARRAY['loaded'::text, 'load_failed'::text, 'render_failed'::text]))),
    CONSTRAINT remote_health_reports_release_check CHECK (((release ~ '^https?://[^[:space:]]+$'::text) AND (length(release) <= 500))),
    CONSTRAINT remote_health_reports_remote_check CHECK ((remote = ANY (ARRAY['content'::text, 'signups'::text, 'careers'::text])))
);

ALTER TABLE ONLY public.remote_health_reports FORCE ROW LEVEL SECURITY;

--
-- Name: resume_removals; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.resume_removals (
    path text NOT NULL,
    queued_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT resume_removals_path_check CHECK ((path ~ '^resumes/[0-9]{13}-[0-9a-f]{32}\.(pdf|doc|docx)$'::text))
);

ALTER TABLE ONLY public.resume_removals FORCE ROW LEVEL SECURITY;

--
-- Name: retention_settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.retention_settings (
    id boolean DEFAULT true NOT NULL,
    confirmation_required_since timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT retention_settings_id_check CHECK (id)
);

ALTER TABLE ONLY public.retention_settings FORCE ROW LEVEL SECURITY;

--
-- Name: staff; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.staff (
    email text NOT NULL,
    added_at timestamp with time zone DEFAULT now() NOT NULL,
    added_by text,
    auth_email text DEFAULT (('console-'::text || replace((gen_random_uuid())::text, '-'::text, ''::text)) || '@staff.invalid'::text) NOT NULL,
    CONSTRAINT staff_added_by_check CHECK (((added_by IS NULL) OR ((char_length(added_by) >= 1) AND (char_length(added_by) <= 254)))),
    CONSTRAINT staff_auth_email_check CHECK ((auth_email ~ '^console-[0-9a-f]{32}@staff\.invalid$'::text)),
    CONSTRAINT staff_email_check CHECK (((email = lower(email)) AND private.is_plain_email_address(email)))
);

ALTER TABLE ONLY public.staff FORCE ROW LEVEL SECURITY;

--
-- Name: staff_audit_log; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.staff_audit_log (
    id bigint NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    actor text NOT NULL,
    action text NOT NULL,
    subject_kind text NOT NULL,
    subject_id uuid,
    subject_mailbox text,
    detail jsonb DEFAULT '{}'::jsonb NOT NULL,
    CONSTRAINT staff_audit_log_action_check CHECK ((action = ANY (ARRAY['read_application'::text, 'open_resume'::text, 'export'::text, 'change_status'::text, 'invite'::text, 'erase_staff'::text]))),
    CONSTRAINT staff_audit_log_actor_check CHECK ((((actor = lower(actor)) AND private.is_plain_email_address(actor)) OR (actor ~ '^erased staff member [0-9a-f]{12}$'::text))),
    CONSTRAINT staff_audit_log_detail_check CHECK (((jsonb_typeof(detail) = 'object'::text) AND (octet_length((detail)::text) <= 4000))),
    CONSTRAINT staff_audit_log_subject_kind_check CHECK ((subject_kind = ANY (ARRAY['early_access'::text, 'newsletter'::text, 'waitlist'::text, 'application'::text, 'staff'::text])))
);

ALTER TABLE ONLY public.staff_audit_log FORCE ROW LEVEL SECURITY;

--
-- Name: staff_audit_log_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.staff_audit_log ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.staff_audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: visit_counts; Type: TABLE; Schema: public; Owner: -
--

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
    CONSTRAINT visit_counts_source_check CHECK (((source = ''::text) OR private.is_campaign_tag(source)))
);

ALTER TABLE ONLY public.visit_counts FORCE ROW LEVEL SECURITY;

--
-- Name: waitlist_signups; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.waitlist_signups (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text NOT NULL,
    company text NOT NULL,
    role text,
    company_size text,
    use_case text,
    hear_about text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    thank_you_sent_at timestamp with time zone,
    legacy_duplicate_mailbox boolean DEFAULT false NOT NULL,
    confirmed_at timestamp with time zone,
    invited_at timestamp with time zone,
    invited_by text,
    utm_source text,
    utm_medium text,
    utm_campaign text,
    referrer_host text,
    landing_path text,
    referral_code text DEFAULT private.new_referral_code() NOT NULL,
    referred_by text,
    referral_hold text,
    CONSTRAINT waitlist_signups_company_check CHECK (((char_length(btrim(company)) >= 1) AND (char_length(btrim(company)) <= 200))),
    CONSTRAINT waitlist_signups_company_size_check CHECK (((company_size IS NULL) OR (company_size = ANY (ARRAY['1-10'::text, '11-50'::text, '51-200'::text, '201-1000'::text, '1000+'::text])))),
    CONSTRAINT waitlist_signups_first_name_check CHECK (((char_length(btrim(first_name)) >= 1) AND (char_length(btrim(first_name)) <= 100))),
    CONSTRAINT waitlist_signups_hear_about_check CHECK (((hear_about IS NULL) OR (hear_about = ANY (ARRAY['search'::text, 'social'::text, 'referral'::text, 'blog'::text, 'event'::text, 'other'::text])))),
    CONSTRAINT waitlist_signups_invited_by_check CHECK (((invited_by IS NULL) OR ((invited_by = lower(invited_by)) AND private.is_plain_email_address(invited_by)) OR (invited_by ~ '^erased staff member [0-9a-f]{12}$'::text))),
    CONSTRAINT waitlist_signups_invited_check CHECK (((invited_at IS NULL) = (invited_by IS NULL))),
    CONSTRAINT waitlist_signups_landing_path_check CHECK (((landing_path IS NULL) OR private.is_site_path(landing_path))),
    CONSTRAINT waitlist_signups_last_name_check CHECK (((char_length(btrim(last_name)) >= 1) AND (char_length(btrim(last_name)) <= 100))),
    CONSTRAINT waitlist_signups_referral_code_check CHECK ((referral_code ~ '^[0-9a-f]{16}$'::text)),
    CONSTRAINT waitlist_signups_referral_hold_check CHECK ((referral_hold = ANY (ARRAY['self'::text, 'address_cap'::text, 'code_cap'::text, 'disposable'::text]))),
    CONSTRAINT waitlist_signups_referral_hold_referred_check CHECK (((referral_hold IS NULL) OR (referred_by IS NOT NULL))),
    CONSTRAINT waitlist_signups_referred_by_check CHECK ((referred_by ~ '^[0-9a-f]{16}$'::text)),
    CONSTRAINT waitlist_signups_referrer_host_check CHECK (((referrer_host IS NULL) OR private.is_host_name(referrer_host))),
    CONSTRAINT waitlist_signups_role_check CHECK (((role IS NULL) OR ((char_length(btrim(role)) >= 1) AND (char_length(btrim(role)) <= 200)))),
    CONSTRAINT waitlist_signups_use_case_check CHECK (((use_case IS NULL) OR ((char_length(btrim(use_case)) >= 1) AND (char_length(btrim(use_case)) <= 2000)))),
    CONSTRAINT waitlist_signups_utm_campaign_check CHECK (((utm_campaign IS NULL) OR private.is_campaign_tag(utm_campaign))),
    CONSTRAINT waitlist_signups_utm_medium_check CHECK (((utm_medium IS NULL) OR private.is_campaign_tag(utm_medium))),
    CONSTRAINT waitlist_signups_utm_source_check CHECK (((utm_source IS NULL) OR private.is_campaign_tag(utm_source)))
);

ALTER TABLE ONLY public.waitlist_signups FORCE ROW LEVEL SECURITY;

--
-- Name: console_sign_in_codes console_sign_in_codes_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.console_sign_in_codes
    ADD CONSTRAINT console_sign_in_codes_pkey PRIMARY KEY (id);

--
-- Name: console_sign_in_mail_pace console_sign_in_mail_pace_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.console_sign_in_mail_pace
    ADD CONSTRAINT console_sign_in_mail_pace_pkey PRIMARY KEY (staff_email);

--
-- Name: line_chunks line_chunks_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.line_chunks
    ADD CONSTRAINT line_chunks_pkey PRIMARY KEY (list, lo_at, lo_id);

--
-- Name: line_credits line_credits_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.line_credits
    ADD CONSTRAINT line_credits_pkey PRIMARY KEY (list, id);

--
-- Name: mail_kinds mail_kinds_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.mail_kinds
    ADD CONSTRAINT mail_kinds_pkey PRIMARY KEY (kind);

--
-- Name: remote_health_clients remote_health_clients_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.remote_health_clients
    ADD CONSTRAINT remote_health_clients_pkey PRIMARY KEY (day, remote, release, client);

--
-- Name: resend_webhook_ids resend_webhook_ids_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.resend_webhook_ids
    ADD CONSTRAINT resend_webhook_ids_pkey PRIMARY KEY (id);

--
-- Name: visit_reach visit_reach_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.visit_reach
    ADD CONSTRAINT visit_reach_pkey PRIMARY KEY (day, path, source, medium, campaign, referrer_host);

--
-- Name: application_status_changes application_status_changes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.application_status_changes
    ADD CONSTRAINT application_status_changes_pkey PRIMARY KEY (id);

--
-- Name: csp_violations csp_violations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.csp_violations
    ADD CONSTRAINT csp_violations_pkey PRIMARY KEY (day, release, directive, blocked, page, sample);

--
-- Name: early_access_signups early_access_signups_email_plain_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.early_access_signups
    ADD CONSTRAINT early_access_signups_email_plain_check CHECK (private.is_plain_email_address(email)) NOT VALID;

--
-- Name: early_access_signups early_access_signups_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.early_access_signups
    ADD CONSTRAINT early_access_signups_pkey PRIMARY KEY (id);

--
-- Name: early_access_signups early_access_signups_referral_code_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.early_access_signups
    ADD CONSTRAINT early_access_signups_referral_code_key UNIQUE (referral_code);

--
-- Name: email_suppressions email_suppressions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_suppressions
    ADD CONSTRAINT email_suppressions_pkey PRIMARY KEY (mailbox_sha256, list);

--
-- Name: email_tokens email_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_tokens
    ADD CONSTRAINT email_tokens_pkey PRIMARY KEY (token_hash);

--
-- Name: general_applications general_applications_cover_letter_visible_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_cover_letter_visible_check CHECK (((cover_letter IS NULL) OR private.has_visible_text(cover_letter))) NOT VALID;

--
-- Name: general_applications general_applications_current_company_visible_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_current_company_visible_check CHECK (((current_company IS NULL) OR private.has_visible_text(current_company))) NOT VALID;

--
-- Name: general_applications general_applications_current_role_visible_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_current_role_visible_check CHECK ((("current_role" IS NULL) OR private.has_visible_text("current_role"))) NOT VALID;

--
-- Name: general_applications general_applications_email_plain_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_email_plain_check CHECK (private.is_plain_email_address(email)) NOT VALID;

--
-- Name: general_applications general_applications_first_name_visible_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_first_name_visible_check CHECK (private.has_visible_text(first_name)) NOT VALID;

--
-- Name: general_applications general_applications_last_name_visible_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_last_name_visible_check CHECK (private.has_visible_text(last_name)) NOT VALID;

--
-- Name: general_applications general_applications_location_visible_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_location_visible_check CHECK (((location IS NULL) OR private.has_visible_text(location))) NOT VALID;

--
-- Name: general_applications general_applications_phone_visible_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_phone_visible_check CHECK (((phone IS NULL) OR private.has_visible_text(phone))) NOT VALID;

--
-- Name: general_applications general_applications_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.general_applications
    ADD CONSTRAINT general_applications_pkey PRIMARY KEY (id);

--
-- Name: general_applications general_applications_resume_filename_visible_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_resume_filename_visible_check CHECK (((resume_filename IS NULL) OR private.has_visible_text(resume_filename))) NOT VALID;

--
-- Name: general_applications general_applications_salary_expectation_visible_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_salary_expectation_visible_check CHECK (((salary_expectation IS NULL) OR private.has_visible_text(salary_expectation))) NOT VALID;

--
-- Name: general_applications general_applications_skills_visible_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_skills_visible_check CHECK (((skills IS NULL) OR private.has_visible_text(skills))) NOT VALID;

--
-- Name: general_applications general_applications_why_join_visible_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_why_join_visible_check CHECK (private.has_visible_text(why_join)) NOT VALID;

--
-- Name: mail_delivery_events mail_delivery_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_delivery_events
    ADD CONSTRAINT mail_delivery_events_pkey PRIMARY KEY (id);

--
-- Name: mail_queue mail_queue_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_queue
    ADD CONSTRAINT mail_queue_pkey PRIMARY KEY (id);

--
-- Name: mail_send_pace mail_send_pace_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_send_pace
    ADD CONSTRAINT mail_send_pace_pkey PRIMARY KEY (id);

--
-- Name: mail_suppressions mail_suppressions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_suppressions
    ADD CONSTRAINT mail_suppressions_pkey PRIMARY KEY (mailbox_sha256);

--
-- Name: newsletter_subscriptions newsletter_subscriptions_email_plain_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.newsletter_subscriptions
    ADD CONSTRAINT newsletter_subscriptions_email_plain_check CHECK (private.is_plain_email_address(email)) NOT VALID;

--
-- Name: newsletter_subscriptions newsletter_subscriptions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.newsletter_subscriptions
    ADD CONSTRAINT newsletter_subscriptions_pkey PRIMARY KEY (id);

--
-- Name: rate_limit_rules rate_limit_rules_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rate_limit_rules
    ADD CONSTRAINT rate_limit_rules_pkey PRIMARY KEY (action);

--
-- Name: remote_health remote_health_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.remote_health
    ADD CONSTRAINT remote_health_pkey PRIMARY KEY (remote, release, day);

--
-- Name: remote_health remote_health_release_shape; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.remote_health
    ADD CONSTRAINT remote_health_release_shape CHECK (private.is_remote_release(release)) NOT VALID;

--
-- Name: resume_removals resume_removals_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.resume_removals
    ADD CONSTRAINT resume_removals_pkey PRIMARY KEY (path);

--
-- Name: retention_settings retention_settings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.retention_settings
    ADD CONSTRAINT retention_settings_pkey PRIMARY KEY (id);

--
-- Name: staff_audit_log staff_audit_log_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff_audit_log
    ADD CONSTRAINT staff_audit_log_pkey PRIMARY KEY (id);

--
-- Name: staff staff_auth_email_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff
    ADD CONSTRAINT staff_auth_email_key UNIQUE (auth_email);

--
-- Name: staff staff_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff
    ADD CONSTRAINT staff_pkey PRIMARY KEY (email);

--
-- Name: visit_counts visit_counts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.visit_counts
    ADD CONSTRAINT visit_counts_pkey PRIMARY KEY (day, path, source, medium, campaign, referrer_host);

--
-- Name: waitlist_signups waitlist_signups_company_visible_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.waitlist_signups
    ADD CONSTRAINT waitlist_signups_company_visible_check CHECK (private.has_visible_text(company)) NOT VALID;

--
-- Name: waitlist_signups waitlist_signups_email_plain_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.waitlist_signups
    ADD CONSTRAINT waitlist_signups_email_plain_check CHECK (private.is_plain_email_address(email)) NOT VALID;

--
-- Name: waitlist_signups waitlist_signups_first_name_visible_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.waitlist_signups
    ADD CONSTRAINT waitlist_signups_first_name_visible_check CHECK (private.has_visible_text(first_name)) NOT VALID;

--
-- Name: waitlist_signups waitlist_signups_last_name_visible_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.waitlist_signups
    ADD CONSTRAINT waitlist_signups_last_name_visible_check CHECK (private.has_visible_text(last_name)) NOT VALID;

--
-- Name: waitlist_signups waitlist_signups_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.waitlist_signups
    ADD CONSTRAINT waitlist_signups_pkey PRIMARY KEY (id);

--
-- Name: waitlist_signups waitlist_signups_referral_code_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.waitlist_signups
    ADD CONSTRAINT waitlist_signups_referral_code_key UNIQUE (referral_code);

--
-- Name: waitlist_signups waitlist_signups_role_visible_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.waitlist_signups
    ADD CONSTRAINT waitlist_signups_role_visible_check CHECK (((role IS NULL) OR private.has_visible_text(role))) NOT VALID;

--
-- Name: waitlist_signups waitlist_signups_use_case_visible_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.waitlist_signups
    ADD CONSTRAINT waitlist_signups_use_case_visible_check CHECK (((use_case IS NULL) OR private.has_visible_text(use_case))) NOT VALID;

--
-- Name: console_sign_in_codes_staff; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX console_sign_in_codes_staff ON private.console_sign_in_codes USING btree (staff_email, expires_at);

--
-- Name: line_credits_order; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX line_credits_order ON private.line_credits USING btree (list, confirmed_at, id) INCLUDE (credited);

--
-- Name: rate_limit_events_age; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX rate_limit_events_age ON private.rate_limit_events USING btree (at);

--
-- Name: rate_limit_events_client; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX rate_limit_events_client ON private.rate_limit_events USING btree (action, client, at);

--
-- Name: remote_health_clients_client; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX remote_health_clients_client ON private.remote_health_clients USING btree (day, client, remote);

--
-- Name: resend_webhook_ids_received_at; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX resend_webhook_ids_received_at ON private.resend_webhook_ids USING btree (received_at);

--
-- Name: visit_reach_weakest; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX visit_reach_weakest ON private.visit_reach USING btree (day, reach) WHERE has_row;

--
-- Name: application_status_changes_application; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX application_status_changes_application ON public.application_status_changes USING btree (application_id, changed_at);

--
-- Name: application_status_changes_changed_by; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX application_status_changes_changed_by ON public.application_status_changes USING btree (private.mailbox_sha256(changed_by));

--
-- Name: early_access_signups_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX early_access_signups_created ON public.early_access_signups USING btree (created_at, id);

--
-- Name: early_access_signups_email_order; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX early_access_signups_email_order ON public.early_access_signups USING btree (lower(email), id);

--
-- Name: early_access_signups_line_order; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX early_access_signups_line_order ON public.early_access_signups USING btree (confirmed_at, id) WHERE (confirmed_at IS NOT NULL);

--
-- Name: early_access_signups_mailbox_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX early_access_signups_mailbox_key ON public.early_access_signups USING btree (private.mailbox(email)) WHERE (NOT legacy_duplicate_mailbox);

--
-- Name: early_access_signups_mailbox_sha256; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX early_access_signups_mailbox_sha256 ON public.early_access_signups USING btree (private.mailbox_sha256(email));

--
-- Name: early_access_signups_referred_by; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX early_access_signups_referred_by ON public.early_access_signups USING btree (referred_by) WHERE (referred_by IS NOT NULL);

--
-- Name: email_tokens_application_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_tokens_application_id ON public.email_tokens USING btree (application_id);

--
-- Name: email_tokens_early_access_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_tokens_early_access_id ON public.email_tokens USING btree (early_access_id);

--
-- Name: email_tokens_expires_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_tokens_expires_at ON public.email_tokens USING btree (expires_at);

--
-- Name: email_tokens_mailbox_sha256; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_tokens_mailbox_sha256 ON public.email_tokens USING btree (mailbox_sha256);

--
-- Name: email_tokens_newsletter_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_tokens_newsletter_id ON public.email_tokens USING btree (newsletter_id);

--
-- Name: email_tokens_waitlist_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_tokens_waitlist_id ON public.email_tokens USING btree (waitlist_id);

--
-- Name: general_applications_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX general_applications_created ON public.general_applications USING btree (created_at, id);

--
-- Name: general_applications_email_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX general_applications_email_key ON public.general_applications USING btree (lower(email));

--
-- Name: general_applications_email_order; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX general_applications_email_order ON public.general_applications USING btree (lower(email), id);

--
-- Name: general_applications_mailbox_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX general_applications_mailbox_key ON public.general_applications USING btree (private.mailbox(email)) WHERE (NOT legacy_duplicate_mailbox);

--
-- Name: general_applications_mailbox_sha256; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX general_applications_mailbox_sha256 ON public.general_applications USING btree (private.mailbox_sha256(email));

--
-- Name: general_applications_name_order; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX general_applications_name_order ON public.general_applications USING btree (lower(last_name), lower(first_name), id);

--
-- Name: general_applications_status_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX general_applications_status_created ON public.general_applications USING btree (status, created_at, id);

--
-- Name: mail_delivery_events_email_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_delivery_events_email_id ON public.mail_delivery_events USING btree (email_id, occurred_at);

--
-- Name: mail_delivery_events_mailbox; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_delivery_events_mailbox ON public.mail_delivery_events USING btree (mailbox_sha256, occurred_at);

--
-- Name: mail_delivery_events_received_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_delivery_events_received_at ON public.mail_delivery_events USING btree (received_at);

--
-- Name: mail_queue_application_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_queue_application_id ON public.mail_queue USING btree (application_id);

--
-- Name: mail_queue_batch; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_queue_batch ON public.mail_queue USING btree (batch) WHERE (batch IS NOT NULL);

--
-- Name: mail_queue_due; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_queue_due ON public.mail_queue USING btree (available_at) WHERE (status = 'queued'::text);

--
-- Name: mail_queue_early_access_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_queue_early_access_id ON public.mail_queue USING btree (early_access_id);

--
-- Name: mail_queue_leased; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_queue_leased ON public.mail_queue USING btree (leased_until) WHERE (status = 'sending'::text);

--
-- Name: mail_queue_newsletter_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_queue_newsletter_id ON public.mail_queue USING btree (newsletter_id);

--
-- Name: mail_queue_provider_message_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_queue_provider_message_id ON public.mail_queue USING btree (provider_message_id) WHERE (provider_message_id IS NOT NULL);

--
-- Name: mail_queue_status_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_queue_status_created ON public.mail_queue USING btree (status, created_at);

--
-- Name: mail_queue_waitlist_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_queue_waitlist_id ON public.mail_queue USING btree (waitlist_id);

--
-- Name: mail_suppressions_suppressed_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_suppressions_suppressed_at ON public.mail_suppressions USING btree (suppressed_at);

--
-- Name: newsletter_subscriptions_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX newsletter_subscriptions_created ON public.newsletter_subscriptions USING btree (created_at, id);

--
-- Name: newsletter_subscriptions_email_order; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX newsletter_subscriptions_email_order ON public.newsletter_subscriptions USING btree (lower(email), id);

--
-- Name: newsletter_subscriptions_mailbox_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX newsletter_subscriptions_mailbox_key ON public.newsletter_subscriptions USING btree (private.mailbox(email)) WHERE (NOT legacy_duplicate_mailbox);

--
-- Name: newsletter_subscriptions_mailbox_sha256; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX newsletter_subscriptions_mailbox_sha256 ON public.newsletter_subscriptions USING btree (private.mailbox_sha256(email));

--
-- Name: staff_audit_log_actor; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX staff_audit_log_actor ON public.staff_audit_log USING btree (private.mailbox_sha256(actor));

--
-- Name: staff_audit_log_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX staff_audit_log_at ON public.staff_audit_log USING btree (at);

--
-- Name: staff_audit_log_exports; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX staff_audit_log_exports ON public.staff_audit_log USING btree (at) WHERE (action = 'export'::text);

--
-- Name: staff_audit_log_subject; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX staff_audit_log_subject ON public.staff_audit_log USING btree (subject_id);

--
-- Name: staff_audit_log_subject_mailbox; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX staff_audit_log_subject_mailbox ON public.staff_audit_log USING btree (private.mailbox_sha256(subject_mailbox)) WHERE (subject_mailbox IS NOT NULL);

--
-- Name: waitlist_signups_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX waitlist_signups_created ON public.waitlist_signups USING btree (created_at, id);

--
-- Name: waitlist_signups_email_order; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX waitlist_signups_email_order ON public.waitlist_signups USING btree (lower(email), id);

--
-- Name: waitlist_signups_invited_by; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX waitlist_signups_invited_by ON public.waitlist_signups USING btree (private.mailbox_sha256(invited_by)) WHERE (invited_by IS NOT NULL);

--
-- Name: waitlist_signups_line_order; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX waitlist_signups_line_order ON public.waitlist_signups USING btree (confirmed_at, id) WHERE (confirmed_at IS NOT NULL);

--
-- Name: waitlist_signups_mailbox_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX waitlist_signups_mailbox_key ON public.waitlist_signups USING btree (private.mailbox(email)) WHERE (NOT legacy_duplicate_mailbox);

--
-- Name: waitlist_signups_mailbox_sha256; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX waitlist_signups_mailbox_sha256 ON public.waitlist_signups USING btree (private.mailbox_sha256(email));

--
-- Name: waitlist_signups_referred_by; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX waitlist_signups_referred_by ON public.waitlist_signups USING btree (referred_by) WHERE (referred_by IS NOT NULL);

--
-- Name: early_access_signups early_access_signups_anon_limits; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER early_access_signups_anon_limits BEFORE INSERT ON public.early_access_signups FOR EACH ROW EXECUTE FUNCTION private.limit_anon_insert();

--
-- Name: early_access_signups early_access_signups_keep_referral; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER early_access_signups_keep_referral BEFORE UPDATE ON public.early_access_signups FOR EACH ROW EXECUTE FUNCTION private.keep_referral();

--
-- Name: early_access_signups early_access_signups_line_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER early_access_signups_line_delete AFTER DELETE ON public.early_access_signups REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.keep_line();

ALTER TABLE public.early_access_signups ENABLE ALWAYS TRIGGER early_access_signups_line_delete;

--
-- Name: early_access_signups early_access_signups_line_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER early_access_signups_line_insert AFTER INSERT ON public.early_access_signups REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.keep_line();

ALTER TABLE public.early_access_signups ENABLE ALWAYS TRIGGER early_access_signups_line_insert;

--
-- Name: early_access_signups early_access_signups_line_lock; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER early_access_signups_line_lock BEFORE DELETE OR UPDATE OF confirmed_at, created_at, email, referral_hold, referred_by, referral_code ON public.early_access_signups FOR EACH STATEMENT EXECUTE FUNCTION private.lock_lines_first();

ALTER TABLE public.early_access_signups ENABLE ALWAYS TRIGGER early_access_signups_line_lock;

--
-- Name: early_access_signups early_access_signups_line_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER early_access_signups_line_update AFTER UPDATE ON public.early_access_signups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.keep_line();

ALTER TABLE public.early_access_signups ENABLE ALWAYS TRIGGER early_access_signups_line_update;

--
-- Name: early_access_signups early_access_signups_mark_mail; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER early_access_signups_mark_mail BEFORE INSERT ON public.early_access_signups FOR EACH ROW EXECUTE FUNCTION private.mark_signup_mail('early_access');

--
-- Name: early_access_signups early_access_signups_queue_mail; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER early_access_signups_queue_mail AFTER INSERT ON public.early_access_signups FOR EACH ROW WHEN ((new.thank_you_sent_at IS NOT NULL)) EXECUTE FUNCTION private.queue_signup_mail('early_access');

--
-- Name: early_access_signups early_access_signups_redecide_code_caps; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER early_access_signups_redecide_code_caps AFTER DELETE ON public.early_access_signups REFERENCING OLD TABLE AS gone_rows FOR EACH STATEMENT EXECUTE FUNCTION private.redecide_code_caps();

--
-- Name: early_access_signups early_access_signups_redecide_code_caps_on_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER early_access_signups_redecide_code_caps_on_update AFTER UPDATE ON public.early_access_signups REFERENCING OLD TABLE AS gone_rows NEW TABLE AS kept_rows FOR EACH STATEMENT EXECUTE FUNCTION private.redecide_code_caps();

--
-- Name: early_access_signups early_access_signups_scrub_audit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER early_access_signups_scrub_audit AFTER DELETE ON public.early_access_signups REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION private.scrub_audit_subjects('early_access');

--
-- Name: early_access_signups early_access_signups_suppressed; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER early_access_signups_suppressed BEFORE INSERT ON public.early_access_signups FOR EACH ROW EXECUTE FUNCTION private.refuse_suppressed_signup();

--
-- Name: early_access_signups early_access_signups_vet_referral; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER early_access_signups_vet_referral BEFORE INSERT ON public.early_access_signups FOR EACH ROW EXECUTE FUNCTION private.hold_referral();

--
-- Name: general_applications general_applications_mark_mail; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER general_applications_mark_mail BEFORE INSERT ON public.general_applications FOR EACH ROW EXECUTE FUNCTION private.mark_signup_mail('career');

--
-- Name: general_applications general_applications_queue_mail; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER general_applications_queue_mail AFTER INSERT ON public.general_applications FOR EACH ROW WHEN ((new.thank_you_sent_at IS NOT NULL)) EXECUTE FUNCTION private.queue_signup_mail('career');

--
-- Name: general_applications general_applications_scrub_audit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER general_applications_scrub_audit AFTER DELETE ON public.general_applications REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION private.scrub_audit_subjects('application');

--
-- Name: mail_queue mail_queue_hold_suppressed; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER mail_queue_hold_suppressed BEFORE INSERT OR UPDATE OF status ON public.mail_queue FOR EACH ROW EXECUTE FUNCTION private.mail_queue_hold_suppressed();

--
-- Name: mail_suppressions mail_suppression_settles_queue; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER mail_suppression_settles_queue AFTER INSERT ON public.mail_suppressions FOR EACH ROW EXECUTE FUNCTION private.mail_suppression_settles_queue();

--
-- Name: newsletter_subscriptions newsletter_subscriptions_anon_limits; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER newsletter_subscriptions_anon_limits BEFORE INSERT ON public.newsletter_subscriptions FOR EACH ROW EXECUTE FUNCTION private.limit_anon_insert();

--
-- Name: newsletter_subscriptions newsletter_subscriptions_mark_mail; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER newsletter_subscriptions_mark_mail BEFORE INSERT ON public.newsletter_subscriptions FOR EACH ROW EXECUTE FUNCTION private.mark_signup_mail('newsletter');

--
-- Name: newsletter_subscriptions newsletter_subscriptions_queue_mail; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER newsletter_subscriptions_queue_mail AFTER INSERT ON public.newsletter_subscriptions FOR EACH ROW WHEN ((new.thank_you_sent_at IS NOT NULL)) EXECUTE FUNCTION private.queue_signup_mail('newsletter');

--
-- Name: newsletter_subscriptions newsletter_subscriptions_scrub_audit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER newsletter_subscriptions_scrub_audit AFTER DELETE ON public.newsletter_subscriptions REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION private.scrub_audit_subjects('newsletter');

--
-- Name: newsletter_subscriptions newsletter_subscriptions_suppressed; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER newsletter_subscriptions_suppressed BEFORE INSERT ON public.newsletter_subscriptions FOR EACH ROW EXECUTE FUNCTION private.refuse_suppressed_signup();

--
-- Name: remote_health_reports remote_health_reports_anon_limits; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER remote_health_reports_anon_limits BEFORE INSERT ON public.remote_health_reports FOR EACH ROW EXECUTE FUNCTION private.limit_anon_insert();

--
-- Name: remote_health_reports remote_health_reports_count; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER remote_health_reports_count BEFORE INSERT ON public.remote_health_reports FOR EACH ROW EXECUTE FUNCTION private.count_remote_health();

--
-- Name: staff staff_auth_user_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER staff_auth_user_delete AFTER DELETE ON public.staff FOR EACH ROW EXECUTE FUNCTION private.delete_staff_auth_user();

--
-- Name: waitlist_signups waitlist_signups_anon_limits; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER waitlist_signups_anon_limits BEFORE INSERT ON public.waitlist_signups FOR EACH ROW EXECUTE FUNCTION private.limit_anon_insert();

--
-- Name: waitlist_signups waitlist_signups_keep_referral; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER waitlist_signups_keep_referral BEFORE UPDATE ON public.waitlist_signups FOR EACH ROW EXECUTE FUNCTION private.keep_referral();

--
-- Name: waitlist_signups waitlist_signups_line_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER waitlist_signups_line_delete AFTER DELETE ON public.waitlist_signups REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.keep_line();

ALTER TABLE public.waitlist_signups ENABLE ALWAYS TRIGGER waitlist_signups_line_delete;

--
-- Name: waitlist_signups waitlist_signups_line_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER waitlist_signups_line_insert AFTER INSERT ON public.waitlist_signups REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.keep_line();

ALTER TABLE public.waitlist_signups ENABLE ALWAYS TRIGGER waitlist_signups_line_insert;

--
-- Name: waitlist_signups waitlist_signups_line_lock; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER waitlist_signups_line_lock BEFORE DELETE OR UPDATE OF confirmed_at, created_at, email, referral_hold, referred_by, referral_code ON public.waitlist_signups FOR EACH STATEMENT EXECUTE FUNCTION private.lock_lines_first();

ALTER TABLE public.waitlist_signups ENABLE ALWAYS TRIGGER waitlist_signups_line_lock;

--
-- Name: waitlist_signups waitlist_signups_line_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER waitlist_signups_line_update AFTER UPDATE ON public.waitlist_signups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.keep_line();

ALTER TABLE public.waitlist_signups ENABLE ALWAYS TRIGGER waitlist_signups_line_update;

--
-- Name: waitlist_signups waitlist_signups_mark_mail; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER waitlist_signups_mark_mail BEFORE INSERT ON public.waitlist_signups FOR EACH ROW EXECUTE FUNCTION private.mark_signup_mail('waitlist');

--
-- Name: waitlist_signups waitlist_signups_queue_mail; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER waitlist_signups_queue_mail AFTER INSERT ON public.waitlist_signups FOR EACH ROW WHEN ((new.thank_you_sent_at IS NOT NULL)) EXECUTE FUNCTION private.queue_signup_mail('waitlist');

--
-- Name: waitlist_signups waitlist_signups_redecide_code_caps; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER waitlist_signups_redecide_code_caps AFTER DELETE ON public.waitlist_signups REFERENCING OLD TABLE AS gone_rows FOR EACH STATEMENT EXECUTE FUNCTION private.redecide_code_caps();

--
-- Name: waitlist_signups waitlist_signups_redecide_code_caps_on_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER waitlist_signups_redecide_code_caps_on_update AFTER UPDATE ON public.waitlist_signups REFERENCING OLD TABLE AS gone_rows NEW TABLE AS kept_rows FOR EACH STATEMENT EXECUTE FUNCTION private.redecide_code_caps();

--
-- Name: waitlist_signups waitlist_signups_scrub_audit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER waitlist_signups_scrub_audit AFTER DELETE ON public.waitlist_signups REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION private.scrub_audit_subjects('waitlist');

--
-- Name: waitlist_signups waitlist_signups_suppressed; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER waitlist_signups_suppressed BEFORE INSERT ON public.waitlist_signups FOR EACH ROW EXECUTE FUNCTION private.refuse_suppressed_signup();

--
-- Name: waitlist_signups waitlist_signups_vet_referral; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER waitlist_signups_vet_referral BEFORE INSERT ON public.waitlist_signups FOR EACH ROW EXECUTE FUNCTION private.hold_referral();

--
-- Name: console_sign_in_codes console_sign_in_codes_staff_email_fkey; Type: FK CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.console_sign_in_codes
    ADD CONSTRAINT console_sign_in_codes_staff_email_fkey FOREIGN KEY (staff_email) REFERENCES public.staff(email) ON UPDATE CASCADE ON DELETE CASCADE;

--
-- Name: console_sign_in_mail_pace console_sign_in_mail_pace_staff_email_fkey; Type: FK CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.console_sign_in_mail_pace
    ADD CONSTRAINT console_sign_in_mail_pace_staff_email_fkey FOREIGN KEY (staff_email) REFERENCES public.staff(email) ON UPDATE CASCADE ON DELETE CASCADE;

--
-- Name: application_status_changes application_status_changes_application_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.application_status_changes
    ADD CONSTRAINT application_status_changes_application_id_fkey FOREIGN KEY (application_id) REFERENCES public.general_applications(id) ON DELETE CASCADE;

--
-- Name: email_tokens email_tokens_application_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_tokens
    ADD CONSTRAINT email_tokens_application_id_fkey FOREIGN KEY (application_id) REFERENCES public.general_applications(id) ON DELETE CASCADE;

--
-- Name: email_tokens email_tokens_early_access_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_tokens
    ADD CONSTRAINT email_tokens_early_access_id_fkey FOREIGN KEY (early_access_id) REFERENCES public.early_access_signups(id) ON DELETE CASCADE;

--
-- Name: email_tokens email_tokens_newsletter_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_tokens
    ADD CONSTRAINT email_tokens_newsletter_id_fkey FOREIGN KEY (newsletter_id) REFERENCES public.newsletter_subscriptions(id) ON DELETE CASCADE;

--
-- Name: email_tokens email_tokens_waitlist_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_tokens
    ADD CONSTRAINT email_tokens_waitlist_id_fkey FOREIGN KEY (waitlist_id) REFERENCES public.waitlist_signups(id) ON DELETE CASCADE;

--
-- Name: mail_queue mail_queue_application_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_queue
    ADD CONSTRAINT mail_queue_application_id_fkey FOREIGN KEY (application_id) REFERENCES public.general_applications(id) ON DELETE CASCADE;

--
-- Name: mail_queue mail_queue_early_access_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_queue
    ADD CONSTRAINT mail_queue_early_access_id_fkey FOREIGN KEY (early_access_id) REFERENCES public.early_access_signups(id) ON DELETE CASCADE;

--
-- Name: mail_queue mail_queue_kind_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_queue
    ADD CONSTRAINT mail_queue_kind_fkey FOREIGN KEY (kind) REFERENCES private.mail_kinds(kind);

--
-- Name: mail_queue mail_queue_newsletter_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_queue
    ADD CONSTRAINT mail_queue_newsletter_id_fkey FOREIGN KEY (newsletter_id) REFERENCES public.newsletter_subscriptions(id) ON DELETE CASCADE;

--
-- Name: mail_queue mail_queue_waitlist_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_queue
    ADD CONSTRAINT mail_queue_waitlist_id_fkey FOREIGN KEY (waitlist_id) REFERENCES public.waitlist_signups(id) ON DELETE CASCADE;

--
-- Name: resend_webhook_ids; Type: ROW SECURITY; Schema: private; Owner: -
--

ALTER TABLE private.resend_webhook_ids ENABLE ROW LEVEL SECURITY;

--
-- Name: application_status_changes; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.application_status_changes ENABLE ROW LEVEL SECURITY;

--
-- Name: csp_violations; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.csp_violations ENABLE ROW LEVEL SECURITY;

--
-- Name: early_access_signups; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.early_access_signups ENABLE ROW LEVEL SECURITY;

--
-- Name: early_access_signups early_access_signups_anon_insert; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY early_access_signups_anon_insert ON public.early_access_signups FOR INSERT TO anon WITH CHECK (true);

--
-- Name: early_access_signups early_access_signups_staff_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY early_access_signups_staff_select ON public.early_access_signups FOR SELECT TO authenticated USING (( SELECT private.is_staff() AS is_staff));

--
-- Name: email_suppressions; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.email_suppressions ENABLE ROW LEVEL SECURITY;

--
-- Name: email_tokens; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.email_tokens ENABLE ROW LEVEL SECURITY;

--
-- Name: general_applications; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.general_applications ENABLE ROW LEVEL SECURITY;

--
-- Name: mail_delivery_events; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.mail_delivery_events ENABLE ROW LEVEL SECURITY;

--
-- Name: mail_queue; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.mail_queue ENABLE ROW LEVEL SECURITY;

--
-- Name: mail_send_pace; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.mail_send_pace ENABLE ROW LEVEL SECURITY;

--
-- Name: mail_suppressions; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.mail_suppressions ENABLE ROW LEVEL SECURITY;

--
-- Name: newsletter_subscriptions; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.newsletter_subscriptions ENABLE ROW LEVEL SECURITY;

--
-- Name: newsletter_subscriptions newsletter_subscriptions_anon_insert; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY newsletter_subscriptions_anon_insert ON public.newsletter_subscriptions FOR INSERT TO anon WITH CHECK (true);

--
-- Name: newsletter_subscriptions newsletter_subscriptions_staff_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY newsletter_subscriptions_staff_select ON public.newsletter_subscriptions FOR SELECT TO authenticated USING (( SELECT private.is_staff() AS is_staff));

--
-- Name: rate_limit_rules; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.rate_limit_rules ENABLE ROW LEVEL SECURITY;

--
-- Name: remote_health; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.remote_health ENABLE ROW LEVEL SECURITY;

--
-- Name: remote_health_reports; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.remote_health_reports ENABLE ROW LEVEL SECURITY;

--
-- Name: remote_health_reports remote_health_reports_anon_insert; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY remote_health_reports_anon_insert ON public.remote_health_reports FOR INSERT TO anon WITH CHECK (true);

--
-- Name: resume_removals; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.resume_removals ENABLE ROW LEVEL SECURITY;

--
-- Name: retention_settings; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.retention_settings ENABLE ROW LEVEL SECURITY;

--
-- Name: staff; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.staff ENABLE ROW LEVEL SECURITY;

--
-- Name: staff_audit_log; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.staff_audit_log ENABLE ROW LEVEL SECURITY;

--
-- Name: staff_audit_log staff_audit_log_staff_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY staff_audit_log_staff_select ON public.staff_audit_log FOR SELECT TO authenticated USING (( SELECT private.is_staff() AS is_staff));

--
-- Name: visit_counts; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.visit_counts ENABLE ROW LEVEL SECURITY;

--
-- Name: waitlist_signups; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.waitlist_signups ENABLE ROW LEVEL SECURITY;

--
-- Name: waitlist_signups waitlist_signups_anon_insert; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY waitlist_signups_anon_insert ON public.waitlist_signups FOR INSERT TO anon WITH CHECK (true);

--
-- Name: waitlist_signups waitlist_signups_staff_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY waitlist_signups_staff_select ON public.waitlist_signups FOR SELECT TO authenticated USING (( SELECT private.is_staff() AS is_staff));

--
-- Name: SCHEMA private; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA private TO anon;
GRANT USAGE ON SCHEMA private TO authenticated;
GRANT USAGE ON SCHEMA private TO service_role;

--
-- Name: SCHEMA public; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA public TO anon;
GRANT USAGE ON SCHEMA public TO authenticated;
GRANT USAGE ON SCHEMA public TO service_role;

--
-- Name: FUNCTION add_to_visit_overflow(p_day date, p_views bigint, p_landings bigint); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.add_to_visit_overflow(p_day date, p_views bigint, p_landings bigint) FROM PUBLIC;

--
-- Name: FUNCTION application_status_change_allowed(p_from text, p_to text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.application_status_change_allowed(p_from text, p_to text) FROM PUBLIC;

--
-- Name: FUNCTION audit(p_actor text, p_action text, p_subject_kind text, p_subject_id uuid, p_subject_mailbox text, p_detail jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.audit(p_actor text, p_action text, p_subject_kind text, p_subject_id uuid, p_subject_mailbox text, p_detail jsonb) FROM PUBLIC;

--
-- Name: FUNCTION check_line(p_list text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.check_line(p_list text) FROM PUBLIC;

--
-- Name: FUNCTION client_key(p_address text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.client_key(p_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.client_key(p_address text) TO anon;
GRANT ALL ON FUNCTION private.client_key(p_address text) TO service_role;

--
-- Name: FUNCTION console_application_filter(p_pattern text, p_from date, p_to date, p_status text, p_source text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.console_application_filter(p_pattern text, p_from date, p_to date, p_status text, p_source text) FROM PUBLIC;

--
-- Name: FUNCTION console_application_json(p_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.console_application_json(p_id uuid) FROM PUBLIC;

--
-- Name: FUNCTION console_check_range(p_from date, p_to date); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.console_check_range(p_from date, p_to date) FROM PUBLIC;

--
-- Name: FUNCTION console_check_sign_in_code(p_email text, p_code_mac text, p_client_address text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.console_check_sign_in_code(p_email text, p_code_mac text, p_client_address text) FROM PUBLIC;

--
-- Name: FUNCTION console_export_application_page(p_search text, p_from date, p_to date, p_status text, p_source text, p_after_created_at timestamp with time zone, p_after_id uuid, p_limit integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.console_export_application_page(p_search text, p_from date, p_to date, p_status text, p_source text, p_after_created_at timestamp with time zone, p_after_id uuid, p_limit integer) FROM PUBLIC;

--
-- Name: FUNCTION console_export_filter(p_kind text, p_filter jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.console_export_filter(p_kind text, p_filter jsonb) FROM PUBLIC;

--
-- Name: FUNCTION console_export_signup_page(p_form text, p_search text, p_from date, p_to date, p_confirmed boolean, p_invited boolean, p_source text, p_after_created_at timestamp with time zone, p_after_id uuid, p_limit integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.console_export_signup_page(p_form text, p_search text, p_from date, p_to date, p_confirmed boolean, p_invited boolean, p_source text, p_after_created_at timestamp with time zone, p_after_id uuid, p_limit integer) FROM PUBLIC;

--
-- Name: FUNCTION console_limit(p_limit integer, p_default integer, p_max integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.console_limit(p_limit integer, p_default integer, p_max integer) FROM PUBLIC;

--
-- Name: FUNCTION console_offset(p_offset integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.console_offset(p_offset integer) FROM PUBLIC;

--
-- Name: FUNCTION console_order(p_sort text, p_descending boolean, p_sorts text[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.console_order(p_sort text, p_descending boolean, p_sorts text[]) FROM PUBLIC;

--
-- Name: FUNCTION console_request_sign_in_code(p_email text, p_code_mac text, p_client_address text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.console_request_sign_in_code(p_email text, p_code_mac text, p_client_address text) FROM PUBLIC;

--
-- Name: FUNCTION console_search_pattern(p_search text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.console_search_pattern(p_search text) FROM PUBLIC;

--
-- Name: FUNCTION console_sign_in_rules(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.console_sign_in_rules() FROM PUBLIC;

--
-- Name: FUNCTION console_signup_filter(p_form text, p_pattern text, p_from date, p_to date, p_confirmed boolean, p_invited boolean, p_source text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.console_signup_filter(p_form text, p_pattern text, p_from date, p_to date, p_confirmed boolean, p_invited boolean, p_source text) FROM PUBLIC;

--
-- Name: FUNCTION console_signup_table(p_form text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.console_signup_table(p_form text) FROM PUBLIC;

--
-- Name: FUNCTION console_source(p_source text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.console_source(p_source text) FROM PUBLIC;

--
-- Name: FUNCTION count_line_chunk(p_list text, p_lo_at timestamp with time zone, p_lo_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.count_line_chunk(p_list text, p_lo_at timestamp with time zone, p_lo_id uuid) FROM PUBLIC;

--
-- Name: FUNCTION count_remote_health(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.count_remote_health() FROM PUBLIC;
GRANT ALL ON FUNCTION private.count_remote_health() TO anon;

--
-- Name: FUNCTION credit_line_members(p_list text, p_ids uuid[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.credit_line_members(p_list text, p_ids uuid[]) FROM PUBLIC;

--
-- Name: FUNCTION csp_report_rules(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.csp_report_rules() FROM PUBLIC;

--
-- Name: FUNCTION decide_code_cap(p_table text, p_code text, p_from timestamp with time zone, p_to timestamp with time zone, p_lift_only boolean); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.decide_code_cap(p_table text, p_code text, p_from timestamp with time zone, p_to timestamp with time zone, p_lift_only boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION private.decide_code_cap(p_table text, p_code text, p_from timestamp with time zone, p_to timestamp with time zone, p_lift_only boolean) TO service_role;

--
-- Name: FUNCTION delete_staff_auth_user(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.delete_staff_auth_user() FROM PUBLIC;

--
-- Name: FUNCTION erase_auth_users(p_mailbox_sha256 text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.erase_auth_users(p_mailbox_sha256 text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.erase_auth_users(p_mailbox_sha256 text) TO service_role;

--
-- Name: FUNCTION erase_console_records(p_mailbox_sha256 text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.erase_console_records(p_mailbox_sha256 text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.erase_console_records(p_mailbox_sha256 text) TO service_role;

--
-- Name: FUNCTION has_visible_text(p_value text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.has_visible_text(p_value text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.has_visible_text(p_value text) TO anon;
GRANT ALL ON FUNCTION private.has_visible_text(p_value text) TO authenticated;
GRANT ALL ON FUNCTION private.has_visible_text(p_value text) TO service_role;

--
-- Name: FUNCTION hold_referral(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.hold_referral() FROM PUBLIC;
GRANT ALL ON FUNCTION private.hold_referral() TO anon;
GRANT ALL ON FUNCTION private.hold_referral() TO service_role;

--
-- Name: FUNCTION ipv6_client_prefix_length(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.ipv6_client_prefix_length() FROM PUBLIC;
GRANT ALL ON FUNCTION private.ipv6_client_prefix_length() TO anon;
GRANT ALL ON FUNCTION private.ipv6_client_prefix_length() TO service_role;

--
-- Name: FUNCTION is_campaign_tag(p_value text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.is_campaign_tag(p_value text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_campaign_tag(p_value text) TO anon;
GRANT ALL ON FUNCTION private.is_campaign_tag(p_value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_campaign_tag(p_value text) TO service_role;

--
-- Name: FUNCTION is_host_name(p_value text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.is_host_name(p_value text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_host_name(p_value text) TO anon;
GRANT ALL ON FUNCTION private.is_host_name(p_value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_host_name(p_value text) TO service_role;

--
-- Name: FUNCTION is_plain_email_address(p_address text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.is_plain_email_address(p_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_plain_email_address(p_address text) TO anon;
GRANT ALL ON FUNCTION private.is_plain_email_address(p_address text) TO authenticated;
GRANT ALL ON FUNCTION private.is_plain_email_address(p_address text) TO service_role;

--
-- Name: FUNCTION is_remote_release(p_release text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.is_remote_release(p_release text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_remote_release(p_release text) TO service_role;

--
-- Name: FUNCTION is_site_path(p_value text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.is_site_path(p_value text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_site_path(p_value text) TO anon;
GRANT ALL ON FUNCTION private.is_site_path(p_value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_site_path(p_value text) TO service_role;

--
-- Name: FUNCTION is_source_label(p_source text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.is_source_label(p_source text) FROM PUBLIC;

--
-- Name: FUNCTION is_staff(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.is_staff() FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_staff() TO authenticated;

--
-- Name: FUNCTION keep_line(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.keep_line() FROM PUBLIC;

--
-- Name: FUNCTION keep_referral(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.keep_referral() FROM PUBLIC;
GRANT ALL ON FUNCTION private.keep_referral() TO service_role;

--
-- Name: FUNCTION limit_anon_insert(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.limit_anon_insert() FROM PUBLIC;
GRANT ALL ON FUNCTION private.limit_anon_insert() TO anon;

--
-- Name: FUNCTION line_chunk_credited_ahead(p_list text, p_lo_at timestamp with time zone, p_lo_id uuid, p_hi_at timestamp with time zone, p_hi_id uuid, p_size integer, p_before bigint, p_key bigint, p_at timestamp with time zone, p_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.line_chunk_credited_ahead(p_list text, p_lo_at timestamp with time zone, p_lo_id uuid, p_hi_at timestamp with time zone, p_hi_id uuid, p_size integer, p_before bigint, p_key bigint, p_at timestamp with time zone, p_id uuid) FROM PUBLIC;

--
-- Name: FUNCTION line_chunk_size(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.line_chunk_size() FROM PUBLIC;

--
-- Name: FUNCTION line_credited_ahead(p_list text, p_key bigint, p_at timestamp with time zone, p_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.line_credited_ahead(p_list text, p_key bigint, p_at timestamp with time zone, p_id uuid) FROM PUBLIC;

--
-- Name: FUNCTION line_credited_within(p_list text, p_arrival bigint); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.line_credited_within(p_list text, p_arrival bigint) FROM PUBLIC;

--
-- Name: FUNCTION line_credits_from_rows(p_list text, p_ids uuid[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.line_credits_from_rows(p_list text, p_ids uuid[]) FROM PUBLIC;

--
-- Name: FUNCTION line_place(p_list text, p_id uuid, OUT place bigint, OUT credited integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.line_place(p_list text, p_id uuid, OUT place bigint, OUT credited integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.line_place(p_list text, p_id uuid, OUT place bigint, OUT credited integer) TO service_role;

--
-- Name: FUNCTION line_places(p_list text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.line_places(p_list text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.line_places(p_list text) TO service_role;

--
-- Name: FUNCTION line_places_from_rows(p_list text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.line_places_from_rows(p_list text) FROM PUBLIC;

--
-- Name: FUNCTION line_position(p_list text, p_at timestamp with time zone, p_id uuid, OUT arrival bigint, OUT credited_before bigint); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.line_position(p_list text, p_at timestamp with time zone, p_id uuid, OUT arrival bigint, OUT credited_before bigint) FROM PUBLIC;

--
-- Name: FUNCTION line_table(p_list text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.line_table(p_list text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.line_table(p_list text) TO service_role;

--
-- Name: FUNCTION lock_lines(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.lock_lines() FROM PUBLIC;

--
-- Name: FUNCTION lock_lines_first(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.lock_lines_first() FROM PUBLIC;

--
-- Name: TABLE mail_queue; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.mail_queue TO service_role;

--
-- Name: FUNCTION mail_details_invite(p_message public.mail_queue); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.mail_details_invite(p_message public.mail_queue) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_details_invite(p_message public.mail_queue) TO service_role;

--
-- Name: FUNCTION mail_details_place(p_message public.mail_queue); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.mail_details_place(p_message public.mail_queue) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_details_place(p_message public.mail_queue) TO service_role;

--
-- Name: FUNCTION mail_details_privacy_link(p_message public.mail_queue); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.mail_details_privacy_link(p_message public.mail_queue) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_details_privacy_link(p_message public.mail_queue) TO service_role;

--
-- Name: FUNCTION mail_details_thank_you(p_message public.mail_queue); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.mail_details_thank_you(p_message public.mail_queue) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_details_thank_you(p_message public.mail_queue) TO service_role;

--
-- Name: FUNCTION mail_domain_rules(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.mail_domain_rules() FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_domain_rules() TO service_role;

--
-- Name: FUNCTION mail_domain_rules_json(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.mail_domain_rules_json() FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_domain_rules_json() TO service_role;

--
-- Name: FUNCTION mail_max_attempts(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.mail_max_attempts() FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_max_attempts() TO service_role;

--
-- Name: FUNCTION mail_queue_hold_suppressed(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.mail_queue_hold_suppressed() FROM PUBLIC;

--
-- Name: FUNCTION mail_suppression_settles_queue(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.mail_suppression_settles_queue() FROM PUBLIC;

--
-- Name: FUNCTION mailbox(p_address text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.mailbox(p_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mailbox(p_address text) TO anon;
GRANT ALL ON FUNCTION private.mailbox(p_address text) TO authenticated;
GRANT ALL ON FUNCTION private.mailbox(p_address text) TO service_role;

--
-- Name: FUNCTION mailbox_auth_accounts(p_mailbox_sha256 text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.mailbox_auth_accounts(p_mailbox_sha256 text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mailbox_auth_accounts(p_mailbox_sha256 text) TO service_role;

--
-- Name: FUNCTION mailbox_has_auth_user(p_mailbox_sha256 text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.mailbox_has_auth_user(p_mailbox_sha256 text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mailbox_has_auth_user(p_mailbox_sha256 text) TO service_role;

--
-- Name: FUNCTION mailbox_has_records(p_mailbox_sha256 text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.mailbox_has_records(p_mailbox_sha256 text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mailbox_has_records(p_mailbox_sha256 text) TO service_role;

--
-- Name: FUNCTION mailbox_sha256(p_address text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.mailbox_sha256(p_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mailbox_sha256(p_address text) TO anon;
GRANT ALL ON FUNCTION private.mailbox_sha256(p_address text) TO authenticated;
GRANT ALL ON FUNCTION private.mailbox_sha256(p_address text) TO service_role;

--
-- Name: FUNCTION mark_signup_mail(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.mark_signup_mail() FROM PUBLIC;

--
-- Name: FUNCTION move_line_member(p_list text, p_at timestamp with time zone, p_id uuid, p_step integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.move_line_member(p_list text, p_at timestamp with time zone, p_id uuid, p_step integer) FROM PUBLIC;

--
-- Name: FUNCTION new_referral_code(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.new_referral_code() FROM PUBLIC;
GRANT ALL ON FUNCTION private.new_referral_code() TO anon;
GRANT ALL ON FUNCTION private.new_referral_code() TO authenticated;
GRANT ALL ON FUNCTION private.new_referral_code() TO service_role;

--
-- Name: FUNCTION person_mailbox(p_address text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.person_mailbox(p_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.person_mailbox(p_address text) TO service_role;

--
-- Name: FUNCTION places_per_referral(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.places_per_referral() FROM PUBLIC;
GRANT ALL ON FUNCTION private.places_per_referral() TO service_role;

--
-- Name: FUNCTION queue_signup_mail(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.queue_signup_mail() FROM PUBLIC;

--
-- Name: FUNCTION rebuild_line(p_list text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.rebuild_line(p_list text) FROM PUBLIC;

--
-- Name: FUNCTION redecide_code_caps(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.redecide_code_caps() FROM PUBLIC;

--
-- Name: FUNCTION referral_code_cap_per_hour(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.referral_code_cap_per_hour() FROM PUBLIC;
GRANT ALL ON FUNCTION private.referral_code_cap_per_hour() TO service_role;

--
-- Name: FUNCTION refuse_suppressed_signup(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.refuse_suppressed_signup() FROM PUBLIC;
GRANT ALL ON FUNCTION private.refuse_suppressed_signup() TO anon;
GRANT ALL ON FUNCTION private.refuse_suppressed_signup() TO service_role;

--
-- Name: FUNCTION request_client_address(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.request_client_address() FROM PUBLIC;
GRANT ALL ON FUNCTION private.request_client_address() TO anon;
GRANT ALL ON FUNCTION private.request_client_address() TO service_role;

--
-- Name: FUNCTION require_staff(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.require_staff() FROM PUBLIC;

--
-- Name: FUNCTION row_mail_state(p_message public.mail_queue, p_mailbox_sha256 text, p_since timestamp with time zone); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.row_mail_state(p_message public.mail_queue, p_mailbox_sha256 text, p_since timestamp with time zone) FROM PUBLIC;

--
-- Name: FUNCTION scrub_audit_subjects(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.scrub_audit_subjects() FROM PUBLIC;

--
-- Name: FUNCTION scrubbed_audit_detail(p_detail jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.scrubbed_audit_detail(p_detail jsonb) FROM PUBLIC;

--
-- Name: FUNCTION signup_table(p_list text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.signup_table(p_list text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.signup_table(p_list text) TO service_role;

--
-- Name: FUNCTION source_label(p_utm_source text, p_referrer_host text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.source_label(p_utm_source text, p_referrer_host text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.source_label(p_utm_source text, p_referrer_host text) TO authenticated;
GRANT ALL ON FUNCTION private.source_label(p_utm_source text, p_referrer_host text) TO service_role;

--
-- Name: FUNCTION split_line_chunk(p_list text, p_lo_at timestamp with time zone, p_lo_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.split_line_chunk(p_list text, p_lo_at timestamp with time zone, p_lo_id uuid) FROM PUBLIC;

--
-- Name: FUNCTION staff_caller(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.staff_caller() FROM PUBLIC;

--
-- Name: FUNCTION suppression_refuses(p_email text, p_list text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.suppression_refuses(p_email text, p_list text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.suppression_refuses(p_email text, p_list text) TO anon;
GRANT ALL ON FUNCTION private.suppression_refuses(p_email text, p_list text) TO service_role;

--
-- Name: FUNCTION suspected_farming_rules(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.suspected_farming_rules() FROM PUBLIC;

--
-- Name: FUNCTION take_keyed_rate_limit_token(p_action text, p_key text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.take_keyed_rate_limit_token(p_action text, p_key text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.take_keyed_rate_limit_token(p_action text, p_key text) TO service_role;

--
-- Name: FUNCTION take_rate_limit_token(p_action text, p_client_address text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.take_rate_limit_token(p_action text, p_client_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.take_rate_limit_token(p_action text, p_client_address text) TO anon;
GRANT ALL ON FUNCTION private.take_rate_limit_token(p_action text, p_client_address text) TO service_role;

--
-- Name: FUNCTION tidy_line_chunks(p_list text, p_at timestamp with time zone[], p_id uuid[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.tidy_line_chunks(p_list text, p_at timestamp with time zone[], p_id uuid[]) FROM PUBLIC;

--
-- Name: FUNCTION utc_day_start(p_day date); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.utc_day_start(p_day date) FROM PUBLIC;

--
-- Name: FUNCTION visit_bucket(p_client_address text, p_day date); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.visit_bucket(p_client_address text, p_day date) FROM PUBLIC;

--
-- Name: FUNCTION visit_rows_per_day(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.visit_rows_per_day() FROM PUBLIC;
GRANT ALL ON FUNCTION private.visit_rows_per_day() TO service_role;

--
-- Name: FUNCTION apply_retention(p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.apply_retention(p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.apply_retention(p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION claim_thank_you(p_type text, p_email text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.claim_thank_you(p_type text, p_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.claim_thank_you(p_type text, p_email text) TO service_role;

--
-- Name: FUNCTION claim_thank_you_mail(p_type text, p_email text, p_confirm_token_hash text, p_unsubscribe_token_hash text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.claim_thank_you_mail(p_type text, p_email text, p_confirm_token_hash text, p_unsubscribe_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.claim_thank_you_mail(p_type text, p_email text, p_confirm_token_hash text, p_unsubscribe_token_hash text) TO service_role;

--
-- Name: FUNCTION confirm_signup(p_token_hash text, p_disposable_domain boolean); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.confirm_signup(p_token_hash text, p_disposable_domain boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.confirm_signup(p_token_hash text, p_disposable_domain boolean) TO service_role;

--
-- Name: FUNCTION confirm_token_email_domain(p_token_hash text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.confirm_token_email_domain(p_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.confirm_token_email_domain(p_token_hash text) TO service_role;

--
-- Name: FUNCTION console_application(p_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.console_application(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_application(p_id uuid) TO authenticated;

--
-- Name: FUNCTION console_applications(p_search text, p_from date, p_to date, p_status text, p_sort text, p_descending boolean, p_limit integer, p_offset integer, p_source text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.console_applications(p_search text, p_from date, p_to date, p_status text, p_sort text, p_descending boolean, p_limit integer, p_offset integer, p_source text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_applications(p_search text, p_from date, p_to date, p_status text, p_sort text, p_descending boolean, p_limit integer, p_offset integer, p_source text) TO authenticated;

--
-- Name: FUNCTION console_change_application_status(p_id uuid, p_status text, p_note text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.console_change_application_status(p_id uuid, p_status text, p_note text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_change_application_status(p_id uuid, p_status text, p_note text) TO authenticated;

--
-- Name: FUNCTION console_check_sign_in_code(p_email text, p_code_mac text, p_client_address text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.console_check_sign_in_code(p_email text, p_code_mac text, p_client_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_check_sign_in_code(p_email text, p_code_mac text, p_client_address text) TO service_role;

--
-- Name: FUNCTION console_csp_violations(p_limit integer, p_offset integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.console_csp_violations(p_limit integer, p_offset integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_csp_violations(p_limit integer, p_offset integer) TO authenticated;

--
-- Name: FUNCTION console_export_rows(p_export bigint, p_after_created_at timestamp with time zone, p_after_id uuid, p_limit integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.console_export_rows(p_export bigint, p_after_created_at timestamp with time zone, p_after_id uuid, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_export_rows(p_export bigint, p_after_created_at timestamp with time zone, p_after_id uuid, p_limit integer) TO authenticated;

--
-- Name: FUNCTION console_growth(p_from date, p_to date); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.console_growth(p_from date, p_to date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_growth(p_from date, p_to date) TO authenticated;

--
-- Name: FUNCTION console_invite_waitlist(p_ids jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.console_invite_waitlist(p_ids jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_invite_waitlist(p_ids jsonb) TO authenticated;

--
-- Name: FUNCTION console_log_export(p_kind text, p_filter jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.console_log_export(p_kind text, p_filter jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_log_export(p_kind text, p_filter jsonb) TO authenticated;

--
-- Name: FUNCTION console_mail_states(p_list text, p_ids jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.console_mail_states(p_list text, p_ids jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_mail_states(p_list text, p_ids jsonb) TO authenticated;

--
-- Name: FUNCTION console_mail_suppressions(p_limit integer, p_offset integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.console_mail_suppressions(p_limit integer, p_offset integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_mail_suppressions(p_limit integer, p_offset integer) TO authenticated;

--
-- Name: FUNCTION console_open_resume(p_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.console_open_resume(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_open_resume(p_id uuid) TO authenticated;

--
-- Name: FUNCTION console_referrals(p_from date, p_to date, p_suspected boolean, p_limit integer, p_offset integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.console_referrals(p_from date, p_to date, p_suspected boolean, p_limit integer, p_offset integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_referrals(p_from date, p_to date, p_suspected boolean, p_limit integer, p_offset integer) TO authenticated;

--
-- Name: FUNCTION console_request_sign_in_code(p_email text, p_code_mac text, p_client_address text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.console_request_sign_in_code(p_email text, p_code_mac text, p_client_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_request_sign_in_code(p_email text, p_code_mac text, p_client_address text) TO service_role;

--
-- Name: FUNCTION console_signups(p_form text, p_search text, p_from date, p_to date, p_confirmed boolean, p_invited boolean, p_sort text, p_descending boolean, p_limit integer, p_offset integer, p_source text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.console_signups(p_form text, p_search text, p_from date, p_to date, p_confirmed boolean, p_invited boolean, p_sort text, p_descending boolean, p_limit integer, p_offset integer, p_source text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_signups(p_form text, p_search text, p_from date, p_to date, p_confirmed boolean, p_invited boolean, p_sort text, p_descending boolean, p_limit integer, p_offset integer, p_source text) TO authenticated;

--
-- Name: FUNCTION console_signups_per_day(p_from date, p_to date); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.console_signups_per_day(p_from date, p_to date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_signups_per_day(p_from date, p_to date) TO authenticated;

--
-- Name: FUNCTION console_whoami(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.console_whoami() FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_whoami() TO authenticated;

--
-- Name: FUNCTION copy_mailbox_records(p_token_hash text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.copy_mailbox_records(p_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.copy_mailbox_records(p_token_hash text) TO service_role;

--
-- Name: FUNCTION erase_mailbox_records(p_token_hash text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.erase_mailbox_records(p_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.erase_mailbox_records(p_token_hash text) TO service_role;

--
-- Name: FUNCTION expire_applications(p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.expire_applications(p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.expire_applications(p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION issue_privacy_token(p_email text, p_purpose text, p_token_hash text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.issue_privacy_token(p_email text, p_purpose text, p_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.issue_privacy_token(p_email text, p_purpose text, p_token_hash text) TO service_role;

--
-- Name: FUNCTION issue_privacy_token(p_email text, p_purpose text, p_token_hash text, p_client_address text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.issue_privacy_token(p_email text, p_purpose text, p_token_hash text, p_client_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.issue_privacy_token(p_email text, p_purpose text, p_token_hash text, p_client_address text) TO service_role;

--
-- Name: FUNCTION keep_invite_unsubscribe_token(p_id uuid, p_lease uuid, p_token_hash text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.keep_invite_unsubscribe_token(p_id uuid, p_lease uuid, p_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.keep_invite_unsubscribe_token(p_id uuid, p_lease uuid, p_token_hash text) TO service_role;

--
-- Name: FUNCTION keep_mail_tokens(p_lease uuid, p_tokens jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.keep_mail_tokens(p_lease uuid, p_tokens jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.keep_mail_tokens(p_lease uuid, p_tokens jsonb) TO service_role;

--
-- Name: FUNCTION keep_place_tokens(p_id uuid, p_lease uuid, p_place_token_hash text, p_unsubscribe_token_hash text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.keep_place_tokens(p_id uuid, p_lease uuid, p_place_token_hash text, p_unsubscribe_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.keep_place_tokens(p_id uuid, p_lease uuid, p_place_token_hash text, p_unsubscribe_token_hash text) TO service_role;

--
-- Name: FUNCTION mail_queue_pending(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.mail_queue_pending() FROM PUBLIC;
GRANT ALL ON FUNCTION public.mail_queue_pending() TO service_role;

--
-- Name: FUNCTION place_for_token(p_token_hash text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.place_for_token(p_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.place_for_token(p_token_hash text) TO service_role;

--
-- Name: FUNCTION queue_confirmation_again(p_type text, p_email text, p_message_id uuid, p_confirm_token_hash text, p_unsubscribe_token_hash text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.queue_confirmation_again(p_type text, p_email text, p_message_id uuid, p_confirm_token_hash text, p_unsubscribe_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.queue_confirmation_again(p_type text, p_email text, p_message_id uuid, p_confirm_token_hash text, p_unsubscribe_token_hash text) TO service_role;

--
-- Name: FUNCTION queue_privacy_link(p_email text, p_action text, p_message_id uuid, p_token_hash text, p_client_address text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.queue_privacy_link(p_email text, p_action text, p_message_id uuid, p_token_hash text, p_client_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.queue_privacy_link(p_email text, p_action text, p_message_id uuid, p_token_hash text, p_client_address text) TO service_role;

--
-- Name: FUNCTION queue_thank_you_mail(p_type text, p_email text, p_message_id uuid, p_confirm_token_hash text, p_unsubscribe_token_hash text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.queue_thank_you_mail(p_type text, p_email text, p_message_id uuid, p_confirm_token_hash text, p_unsubscribe_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.queue_thank_you_mail(p_type text, p_email text, p_message_id uuid, p_confirm_token_hash text, p_unsubscribe_token_hash text) TO service_role;

--
-- Name: FUNCTION queued_thank_you_mail(p_type text, p_email text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.queued_thank_you_mail(p_type text, p_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.queued_thank_you_mail(p_type text, p_email text) TO service_role;

--
-- Name: FUNCTION record_csp_violations(p_release text, p_violations jsonb, p_client_address text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.record_csp_violations(p_release text, p_violations jsonb, p_client_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_csp_violations(p_release text, p_violations jsonb, p_client_address text) TO service_role;

--
-- Name: FUNCTION record_mail_delivery_event(p_webhook_id text, p_event text, p_email_id text, p_to jsonb, p_bounce_type text, p_occurred_at timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.record_mail_delivery_event(p_webhook_id text, p_event text, p_email_id text, p_to jsonb, p_bounce_type text, p_occurred_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_mail_delivery_event(p_webhook_id text, p_event text, p_email_id text, p_to jsonb, p_bounce_type text, p_occurred_at timestamp with time zone) TO service_role;

--
-- Name: FUNCTION record_visit(p_path text, p_landing boolean, p_source text, p_medium text, p_campaign text, p_referrer_host text, p_client_address text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.record_visit(p_path text, p_landing boolean, p_source text, p_medium text, p_campaign text, p_referrer_host text, p_client_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_visit(p_path text, p_landing boolean, p_source text, p_medium text, p_campaign text, p_referrer_host text, p_client_address text) TO service_role;

--
-- Name: FUNCTION release_thank_you_email(p_type text, p_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.release_thank_you_email(p_type text, p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.release_thank_you_email(p_type text, p_id uuid) TO service_role;

--
-- Name: FUNCTION release_thank_you_mail(p_type text, p_id uuid, p_confirm_token_hash text, p_unsubscribe_token_hash text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.release_thank_you_mail(p_type text, p_id uuid, p_confirm_token_hash text, p_unsubscribe_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.release_thank_you_mail(p_type text, p_id uuid, p_confirm_token_hash text, p_unsubscribe_token_hash text) TO service_role;

--
-- Name: FUNCTION requeue_dead_mail(p_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.requeue_dead_mail(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.requeue_dead_mail(p_id uuid) TO service_role;

--
-- Name: FUNCTION settle_mail_batch(p_lease uuid, p_results jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.settle_mail_batch(p_lease uuid, p_results jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.settle_mail_batch(p_lease uuid, p_results jsonb) TO service_role;

--
-- Name: FUNCTION settle_queued_mail(p_id uuid, p_lease uuid, p_outcome text, p_detail text, p_delay_ms integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.settle_queued_mail(p_id uuid, p_lease uuid, p_outcome text, p_detail text, p_delay_ms integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.settle_queued_mail(p_id uuid, p_lease uuid, p_outcome text, p_detail text, p_delay_ms integer) TO service_role;

--
-- Name: FUNCTION signup_place(p_list text, p_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.signup_place(p_list text, p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.signup_place(p_list text, p_id uuid) TO service_role;

--
-- Name: FUNCTION take_mail_batch(p_lease_seconds integer, p_limit integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.take_mail_batch(p_lease_seconds integer, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.take_mail_batch(p_lease_seconds integer, p_limit integer) TO service_role;

--
-- Name: FUNCTION take_mail_send_slot(p_interval_ms integer, p_max_wait_ms integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.take_mail_send_slot(p_interval_ms integer, p_max_wait_ms integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.take_mail_send_slot(p_interval_ms integer, p_max_wait_ms integer) TO service_role;

--
-- Name: FUNCTION take_queued_mail(p_lease_seconds integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.take_queued_mail(p_lease_seconds integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.take_queued_mail(p_lease_seconds integer) TO service_role;

--
-- Name: FUNCTION take_rate_limit_token(p_action text, p_client_address text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.take_rate_limit_token(p_action text, p_client_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.take_rate_limit_token(p_action text, p_client_address text) TO service_role;

--
-- Name: FUNCTION unsubscribe_signup(p_token_hash text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.unsubscribe_signup(p_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.unsubscribe_signup(p_token_hash text) TO service_role;

--
-- Name: TABLE mail_kinds; Type: ACL; Schema: private; Owner: -
--

GRANT SELECT ON TABLE private.mail_kinds TO service_role;

--
-- Name: TABLE application_status_changes; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.application_status_changes TO service_role;

--
-- Name: TABLE csp_violations; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.csp_violations TO service_role;

--
-- Name: TABLE early_access_signups; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.early_access_signups TO service_role;
GRANT SELECT ON TABLE public.early_access_signups TO authenticated;

--
-- Name: COLUMN early_access_signups.email; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(email) ON TABLE public.early_access_signups TO anon;

--
-- Name: COLUMN early_access_signups.utm_source; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(utm_source) ON TABLE public.early_access_signups TO anon;

--
-- Name: COLUMN early_access_signups.utm_medium; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(utm_medium) ON TABLE public.early_access_signups TO anon;

--
-- Name: COLUMN early_access_signups.utm_campaign; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(utm_campaign) ON TABLE public.early_access_signups TO anon;

--
-- Name: COLUMN early_access_signups.referrer_host; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(referrer_host) ON TABLE public.early_access_signups TO anon;

--
-- Name: COLUMN early_access_signups.landing_path; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(landing_path) ON TABLE public.early_access_signups TO anon;

--
-- Name: COLUMN early_access_signups.referred_by; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(referred_by) ON TABLE public.early_access_signups TO anon;

--
-- Name: TABLE email_suppressions; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.email_suppressions TO service_role;

--
-- Name: TABLE email_tokens; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.email_tokens TO service_role;

--
-- Name: TABLE general_applications; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.general_applications TO service_role;

--
-- Name: TABLE mail_dead_letters; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.mail_dead_letters TO service_role;

--
-- Name: TABLE mail_delivery_events; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE ON TABLE public.mail_delivery_events TO service_role;

--
-- Name: TABLE mail_suppressions; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.mail_suppressions TO service_role;

--
-- Name: TABLE mail_delivery_summary; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.mail_delivery_summary TO service_role;

--
-- Name: TABLE mail_queue_summary; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.mail_queue_summary TO service_role;

--
-- Name: TABLE mail_send_pace; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,UPDATE ON TABLE public.mail_send_pace TO service_role;

--
-- Name: TABLE newsletter_subscriptions; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.newsletter_subscriptions TO service_role;
GRANT SELECT ON TABLE public.newsletter_subscriptions TO authenticated;

--
-- Name: COLUMN newsletter_subscriptions.email; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(email) ON TABLE public.newsletter_subscriptions TO anon;

--
-- Name: COLUMN newsletter_subscriptions.utm_source; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(utm_source) ON TABLE public.newsletter_subscriptions TO anon;

--
-- Name: COLUMN newsletter_subscriptions.utm_medium; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(utm_medium) ON TABLE public.newsletter_subscriptions TO anon;

--
-- Name: COLUMN newsletter_subscriptions.utm_campaign; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(utm_campaign) ON TABLE public.newsletter_subscriptions TO anon;

--
-- Name: COLUMN newsletter_subscriptions.referrer_host; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(referrer_host) ON TABLE public.newsletter_subscriptions TO anon;

--
-- Name: COLUMN newsletter_subscriptions.landing_path; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(landing_path) ON TABLE public.newsletter_subscriptions TO anon;

--
-- Name: TABLE rate_limit_rules; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,UPDATE ON TABLE public.rate_limit_rules TO service_role;

--
-- Name: TABLE remote_health; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.remote_health TO service_role;

--
-- Name: TABLE remote_health_reports; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.remote_health_reports TO service_role;

--
-- Name: COLUMN remote_health_reports.remote; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(remote) ON TABLE public.remote_health_reports TO anon;

--
-- Name: COLUMN remote_health_reports.release; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(release) ON TABLE public.remote_health_reports TO anon;

--
-- Name: COLUMN remote_health_reports.outcome; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(outcome) ON TABLE public.remote_health_reports TO anon;

--
-- Name: TABLE resume_removals; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE ON TABLE public.resume_removals TO service_role;

--
-- Name: TABLE retention_settings; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.retention_settings TO service_role;

--
-- Name: TABLE staff; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.staff TO service_role;

--
-- Name: TABLE staff_audit_log; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.staff_audit_log TO authenticated;
GRANT SELECT ON TABLE public.staff_audit_log TO service_role;

--
-- Name: TABLE visit_counts; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,UPDATE ON TABLE public.visit_counts TO service_role;

--
-- Name: TABLE waitlist_signups; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.waitlist_signups TO service_role;
GRANT SELECT ON TABLE public.waitlist_signups TO authenticated;

--
-- Name: COLUMN waitlist_signups.first_name; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(first_name) ON TABLE public.waitlist_signups TO anon;

--
-- Name: COLUMN waitlist_signups.last_name; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(last_name) ON TABLE public.waitlist_signups TO anon;

--
-- Name: COLUMN waitlist_signups.email; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(email) ON TABLE public.waitlist_signups TO anon;

--
-- Name: COLUMN waitlist_signups.company; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(company) ON TABLE public.waitlist_signups TO anon;

--
-- Name: COLUMN waitlist_signups.role; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(role) ON TABLE public.waitlist_signups TO anon;

--
-- Name: COLUMN waitlist_signups.company_size; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(company_size) ON TABLE public.waitlist_signups TO anon;

--
-- Name: COLUMN waitlist_signups.use_case; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(use_case) ON TABLE public.waitlist_signups TO anon;

--
-- Name: COLUMN waitlist_signups.hear_about; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(hear_about) ON TABLE public.waitlist_signups TO anon;

--
-- Name: COLUMN waitlist_signups.utm_source; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(utm_source) ON TABLE public.waitlist_signups TO anon;

--
-- Name: COLUMN waitlist_signups.utm_medium; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(utm_medium) ON TABLE public.waitlist_signups TO anon;

--
-- Name: COLUMN waitlist_signups.utm_campaign; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(utm_campaign) ON TABLE public.waitlist_signups TO anon;

--
-- Name: COLUMN waitlist_signups.referrer_host; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(referrer_host) ON TABLE public.waitlist_signups TO anon;

--
-- Name: COLUMN waitlist_signups.landing_path; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(landing_path) ON TABLE public.waitlist_signups TO anon;

--
-- Name: COLUMN waitlist_signups.referred_by; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(referred_by) ON TABLE public.waitlist_signups TO anon;

--
-- PostgreSQL database dump complete
--
