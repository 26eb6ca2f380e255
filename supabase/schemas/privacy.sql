-- A visitor's rights over their records: a copy or an erasure of everything kept for their mailbox,
-- asked for with a link mailed to it (docs/security.md, "Consent"; docs/backend.md for the console's
-- records); and retention: what is deleted when, and on what schedule.

-- Erasure and copies -----------------------------------------------------------------------------------

-- Résumé files whose application is gone, until the storage API has removed them (SQL cannot: deleting
-- storage.objects rows leaves the bytes behind). Erasure and expiry queue them in the same transaction
-- that deletes the row, so no file is forgotten if the removal fails; privacy-fulfil and
-- `npm run expire-applications` remove them and drain the queue.
CREATE TABLE public.resume_removals (
    path text NOT NULL,
    queued_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT resume_removals_path_check CHECK ((path ~ '^resumes/[0-9]{13}-[0-9a-f]{32}\.(pdf|doc|docx)$'::text)),
    CONSTRAINT resume_removals_pkey PRIMARY KEY (path)
);

ALTER TABLE ONLY public.resume_removals FORCE ROW LEVEL SECURITY;
ALTER TABLE public.resume_removals ENABLE ROW LEVEL SECURITY;
GRANT SELECT,INSERT,DELETE ON TABLE public.resume_removals TO service_role;

-- The mailbox's Supabase Auth users (auth.users by its address, in any letter case, as every other
-- record of a mailbox is found): whether there is one, what a copy shows of each, and their deletion.
-- auth.users is Auth's, readable by no API role, so these run as their owner (on hosted Supabase the
-- postgres role, which holds SELECT and DELETE on it and bypasses its row-level security). A staff
-- member's own user is under their staff row's Auth address; other users of a mailbox come from before
-- the console's own codes or from a sign-in method turned on later (docs/backend.md).
CREATE FUNCTION private.mailbox_has_auth_user(p_mailbox_sha256 text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (select from auth.users u where private.mailbox_sha256(u.email) = p_mailbox_sha256)
$$;
REVOKE ALL ON FUNCTION private.mailbox_has_auth_user(p_mailbox_sha256 text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mailbox_has_auth_user(p_mailbox_sha256 text) TO service_role;

-- What a copy shows of them (accounts): every Auth user of the mailbox, a staff member's own too.
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
REVOKE ALL ON FUNCTION private.mailbox_auth_accounts(p_mailbox_sha256 text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mailbox_auth_accounts(p_mailbox_sha256 text) TO service_role;

-- Deletes them. Deleting a user deletes its sessions, refresh tokens, identities and one-time tokens with
-- it (their foreign keys cascade, locally as on hosted Auth), so its sessions stop being staff at once.
-- A staff member's own user goes with their staff row (private.delete_staff_auth_user, staff.sql).
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
REVOKE ALL ON FUNCTION private.erase_auth_users(p_mailbox_sha256 text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.erase_auth_users(p_mailbox_sha256 text) TO service_role;

-- What erasing a mailbox does to the console's records, beyond the rows (whose lines
-- private.scrub_audit_subjects scrubs, staff.sql): lines that still name the address lose it and their
-- notes; an export's filter loses a value that is the address; and if the address is (or was) a staff
-- member's, it is replaced in every line, status change, invitation and staff row by one marker, 'erased
-- staff member <12 hex digits>', drawn afresh for each erasure, so the log still tells one actor's
-- actions apart without saying who; the staff row is deleted, and one line erase_staff (actor: the
-- marker) says that an erasure anonymised a staff member and how many records it re-attributed
-- (docs/backend.md has the decision and its cost). Runs as its owner: no API role may change the log.
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
REVOKE ALL ON FUNCTION private.erase_console_records(p_mailbox_sha256 text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.erase_console_records(p_mailbox_sha256 text) TO service_role;

-- Whether the mailbox has any record here, and so whether a privacy link may be mailed: a row in one of
-- the four tables, a suppression, a staff row, a line or status change it wrote as staff, or a Supabase
-- Auth user. So a staff member, or anyone Auth knows, can have theirs erased or copied through the
-- privacy page like anyone.
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
REVOKE ALL ON FUNCTION private.mailbox_has_records(p_mailbox_sha256 text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mailbox_has_records(p_mailbox_sha256 text) TO service_role;

-- Stores an erase or copy token (1 hour) for the address's mailbox and says whether to mail the link:
-- only when the mailbox has records here and neither cap is reached. A mailbox gets at most 3 links a
-- day at one client address's request and 10 a day in all, so a stranger at one address spends 3 of
-- them, never the owner's whole day. A capped request takes neither count. The same work is done either
-- way, so the time it takes tells the caller nothing, and the caller answers alike in every case.
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
REVOKE ALL ON FUNCTION public.issue_privacy_token(p_email text, p_purpose text, p_token_hash text, p_client_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.issue_privacy_token(p_email text, p_purpose text, p_token_hash text, p_client_address text) TO service_role;

-- The same without the client address: every call counts as one requester ('unknown'). Nothing in the
-- repository calls this form.
CREATE FUNCTION public.issue_privacy_token(p_email text, p_purpose text, p_token_hash text) RETURNS boolean
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select public.issue_privacy_token(p_email, p_purpose, p_token_hash, null)
$$;
REVOKE ALL ON FUNCTION public.issue_privacy_token(p_email text, p_purpose text, p_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.issue_privacy_token(p_email text, p_purpose text, p_token_hash text) TO service_role;

-- Stores an erase or copy token (public.issue_privacy_token: the caps, the same work either way) and, when
-- the link is to be mailed, queues it to the mailbox, in one transaction. Returns whether it was queued.
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
REVOKE ALL ON FUNCTION public.queue_privacy_link(p_email text, p_action text, p_message_id uuid, p_token_hash text, p_client_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.queue_privacy_link(p_email text, p_action text, p_message_id uuid, p_token_hash text, p_client_address text) TO service_role;

-- Uses a copy token: once, within its hour. Returns every record of the mailbox: its rows in the four
-- tables as stored, each application with its status history (statuses, notes and when; not which staff
-- member), a waitlist row without who invited it; its suppressions; and its Supabase Auth users
-- (accounts: email, created_at, last_sign_in_at). Audit lines are not copied. NULL for any other token.
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
REVOKE ALL ON FUNCTION public.copy_mailbox_records(p_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.copy_mailbox_records(p_token_hash text) TO service_role;

-- Uses an erase token: once, within its hour. Deletes every row of the mailbox in the four tables (their
-- tokens and queued mail go with them, their audit lines lose the address), the mailbox's other privacy
-- tokens and unsent privacy-link mails, what Resend reported about its mail, its console records
-- (private.erase_console_records) and its Supabase Auth users; queues the résumé files for removal, and
-- answers what went. Suppressions stay, of both kinds (public.email_suppressions,
-- public.mail_suppressions): they are what keeps the mailbox unmailed ('kept' counts the unsubscribes,
-- which the privacy page describes). NULL for any other token.
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
REVOKE ALL ON FUNCTION public.erase_mailbox_records(p_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.erase_mailbox_records(p_token_hash text) TO service_role;

-- Retention --------------------------------------------------------------------------------------------

-- When confirmation by email began (one row). Sign-ups stored before it were never asked to confirm
-- (their mail had no link), so their 30 days count from this moment rather than from their sign-up, and
-- retention does not wipe them unannounced.
CREATE TABLE public.retention_settings (
    id boolean DEFAULT true NOT NULL,
    confirmation_required_since timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT retention_settings_id_check CHECK (id),
    CONSTRAINT retention_settings_pkey PRIMARY KEY (id)
);

ALTER TABLE ONLY public.retention_settings FORCE ROW LEVEL SECURITY;
ALTER TABLE public.retention_settings ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON TABLE public.retention_settings TO service_role;

-- Its one row.
insert into public.retention_settings default values;

-- Deletes what is kept no longer, at the time it is given (tests run it at any clock; the schedules pass
-- now()): list sign-ups still unconfirmed 30 days after they were made (or after
-- confirmation_required_since, for older rows), tokens past their expiry, and settled mail: sent
-- messages (which hold no address) after 7 days, dead letters and withheld messages (mail-budget.sql)
-- after 30. Answers the counts.
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
      or (status = 'dead' and dead_at < v_cutoff)
      or (status = 'withheld' and created_at < v_cutoff);
  get diagnostics v_mail = row_count;
  return jsonb_build_object(
    'unconfirmed', jsonb_build_object(
      'early_access', v_early_access, 'newsletter', v_newsletter, 'waitlist', v_waitlist),
    'expired_tokens', v_tokens,
    'settled_mail', v_mail);
end;
$$;
REVOKE ALL ON FUNCTION public.apply_retention(p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.apply_retention(p_now timestamp with time zone) TO service_role;

-- Deletes applications 12 months after they arrived, the period the careers mail states, and queues
-- their résumé files for removal. Removing the files needs the storage API, so this is not on the SQL
-- schedule: `npm run expire-applications` runs both steps, daily in the Retention workflow
-- (.github/workflows/retention.yml).
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
REVOKE ALL ON FUNCTION public.expire_applications(p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.expire_applications(p_now timestamp with time zone) TO service_role;

-- The hosted schedule: public.apply_retention every hour. pg_cron is available on hosted Supabase
-- (Integrations > Cron) but not in every PostgreSQL (not in PGlite, where tools/local-supabase runs the
-- same function on a timer), so the extension is created only where it exists. cron.schedule with a job
-- name replaces a job of that name, so running this again changes nothing.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
    perform cron.schedule('agentora-retention', '7 * * * *', 'select public.apply_retention(now())');
  end if;
end
$$;
