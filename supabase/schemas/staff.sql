-- The team: who staff are (public.staff, changed by the service role only), how a session is
-- recognised as staff, what they may read, and the audit log of what they read and export, with the two
-- reads that go through the log itself (the CSV export's rows and a résumé's opening). Every function a
-- staff session calls, but console_whoami, starts with private.require_staff(). The console's lists and
-- changes are console-lists.sql and console-growth.sql; its sign-in is staff-sign-in.sql.

-- Who staff are ----------------------------------------------------------------------------------------

-- The staff addresses, lower case, and who added each (the command's --by, or the command's name);
-- `npm run staff` keeps it, with the service role, which alone reads or changes it. auth_email is the
-- address the console signs the staff member in to Supabase Auth under (staff-sign-in.sql): made up at
-- random, so no Auth user carries a staff address and Auth answers alike for every address. `.invalid`
-- is reserved (RFC 2606): no mail reaches it; 122 random bits, so nobody guesses one. The default is
-- written out rather than a function of the private schema, which the service role that adds staff
-- cannot call.
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

-- The audit log ----------------------------------------------------------------------------------------

-- The audit log: a line for each application read, résumé opened, export, status change and
-- invitation, and for each erasure of a staff member's address (erase_staff). Staff may read it (the
-- policies at the end of this file); only the functions write it, through private.audit, and no API role
-- may change or delete a line. subject_kind is the subject's list ('staff' for erase_staff) and
-- subject_id its row (NULL for an export). subject_mailbox is the subject's address as stored when the
-- line was written, so that erasure finds the line, and NULL once the subject's record is gone. detail:
-- change_status, from, to and note; export, the list and its filter; erase_staff, how many of each
-- record were re-attributed to the marker; the others, {}. Retention deletes no line: once its subject
-- is gone, a line names only the staff member.
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

-- Writes a line and answers its id. Only the console's functions call it, as its owner: no API role may
-- run it, so a line says only what a function logs.
CREATE FUNCTION private.audit(p_actor text, p_action text, p_subject_kind text, p_subject_id uuid, p_subject_mailbox text, p_detail jsonb) RETURNS bigint
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into public.staff_audit_log (actor, action, subject_kind, subject_id, subject_mailbox, detail)
  values (p_actor, p_action, p_subject_kind, p_subject_id, p_subject_mailbox, coalesce(p_detail, '{}'::jsonb))
  returning id
$$;
REVOKE ALL ON FUNCTION private.audit(p_actor text, p_action text, p_subject_kind text, p_subject_id uuid, p_subject_mailbox text, p_detail jsonb) FROM PUBLIC;

-- Who a session is -------------------------------------------------------------------------------------

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

CREATE TRIGGER staff_auth_user_delete AFTER DELETE ON public.staff FOR EACH ROW EXECUTE FUNCTION private.delete_staff_auth_user();

-- The staff address of the request's session, or NULL. Reads the JWT's claims as PostgREST and the
-- storage API set them (auth.jwt()); the session's email claim and its user's address are the staff
-- row's auth_email, and the answer is the staff address. The sign-in methods accepted are those that
-- prove the mailbox (GoTrue's amr names): a session from a password or an OAuth provider never counts,
-- whatever its email claim says, so turning on another sign-in method cannot make someone staff. The
-- token must also name a live session of Supabase Auth: its session_id a row of auth.sessions of its sub
-- (the user), that user's address the Auth address, and the session not past its not_after. Signing
-- out deletes the row, and so does deleting the user, so either ends staff access at once rather than
-- when the token expires; a token that names a session Auth never made is not staff, whoever signed it
-- (the legacy JWT secret too). The ids are compared as text: a claim that is not a uuid matches nothing
-- instead of failing the request. Runs as its owner, which may read public.staff and Auth's tables.
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

-- Whether the session is staff: the read policies at the end of this file call it as the signed-in
-- role.
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

-- Who is signed in: {email, staff}, for any signed-in session, so the console can say "not staff". A
-- staff member's email is their staff address, not their Auth address (the session's email claim, which
-- the console never shows), also once the session is not staff any more (it ended, say); any other
-- session's email claim as it is.
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

-- The log when its subjects go -------------------------------------------------------------------------

-- When rows of the four tables are deleted, whatever deletes them (erasure, retention, unsubscribe, an
-- operator), their lines lose the address and the notes. One UPDATE per statement (the triggers that
-- follow). What erasure does to the rest of the log is private.erase_console_records (privacy.sql).
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

-- The lines of deleted rows lose their subject's address and notes (private.scrub_audit_subjects).
CREATE TRIGGER early_access_signups_scrub_audit AFTER DELETE ON public.early_access_signups REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION private.scrub_audit_subjects('early_access');

CREATE TRIGGER general_applications_scrub_audit AFTER DELETE ON public.general_applications REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION private.scrub_audit_subjects('application');

CREATE TRIGGER newsletter_subscriptions_scrub_audit AFTER DELETE ON public.newsletter_subscriptions REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION private.scrub_audit_subjects('newsletter');

CREATE TRIGGER waitlist_signups_scrub_audit AFTER DELETE ON public.waitlist_signups REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION private.scrub_audit_subjects('waitlist');

-- The CSV export ---------------------------------------------------------------------------------------

-- An export's filter, checked for its list, or 22023 naming what is wrong: a JSON object (at most 2000
-- bytes) with only the list's keys, each of its type: search (text of at most 200 characters), from and
-- to (days, YYYY-MM-DD, from not after to), confirmed (a boolean; the sign-up lists), invited (a
-- boolean; early access and the waitlist), status (one of the six; applications) and source (a source label; every
-- list). Returned as given.
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

-- A keyset page of a sign-up list's export: up to p_limit (at most 1000) whole rows after
-- (p_after_created_at, p_after_id), ordered by (created_at, id), each with its source label (source), as
-- a JSON array. The same filters as console_signups; on the two lists a wave invites, each row has the
-- member's invitation too (invited_at, invite_wave, invite_place, invite_state, joined_at; none when not
-- invited: public.invitations, launch-waves.sql). Checks nothing about the caller: console_export_rows
-- does.
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

-- A keyset page of the applications' export: up to p_limit (at most 1000) whole rows after
-- (p_after_created_at, p_after_id), ordered by (created_at, id), each with its source label (source), as
-- a JSON array. The same filters as console_applications. Checks nothing about the caller:
-- console_export_rows does.
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

-- A keyset page of the export that audit line p_export describes (console_log_export's answer): up to
-- p_limit (at most 1000) whole rows of its list and filter after (p_after_created_at, p_after_id),
-- ordered by (created_at, id), as a JSON array. Start with both NULL; go on from the last row's
-- created_at and id. Only for the staff member who wrote the line, within an hour of it: another's line
-- is 42501; a line that is not an export, or is an hour old, is 22023. The rows come only through the
-- line, so an export can neither skip its line nor make it say something else.
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

-- A résumé ---------------------------------------------------------------------------------------------

-- Where an application's résumé is, {path, filename}, or NULL when there is none; logged as
-- open_resume. The function console-resume calls it as the staff member's session (the staff check and
-- the line, at every download), then reads the object with the secret key and answers its bytes. Staff
-- sign no storage link (the bucket has no policy), so a staff member removed from the list is refused
-- at their next request, and nothing they fetched earlier is a link that still works.
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

-- What staff read directly: the sign-up lists, for the console's own reads, and the audit log (its
-- grant to authenticated is SELECT only). Applications are not here: staff read them through the
-- console_* functions only (the list's columns, or a logged read of one application). Any other session
-- sees no row. (select …) makes the check one InitPlan per query instead of a call per row.
CREATE POLICY early_access_signups_staff_select ON public.early_access_signups FOR SELECT TO authenticated USING (( SELECT private.is_staff() AS is_staff));

CREATE POLICY newsletter_subscriptions_staff_select ON public.newsletter_subscriptions FOR SELECT TO authenticated USING (( SELECT private.is_staff() AS is_staff));

CREATE POLICY staff_audit_log_staff_select ON public.staff_audit_log FOR SELECT TO authenticated USING (( SELECT private.is_staff() AS is_staff));

CREATE POLICY waitlist_signups_staff_select ON public.waitlist_signups FOR SELECT TO authenticated USING (( SELECT private.is_staff() AS is_staff));
