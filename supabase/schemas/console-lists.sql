-- What the console lists (docs/console.md, "What staff can do"): the sign-up lists and the
-- applications, a page at a time with their search, filters and order; an application's page and its
-- status changes. Every public function here runs as its owner and answers staff
-- only (private.require_staff, staff.sql: 42501 'Staff only' for anyone else). Before them, the pieces
-- the console's other reads share: page sizes, offsets and day ranges (console-growth.sql,
-- mail-delivery.sql, reports.sql, staff.sql), and the lists' search and filters, which the CSV export
-- reuses (staff.sql). A filter is SQL text over the alias s with numbered parameters: what staff typed
-- is bound as a value, never written into the text.

-- Pages and ranges -------------------------------------------------------------------------------------

-- A range of UTC days (both included; NULL is open-ended), or 22023 when it ends before it starts.
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
REVOKE ALL ON FUNCTION private.console_check_range(p_from date, p_to date) FROM PUBLIC;

-- A page's size: p_limit, p_default when NULL, 22023 outside 1 to p_max (every page passes 200, a
-- keyset page of an export 1000).
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
REVOKE ALL ON FUNCTION private.console_limit(p_limit integer, p_default integer, p_max integer) FROM PUBLIC;

-- The rows a page skips: NULL is none, a negative number 22023 (as private.console_limit checks a
-- limit).
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
REVOKE ALL ON FUNCTION private.console_offset(p_offset integer) FROM PUBLIC;

-- Search, filters and order of the lists ---------------------------------------------------------------

-- The table of a sign-up form, or 22023.
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
REVOKE ALL ON FUNCTION private.console_signup_table(p_form text) FROM PUBLIC;

-- A search as a LIKE pattern, lower case, matching it anywhere: NULL for no search; % _ and \ match
-- themselves. The lists compare it with lower() of the searched columns joined by spaces: one LIKE per
-- row is a third of the time of an ILIKE per column (PGlite, 100,000 rows), and a full name such as
-- "grace hopper" matches first and last name together.
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
REVOKE ALL ON FUNCTION private.console_search_pattern(p_search text) FROM PUBLIC;

-- A source filter as the lists take it: NULL (or blank) for none, else a source label, else 22023.
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
REVOKE ALL ON FUNCTION private.console_source(p_source text) FROM PUBLIC;

-- The WHERE clause of a sign-up list's page or export: $1 the search pattern (on the waitlist also the
-- names and the company), $2 and $3 the first and the past-the-last instant of the days, $4 confirmed,
-- $5 invited (by a launch wave: public.invitations, launch-waves.sql; the newsletter is never invited,
-- so there invited matches nothing and not invited everything) and $6 the source label, each only when
-- given.
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
      case when p_form in ('early_access', 'waitlist') then
             format('exists (select from public.invitations i where i.%I = s.id) = $5', p_form || '_id')
           -- Nobody on the newsletter is invited.
           when p_invited then 'false' end
    end,
    case when p_source is not null then 'private.source_label(s.utm_source, s.referrer_host) = $6' end)
$_$;
REVOKE ALL ON FUNCTION private.console_signup_filter(p_form text, p_pattern text, p_from date, p_to date, p_confirmed boolean, p_invited boolean, p_source text) FROM PUBLIC;

-- The WHERE clause of an applications page or export: $1 the search pattern (the address and the
-- names), $2 and $3 the first and the past-the-last instant of the days, $4 the status (22023 for one
-- the workflow does not have) and $5 the source label, each only when given.
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
REVOKE ALL ON FUNCTION private.console_application_filter(p_pattern text, p_from date, p_to date, p_status text, p_source text) FROM PUBLIC;

-- The ORDER BY of a list page, over alias s, newest (or last) first unless p_descending is false; one
-- of p_sorts, else 22023. Ties go by id, so that pages neither repeat nor skip a row.
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
REVOKE ALL ON FUNCTION private.console_order(p_sort text, p_descending boolean, p_sorts text[]) FROM PUBLIC;

-- The lists --------------------------------------------------------------------------------------------

-- A page of a sign-up list: {total, rows}, each row with its source label and landing page, on the
-- waitlist its form's fields, and on the two lists a wave invites its invitation: invited_at,
-- invite_wave, invite_state (private.invitation_state, invitations.sql) and joined_at, all null for a
-- member not invited. Not logged. p_source is the source label
-- exactly (NULL for any); it has a default so that a call that does not name it still finds the
-- function on hosted PostgREST, which matches a call by its arguments' names.
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
         ', s.first_name, s.last_name, s.company, s.role, s.company_size, s.use_case, s.hear_about'
       else '' end
    || case when p_form <> 'newsletter' then
         format(', (select i.invited_at from public.invitations i where i.%1$I = s.id) as invited_at,
                   (select i.wave_id from public.invitations i where i.%1$I = s.id) as invite_wave,
                   (select private.invitation_state(i) from public.invitations i where i.%1$I = s.id)
                     as invite_state,
                   (select i.redeemed_at from public.invitations i where i.%1$I = s.id) as joined_at',
                p_form || '_id')
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
REVOKE ALL ON FUNCTION public.console_signups(p_form text, p_search text, p_from date, p_to date, p_confirmed boolean, p_invited boolean, p_sort text, p_descending boolean, p_limit integer, p_offset integer, p_source text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_signups(p_form text, p_search text, p_from date, p_to date, p_confirmed boolean, p_invited boolean, p_sort text, p_descending boolean, p_limit integer, p_offset integer, p_source text) TO authenticated;

-- A page of the applications: {total, rows}, each row with its source label and landing page. Not
-- logged (an application's page is). p_source as for public.console_signups.
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
REVOKE ALL ON FUNCTION public.console_applications(p_search text, p_from date, p_to date, p_status text, p_sort text, p_descending boolean, p_limit integer, p_offset integer, p_source text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_applications(p_search text, p_from date, p_to date, p_status text, p_sort text, p_descending boolean, p_limit integer, p_offset integer, p_source text) TO authenticated;

-- An application ---------------------------------------------------------------------------------------

-- An application as stored, every column, with its status history (oldest first).
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
REVOKE ALL ON FUNCTION private.console_application_json(p_id uuid) FROM PUBLIC;

-- One application, every field and its history; NULL when there is none. Logged as read_application.
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
REVOKE ALL ON FUNCTION public.console_application(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_application(p_id uuid) TO authenticated;

-- Moves an application to p_status with an optional note (at most 2000 characters; blank is none),
-- when the workflow allows it (private.application_status_change_allowed, signups.sql; else 22023
-- 'That status change is not allowed'); PT404 (HTTP 404) when there is no such application. Returns the
-- application after, as console_application does. Logged as change_status with the statuses and the
-- note.
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
REVOKE ALL ON FUNCTION public.console_change_application_status(p_id uuid, p_status text, p_note text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_change_application_status(p_id uuid, p_status text, p_note text) TO authenticated;
