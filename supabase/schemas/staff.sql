-- The team: who staff are (public.staff, changed by the service role only), how a session is
-- recognised as staff, what they may read, and the audit log of what they read and export. Every
-- console function starts with private.require_staff().

CREATE TABLE public.staff (
    email text NOT NULL,
    added_at timestamp with time zone DEFAULT now() NOT NULL,
    added_by text,
    auth_email text DEFAULT (('console-'::text || replace((gen_random_uuid())::text, '-'::text, ''::text)) || '@staff.invalid'::text) NOT NULL,
    CONSTRAINT staff_added_by_check CHECK (((added_by IS NULL) OR ((char_length(added_by) >= 1) AND (char_length(added_by) <= 254)))),
    CONSTRAINT staff_auth_email_check CHECK ((auth_email ~ '^console-[0-9a-f]{32}@staff\.invalid$'::text)),
    CONSTRAINT staff_email_check CHECK (((email = lower(email)) AND private.is_plain_email_address(email))),
    CONSTRAINT staff_auth_email_key UNIQUE (auth_email),
    CONSTRAINT staff_pkey PRIMARY KEY (email)
);

ALTER TABLE ONLY public.staff FORCE ROW LEVEL SECURITY;
ALTER TABLE public.staff ENABLE ROW LEVEL SECURITY;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.staff TO service_role;

CREATE TABLE public.staff_audit_log (
    id bigint GENERATED ALWAYS AS IDENTITY,
    at timestamp with time zone DEFAULT now() NOT NULL,
    actor text NOT NULL,
    action text NOT NULL,
    subject_kind text NOT NULL,
    subject_id uuid,
    subject_mailbox text,
    detail jsonb DEFAULT '{}'::jsonb NOT NULL,
    CONSTRAINT staff_audit_log_action_check CHECK ((action = ANY (ARRAY['read_application'::text, 'open_resume'::text, 'export'::text, 'change_status'::text, 'invite'::text, 'erase_staff'::text, 'invite_wave'::text, 'cancel_wave'::text]))),
    CONSTRAINT staff_audit_log_actor_check CHECK ((((actor = lower(actor)) AND private.is_plain_email_address(actor)) OR (actor ~ '^erased staff member [0-9a-f]{12}$'::text))),
    CONSTRAINT staff_audit_log_detail_check CHECK (((jsonb_typeof(detail) = 'object'::text) AND (octet_length((detail)::text) <= 4000))),
    CONSTRAINT staff_audit_log_subject_kind_check CHECK ((subject_kind = ANY (ARRAY['early_access'::text, 'newsletter'::text, 'waitlist'::text, 'application'::text, 'staff'::text]))),
    CONSTRAINT staff_audit_log_pkey PRIMARY KEY (id)
);

ALTER TABLE ONLY public.staff_audit_log FORCE ROW LEVEL SECURITY;
CREATE INDEX staff_audit_log_actor ON public.staff_audit_log USING btree (private.mailbox_sha256(actor));
CREATE INDEX staff_audit_log_at ON public.staff_audit_log USING btree (at);
CREATE INDEX staff_audit_log_exports ON public.staff_audit_log USING btree (at) WHERE (action = 'export'::text);
CREATE INDEX staff_audit_log_subject ON public.staff_audit_log USING btree (subject_id);
CREATE INDEX staff_audit_log_subject_mailbox ON public.staff_audit_log USING btree (private.mailbox_sha256(subject_mailbox)) WHERE (subject_mailbox IS NOT NULL);
ALTER TABLE public.staff_audit_log ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON TABLE public.staff_audit_log TO authenticated;
GRANT SELECT ON TABLE public.staff_audit_log TO service_role;

-- Writes a line; its id.
CREATE FUNCTION private.audit(p_actor text, p_action text, p_subject_kind text, p_subject_id uuid, p_subject_mailbox text, p_detail jsonb) RETURNS bigint
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into public.staff_audit_log (actor, action, subject_kind, subject_id, subject_mailbox, detail)
  values (p_actor, p_action, p_subject_kind, p_subject_id, p_subject_mailbox, coalesce(p_detail, '{}'::jsonb))
  returning id
$$;
REVOKE ALL ON FUNCTION private.audit(p_actor text, p_action text, p_subject_kind text, p_subject_id uuid, p_subject_mailbox text, p_detail jsonb) FROM PUBLIC;

-- The same for applications.
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
REVOKE ALL ON FUNCTION private.console_export_application_page(p_search text, p_from date, p_to date, p_status text, p_source text, p_after_created_at timestamp with time zone, p_after_id uuid, p_limit integer) FROM PUBLIC;

-- An export's filter, checked for its list: as migration 20251128000000, and every list takes source (a
-- source label, text).
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
    when 'early_access' then array['search', 'from', 'to', 'confirmed', 'invited', 'source']
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
REVOKE ALL ON FUNCTION private.console_export_filter(p_kind text, p_filter jsonb) FROM PUBLIC;

-- A keyset page of a sign-up list's export, as migration 20251128000000: whole rows, each with its
-- source label (source) added, filtered by source too; on the two lists a wave invites, with the
-- member's invitation (invited_at, invite_wave, invite_place, invite_state, joined_at; null when not
-- invited: public.invitations, launch-waves.sql).
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
    'select coalesce(jsonb_agg(to_jsonb(p.s) || jsonb_build_object(''source'', p.source) || p.invitation
                               order by p.n),
                     ''[]''::jsonb)
       from (select s, private.source_label(s.utm_source, s.referrer_host) as source, %s as invitation,
                    row_number() over (order by s.created_at, s.id) as n
               from public.%I s where %s order by s.created_at, s.id limit $9) p',
    case when p_form = 'newsletter' then '''{}''::jsonb'
         else format('coalesce((select jsonb_build_object(''invited_at'', i.invited_at, ''invite_wave'', i.wave_id,
                                                           ''invite_place'', i.place,
                                                           ''invite_state'', private.invitation_state(i),
                                                           ''joined_at'', i.redeemed_at)
                                  from public.invitations i where i.%I = s.id), ''{}''::jsonb)',
                     p_form || '_id') end,
    v_table, v_where)
     into v_rows
    using v_pattern, private.utc_day_start(p_from), private.utc_day_start(p_to + 1), p_confirmed, p_invited,
          v_source, p_after_created_at, p_after_id, private.console_limit(p_limit, 1000, 1000);
  return v_rows;
end;
$_$;
REVOKE ALL ON FUNCTION private.console_export_signup_page(p_form text, p_search text, p_from date, p_to date, p_confirmed boolean, p_invited boolean, p_source text, p_after_created_at timestamp with time zone, p_after_id uuid, p_limit integer) FROM PUBLIC;

-- A staff row that goes takes its Auth user along, with its sessions (their foreign keys cascade), so
-- removal and erasure end the sessions at once. On hosted Supabase the owner, postgres, may delete there.
CREATE FUNCTION private.delete_staff_auth_user() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  delete from auth.users u where lower(u.email) = old.auth_email;
  return old;
end;
$$;
REVOKE ALL ON FUNCTION private.delete_staff_auth_user() FROM PUBLIC;

-- As migration 20251128000000, with the session's address read as the staff row's Auth address: the
-- session's email claim and its user's address are that auth_email, and the answer is the staff address.
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
REVOKE ALL ON FUNCTION private.staff_caller() FROM PUBLIC;

-- The sign-up lists' and the audit log's policies below call it as the signed-in role.
CREATE FUNCTION private.is_staff() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.staff_caller() is not null
$$;
REVOKE ALL ON FUNCTION private.is_staff() FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_staff() TO authenticated;

-- The acting staff address, or 42501 'Staff only' (PostgREST: 403) for anyone else.
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
REVOKE ALL ON FUNCTION private.require_staff() FROM PUBLIC;

-- When rows of the four tables are deleted, whatever deletes them (erasure, retention, unsubscribe, an
-- operator), their lines lose the address and the notes. One UPDATE per statement.
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
REVOKE ALL ON FUNCTION private.scrub_audit_subjects() FROM PUBLIC;

-- What a line keeps once its subject's record is gone: the statuses, not the note.
CREATE FUNCTION private.scrubbed_audit_detail(p_detail jsonb) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select (p_detail - 'note') || '{"subject_removed": true}'::jsonb
$$;
REVOKE ALL ON FUNCTION private.scrubbed_audit_detail(p_detail jsonb) FROM PUBLIC;

-- As migration 20251128000000, passing the line's source filter on.
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
REVOKE ALL ON FUNCTION public.console_export_rows(p_export bigint, p_after_created_at timestamp with time zone, p_after_id uuid, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_export_rows(p_export bigint, p_after_created_at timestamp with time zone, p_after_id uuid, p_limit integer) TO authenticated;

-- The CSV export (supabase/functions/console-export) logs itself before its first byte: the list
-- ('early_access', 'waitlist', 'newsletter' or 'applications') and its filter, a JSON object of the
-- list's parameters without their p_ (private.console_export_filter). Returns the line's id, the export
-- id that console_export_rows reads the rows with: the rows are those the line describes, and no others.
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
REVOKE ALL ON FUNCTION public.console_log_export(p_kind text, p_filter jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_log_export(p_kind text, p_filter jsonb) TO authenticated;

-- Where an application's résumé is, {path, filename}, for the console to sign a short-lived URL with
-- (storage createSignedUrl(path, 60), which the storage policy below allows the caller for 2 minutes
-- after this line); NULL when there is no résumé. Logged as open_resume.
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
REVOKE ALL ON FUNCTION public.console_open_resume(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_open_resume(p_id uuid) TO authenticated;

-- As migration 20251128000000, answering a staff member's address rather than their Auth address (the
-- session's email claim, which the console never shows), also once the session is no longer staff (it
-- ended, say); any other session's claim as it is.
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
REVOKE ALL ON FUNCTION public.console_whoami() FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_whoami() TO authenticated;

CREATE TRIGGER early_access_signups_scrub_audit AFTER DELETE ON public.early_access_signups REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION private.scrub_audit_subjects('early_access');

CREATE TRIGGER general_applications_scrub_audit AFTER DELETE ON public.general_applications REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION private.scrub_audit_subjects('application');

CREATE TRIGGER newsletter_subscriptions_scrub_audit AFTER DELETE ON public.newsletter_subscriptions REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION private.scrub_audit_subjects('newsletter');

CREATE TRIGGER staff_auth_user_delete AFTER DELETE ON public.staff FOR EACH ROW EXECUTE FUNCTION private.delete_staff_auth_user();

CREATE TRIGGER waitlist_signups_scrub_audit AFTER DELETE ON public.waitlist_signups REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION private.scrub_audit_subjects('waitlist');

-- The sign-up lists, for the console's own reads. Applications are not here: staff read them through
-- the console_* functions only (the list's columns, or a logged read of one application).
-- (select …) makes the check one InitPlan per query instead of a call per row.
CREATE POLICY early_access_signups_staff_select ON public.early_access_signups FOR SELECT TO authenticated USING (( SELECT private.is_staff() AS is_staff));

CREATE POLICY newsletter_subscriptions_staff_select ON public.newsletter_subscriptions FOR SELECT TO authenticated USING (( SELECT private.is_staff() AS is_staff));

CREATE POLICY staff_audit_log_staff_select ON public.staff_audit_log FOR SELECT TO authenticated USING (( SELECT private.is_staff() AS is_staff));

CREATE POLICY waitlist_signups_staff_select ON public.waitlist_signups FOR SELECT TO authenticated USING (( SELECT private.is_staff() AS is_staff));
