-- The team's console (issue 26, docs/backend.md "The console's data"): staff sign in with an email code
-- and read the sign-ups and applications, move applications through their workflow, open résumés,
-- export lists and invite waitlist members. Everything the browser may do is here, checked in SQL.
--
-- 1. public.staff: the addresses that are staff. Only the service role reads or changes it
--    (`npm run staff`). private.is_staff() says whether the request's session is one of them: the
--    JWT's role is authenticated, it is not an anonymous sign-in, it was signed in by a method that
--    proved the mailbox (an emailed code or link, never a password), its email is in the table, and it
--    names a live Auth session of that user (auth.sessions), so signing out ends staff access at once.
-- 2. Staff read the three sign-up tables and the audit log (policies for authenticated that ask
--    private.is_staff(); any other session sees no row). Applications and their status history are read
--    only through the console_* functions below, which log what they show; a résumé object is readable
--    (so a signed URL can be made) only by the staff member who logged its opening in the last 2
--    minutes. The functions refuse anyone but staff with 42501 'Staff only'. Nothing else is granted to
--    authenticated.
-- 3. Applications move pending → reviewing → interviewing → offer; rejected and withdrawn from any status
--    that is not final; offer, rejected and withdrawn are final. The old 'hired' becomes 'offer'. Every
--    change is kept in public.application_status_changes.
-- 4. public.staff_audit_log: one line for each application read, résumé opened, export, status change
--    and invitation, and for each erasure of a staff member's address. Staff may read it; only the
--    functions here write it; no API role may change or delete a line. An export reads its rows only
--    through its own line (console_export_rows), so it cannot skip the line or log something else. When
--    a record goes (erasure, retention, unsubscribe), its lines lose the subject's address and notes;
--    erasing a staff member's address replaces it by a marker in every line, and says so in a line.
-- 5. Invitations: a waitlist member who confirmed and is not suppressed can be invited once; the
--    invitation is a mail_queue message of kind 'invite' that the worker renders from the stored row.
-- 6. Erasure and copies cover the mailbox's Supabase Auth user too (auth.users, with its sessions).
--
-- Everything is plain SQL for PGlite (18), PostgreSQL 15 and hosted 17. The lists' searches scan the
-- table: a trigram index (pg_trgm) would need the extension in every database, and the local server's
-- PGlite loads none (docs/backend.md has the measurements at 100,000 rows per table).

-- 1. Staff ----------------------------------------------------------------------------------------------

create table public.staff (
  email text primary key,
  added_at timestamptz not null default now(),
  -- Who added the address (the command's --by, or the command's name).
  added_by text,
  constraint staff_email_check check (email = lower(email) and private.is_plain_email_address(email)),
  constraint staff_added_by_check check (added_by is null or char_length(added_by) between 1 and 254)
);
alter table public.staff enable row level security;
alter table public.staff force row level security;
revoke all on table public.staff from public, anon, authenticated;
grant select, insert, update, delete on table public.staff to service_role;

-- The staff address of the request's session, or NULL. Reads the JWT's claims as PostgREST and the
-- storage API set them (auth.jwt()). The sign-in methods accepted are those that prove the mailbox
-- (GoTrue's amr names): a session from a password or an OAuth provider never counts, whatever its email
-- claim says, so turning on another sign-in method cannot make someone staff. The token must also name a
-- live session of Supabase Auth: its session_id a row of auth.sessions of its sub (the user), that user's
-- address the staff address, and the session not past its not_after. Signing out deletes the row, and so
-- does deleting the user, so either ends staff access at once rather than when the token expires; a token
-- that names a session Auth never made is not staff, whoever signed it (the legacy JWT secret too). The
-- ids are compared as text: a claim that is not a uuid matches nothing instead of failing the request.
create function private.staff_caller()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select s.email
    from (select auth.jwt() as c) claims
    join public.staff s on s.email = lower(claims.c ->> 'email')
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
          and lower(u.email) = s.email
          and (session.not_after is null or session.not_after > now()))
$$;
revoke all on function private.staff_caller() from public;

-- The sign-up lists' and the audit log's policies below call it as the signed-in role.
create function private.is_staff()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.staff_caller() is not null
$$;
revoke all on function private.is_staff() from public;
grant execute on function private.is_staff() to authenticated;

-- The acting staff address, or 42501 'Staff only' (PostgREST: 403) for anyone else.
create function private.require_staff()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_actor text := private.staff_caller();
begin
  if v_actor is null then
    raise exception 'Staff only' using errcode = '42501';
  end if;
  return v_actor;
end;
$$;
revoke all on function private.require_staff() from public;

-- 2. What staff read -----------------------------------------------------------------------------------

-- The sign-up lists, for the console's own reads. Applications are not here: staff read them through
-- the console_* functions only (the list's columns, or a logged read of one application).
-- (select …) makes the check one InitPlan per query instead of a call per row.
create policy early_access_signups_staff_select on public.early_access_signups
  for select to authenticated using ((select private.is_staff()));
create policy newsletter_subscriptions_staff_select on public.newsletter_subscriptions
  for select to authenticated using ((select private.is_staff()));
create policy waitlist_signups_staff_select on public.waitlist_signups
  for select to authenticated using ((select private.is_staff()));
grant select on table public.early_access_signups to authenticated;
grant select on table public.newsletter_subscriptions to authenticated;
grant select on table public.waitlist_signups to authenticated;

-- 3. The application workflow --------------------------------------------------------------------------

alter table public.general_applications drop constraint general_applications_status_check;
update public.general_applications set status = 'offer' where status = 'hired';
alter table public.general_applications
  add constraint general_applications_status_check
    check (status in ('pending', 'reviewing', 'interviewing', 'offer', 'rejected', 'withdrawn'));

-- Whether an application may move from one status to another.
create function private.application_status_change_allowed(p_from text, p_to text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(case
    when p_from in ('offer', 'rejected', 'withdrawn') then false
    when p_to in ('rejected', 'withdrawn') then p_from in ('pending', 'reviewing', 'interviewing')
    else (p_from, p_to) in (('pending', 'reviewing'), ('reviewing', 'interviewing'), ('interviewing', 'offer'))
  end, false)
$$;
revoke all on function private.application_status_change_allowed(text, text) from public;

-- A staff address, or the marker that replaces an erased one (see private.erase_console_records).
-- Inlined into the CHECKs below rather than a function, so inserting roles need no EXECUTE on it.
create table public.application_status_changes (
  id bigint generated always as identity primary key,
  application_id uuid not null references public.general_applications (id) on delete cascade,
  from_status text not null,
  to_status text not null,
  note text,
  changed_by text not null,
  changed_at timestamptz not null default now(),
  constraint application_status_changes_to_status_check
    check (to_status in ('reviewing', 'interviewing', 'offer', 'rejected', 'withdrawn')),
  constraint application_status_changes_note_check
    check (note is null or (char_length(note) <= 2000 and private.has_visible_text(note))),
  constraint application_status_changes_changed_by_check
    check ((changed_by = lower(changed_by) and private.is_plain_email_address(changed_by))
           or changed_by ~ '^erased staff member [0-9a-f]{12}$')
);
create index application_status_changes_application on public.application_status_changes (application_id, changed_at);
create index application_status_changes_changed_by on public.application_status_changes (private.mailbox_sha256(changed_by));
alter table public.application_status_changes enable row level security;
alter table public.application_status_changes force row level security;
-- The service role reads it (an operator); staff see it through console_application only.
revoke all on table public.application_status_changes from public, anon, authenticated, service_role;
grant select on table public.application_status_changes to service_role;

-- 4. The audit log -------------------------------------------------------------------------------------

create table public.staff_audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor text not null,
  action text not null,
  -- Which list the subject is on, and its row (NULL for an export); 'staff' for erase_staff.
  subject_kind text not null,
  subject_id uuid,
  -- The subject's address as stored when the line was written, so that erasure finds the line;
  -- NULL once the subject's record is gone.
  subject_mailbox text,
  -- change_status: from, to, note; export: kind and the filter; erase_staff: how many of each record
  -- were re-attributed to the marker; the others: {}.
  detail jsonb not null default '{}'::jsonb,
  constraint staff_audit_log_actor_check
    check ((actor = lower(actor) and private.is_plain_email_address(actor))
           or actor ~ '^erased staff member [0-9a-f]{12}$'),
  constraint staff_audit_log_action_check
    check (action in ('read_application', 'open_resume', 'export', 'change_status', 'invite', 'erase_staff')),
  constraint staff_audit_log_subject_kind_check
    check (subject_kind in ('early_access', 'newsletter', 'waitlist', 'application', 'staff')),
  constraint staff_audit_log_detail_check
    check (jsonb_typeof(detail) = 'object' and octet_length(detail::text) <= 4000)
);
create index staff_audit_log_at on public.staff_audit_log (at);
create index staff_audit_log_subject on public.staff_audit_log (subject_id);
create index staff_audit_log_subject_mailbox on public.staff_audit_log (private.mailbox_sha256(subject_mailbox))
  where subject_mailbox is not null;
create index staff_audit_log_actor on public.staff_audit_log (private.mailbox_sha256(actor));
create index staff_audit_log_exports on public.staff_audit_log (at) where action = 'export';
alter table public.staff_audit_log enable row level security;
alter table public.staff_audit_log force row level security;
revoke all on table public.staff_audit_log from public, anon, authenticated, service_role;
-- Read only, for everyone: lines are written by the functions below (their owner's rights) alone.
grant select on table public.staff_audit_log to authenticated, service_role;
create policy staff_audit_log_staff_select on public.staff_audit_log
  for select to authenticated using ((select private.is_staff()));

-- Writes a line; its id.
create function private.audit(
  p_actor text,
  p_action text,
  p_subject_kind text,
  p_subject_id uuid,
  p_subject_mailbox text,
  p_detail jsonb
)
returns bigint
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.staff_audit_log (actor, action, subject_kind, subject_id, subject_mailbox, detail)
  values (p_actor, p_action, p_subject_kind, p_subject_id, p_subject_mailbox, coalesce(p_detail, '{}'::jsonb))
  returning id
$$;
revoke all on function private.audit(text, text, text, uuid, text, jsonb) from public;

-- What a line keeps once its subject's record is gone: the statuses, not the note.
create function private.scrubbed_audit_detail(p_detail jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select (p_detail - 'note') || '{"subject_removed": true}'::jsonb
$$;
revoke all on function private.scrubbed_audit_detail(jsonb) from public;

-- When rows of the four tables are deleted, whatever deletes them (erasure, retention, unsubscribe, an
-- operator), their lines lose the address and the notes. One UPDATE per statement.
create function private.scrub_audit_subjects()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.staff_audit_log l
     set subject_mailbox = null, detail = private.scrubbed_audit_detail(l.detail)
   where l.subject_kind = tg_argv[0]
     and l.subject_id in (select d.id from deleted d)
     and (l.subject_mailbox is not null or l.detail ? 'note');
  return null;
end;
$$;
revoke all on function private.scrub_audit_subjects() from public;

create trigger early_access_signups_scrub_audit
  after delete on public.early_access_signups referencing old table as deleted
  for each statement execute function private.scrub_audit_subjects('early_access');
create trigger newsletter_subscriptions_scrub_audit
  after delete on public.newsletter_subscriptions referencing old table as deleted
  for each statement execute function private.scrub_audit_subjects('newsletter');
create trigger waitlist_signups_scrub_audit
  after delete on public.waitlist_signups referencing old table as deleted
  for each statement execute function private.scrub_audit_subjects('waitlist');
create trigger general_applications_scrub_audit
  after delete on public.general_applications referencing old table as deleted
  for each statement execute function private.scrub_audit_subjects('application');

-- 5. Invitations ---------------------------------------------------------------------------------------

alter table public.waitlist_signups
  add column invited_at timestamptz,
  add column invited_by text,
  add constraint waitlist_signups_invited_check
    check ((invited_at is null) = (invited_by is null)),
  add constraint waitlist_signups_invited_by_check
    check (invited_by is null
           or (invited_by = lower(invited_by) and private.is_plain_email_address(invited_by))
           or invited_by ~ '^erased staff member [0-9a-f]{12}$');
create index waitlist_signups_invited_by on public.waitlist_signups (private.mailbox_sha256(invited_by))
  where invited_by is not null;

alter table public.mail_queue drop constraint mail_queue_kind_check;
alter table public.mail_queue drop constraint mail_queue_subject_check;
alter table public.mail_queue
  add constraint mail_queue_kind_check check (kind in ('thank_you', 'privacy_link', 'invite')),
  add constraint mail_queue_subject_check check (
    case kind
      when 'thank_you' then
        action is null and recipient is null
        and case list
          when 'early_access' then num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1 and early_access_id is not null
          when 'newsletter' then num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1 and newsletter_id is not null
          when 'waitlist' then num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1 and waitlist_id is not null
          when 'career' then num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1 and application_id is not null
          else false
        end
      -- An invitation names the waitlist sign-up; it goes with the row.
      when 'invite' then
        list = 'waitlist' and action is null and recipient is null
        and num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1
        and waitlist_id is not null
      else
        list is null and action in ('erase', 'copy')
        and num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 0
        and (recipient is not null or status = 'sent')
    end);

-- As migration 20251126000000, and an invitation goes to its sign-up's address only while the sign-up
-- is confirmed and its mailbox not suppressed for the waitlist; it also returns the first name, which a
-- mail to a confirmed address may carry (docs/security.md, "What a mail may carry").
create or replace function public.take_queued_mail(p_lease_seconds integer)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_message public.mail_queue;
  v_to text;
  v_first_name text;
begin
  update public.mail_queue
     set status = 'dead', dead_at = now(), lease = null, leased_until = null,
         last_error = left(case
           when status = 'sending' and attempts >= private.mail_max_attempts() then
             'The worker stopped while sending, ' || attempts || ' times.'
           when kind = 'privacy_link' and created_at < now() - interval '1 hour' then
             'Its link expired (1 hour) before it could be sent.'
           else 'Not sent within 23 hours; last answer: ' || coalesce(last_error, 'none')
         end, 1000)
   where status in ('queued', 'sending')
     and (status = 'queued' or leased_until <= now())
     and ((status = 'sending' and attempts >= private.mail_max_attempts())
          or (kind = 'privacy_link' and created_at < now() - interval '1 hour')
          or created_at < now() - interval '23 hours');

  select * into v_message
    from public.mail_queue
   where (status = 'queued' and available_at <= now())
      or (status = 'sending' and leased_until <= now())
   order by available_at, created_at
   limit 1
     for update skip locked;
  if not found then
    return null;
  end if;
  update public.mail_queue
     set status = 'sending', attempts = attempts + 1, lease = gen_random_uuid(),
         leased_until = now() + make_interval(secs => greatest(p_lease_seconds, 1))
   where id = v_message.id
  returning * into v_message;

  if v_message.kind = 'invite' then
    select w.email, w.first_name into v_to, v_first_name
      from public.waitlist_signups w
     where w.id = v_message.waitlist_id
       and w.confirmed_at is not null
       and not exists (select from public.email_suppressions s
                        where s.mailbox_sha256 = private.mailbox_sha256(w.email) and s.list = 'waitlist');
    return jsonb_build_object(
      'id', v_message.id, 'lease', v_message.lease, 'kind', v_message.kind, 'list', v_message.list,
      'action', v_message.action, 'to', v_to, 'attempts', v_message.attempts,
      'first_name', v_first_name);
  end if;
  v_to := case v_message.kind
    when 'privacy_link' then v_message.recipient
    else coalesce(
      (select email from public.early_access_signups where id = v_message.early_access_id),
      (select email from public.newsletter_subscriptions where id = v_message.newsletter_id),
      (select email from public.waitlist_signups where id = v_message.waitlist_id),
      (select email from public.general_applications where id = v_message.application_id))
  end;
  return jsonb_build_object(
    'id', v_message.id, 'lease', v_message.lease, 'kind', v_message.kind, 'list', v_message.list,
    'action', v_message.action, 'to', v_to, 'attempts', v_message.attempts);
end;
$$;

-- An invitation's unsubscribe link: its token is derived from the message id with MAIL_LINK_SECRET,
-- which only the functions hold, so the worker stores the token's hash (the staff member who queued the
-- mail could not) before it sends, under the lease it holds. Repeating it for a retry changes nothing.
-- False when the lease is not the caller's any more or the message is gone with its sign-up.
create function public.keep_invite_unsubscribe_token(p_id uuid, p_lease uuid, p_token_hash text)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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
revoke all on function public.keep_invite_unsubscribe_token(uuid, uuid, text) from public, anon, authenticated;
grant execute on function public.keep_invite_unsubscribe_token(uuid, uuid, text) to service_role;

-- 6. Indexes for the lists (each page is one index walk; see docs/backend.md for the plans) --------------

create index early_access_signups_created on public.early_access_signups (created_at, id);
create index early_access_signups_email_order on public.early_access_signups (lower(email), id);
create index newsletter_subscriptions_created on public.newsletter_subscriptions (created_at, id);
create index newsletter_subscriptions_email_order on public.newsletter_subscriptions (lower(email), id);
create index waitlist_signups_created on public.waitlist_signups (created_at, id);
create index waitlist_signups_email_order on public.waitlist_signups (lower(email), id);
create index general_applications_created on public.general_applications (created_at, id);
create index general_applications_email_order on public.general_applications (lower(email), id);
create index general_applications_name_order
  on public.general_applications (lower(last_name), lower(first_name), id);
create index general_applications_status_created on public.general_applications (status, created_at, id);

-- 7. The console's functions ---------------------------------------------------------------------------

-- The table of a sign-up form, or 22023.
create function private.console_signup_table(p_form text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  case p_form
    when 'early_access' then return 'early_access_signups';
    when 'newsletter' then return 'newsletter_subscriptions';
    when 'waitlist' then return 'waitlist_signups';
    else raise exception 'Unknown form: %', coalesce(p_form, 'null') using errcode = '22023';
  end case;
end;
$$;
revoke all on function private.console_signup_table(text) from public;

-- A search as a LIKE pattern, lower case, matching it anywhere: NULL for no search; % _ and \ match
-- themselves. The lists compare it with lower() of the searched columns joined by spaces: one LIKE per
-- row is a third of the time of an ILIKE per column (PGlite, 100,000 rows), and a full name such as
-- "grace hopper" matches first and last name together.
create function private.console_search_pattern(p_search text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
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
revoke all on function private.console_search_pattern(text) from public;

-- Page sizes: at most 200 rows a page, 1000 a keyset page of an export.
create function private.console_limit(p_limit integer, p_default integer, p_max integer)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_limit is not null and (p_limit < 1 or p_limit > p_max) then
    raise exception 'p_limit must be 1 to %', p_max using errcode = '22023';
  end if;
  return coalesce(p_limit, p_default);
end;
$$;
revoke all on function private.console_limit(integer, integer, integer) from public;

-- The WHERE clause of a sign-up list, over alias s. Parameters: $1 the search pattern, $2 and $3 the
-- first and the day after the last day (UTC), $4 confirmed, $5 invited. Only the filters given appear,
-- so each query is planned for what it asks.
create function private.console_signup_filter(
  p_form text,
  p_pattern text,
  p_from date,
  p_to date,
  p_confirmed boolean,
  p_invited boolean
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
    end)
$$;
revoke all on function private.console_signup_filter(text, text, date, date, boolean, boolean) from public;

-- The same for applications: $1 the search pattern, $2 and $3 the days, $4 the status.
create function private.console_application_filter(p_pattern text, p_from date, p_to date, p_status text)
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
    case when p_status is not null then 's.status = $4' end);
end;
$$;
revoke all on function private.console_application_filter(text, date, date, text) from public;

-- Days are UTC days: the first moment of a day, as timestamptz.
create function private.utc_day_start(p_day date)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select p_day::timestamp at time zone 'UTC'
$$;
revoke all on function private.utc_day_start(date) from public;

-- The ORDER BY of a list page, over alias s, newest (or last) first unless p_descending is false.
create function private.console_order(p_sort text, p_descending boolean, p_sorts text[])
returns text
language plpgsql
immutable
set search_path = ''
as $$
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
revoke all on function private.console_order(text, boolean, text[]) from public;

-- Who is signed in: {email, staff}. For any signed-in session, so the console can say "not staff".
create function public.console_whoami()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('email', auth.jwt() ->> 'email', 'staff', private.staff_caller() is not null)
$$;

-- A page of a sign-up list: {total, rows}. Each row: id, email, created_at, confirmed_at, and on the
-- waitlist first_name, last_name, company, role, company_size, use_case, hear_about, invited_at.
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
  p_offset integer
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
  v_where text;
  v_order text;
  v_columns text;
  v_limit integer;
  v_total bigint;
  v_rows jsonb;
begin
  perform private.require_staff();
  v_table := private.console_signup_table(p_form);
  v_pattern := private.console_search_pattern(p_search);
  v_where := private.console_signup_filter(p_form, v_pattern, p_from, p_to, p_confirmed, p_invited);
  v_order := private.console_order(p_sort, p_descending, array['created_at', 'email']);
  v_limit := private.console_limit(p_limit, 50, 200);
  if coalesce(p_offset, 0) < 0 then
    raise exception 'p_offset must not be negative' using errcode = '22023';
  end if;
  v_columns := 's.id, s.email, s.created_at, s.confirmed_at'
    || case when p_form = 'waitlist' then
         ', s.first_name, s.last_name, s.company, s.role, s.company_size, s.use_case, s.hear_about, s.invited_at'
       else '' end;
  execute format('select count(*) from public.%I s where %s', v_table, v_where)
     into v_total
    using v_pattern, private.utc_day_start(p_from), private.utc_day_start(p_to + 1), p_confirmed, p_invited;
  -- A page past the last row is empty: no second pass over the table (a search that finds nothing).
  if v_total <= coalesce(p_offset, 0) then
    return jsonb_build_object('total', v_total, 'rows', '[]'::jsonb);
  end if;
  execute format(
    'select coalesce(jsonb_agg(to_jsonb(p) - ''n'' order by p.n), ''[]''::jsonb)
       from (select %s, row_number() over (order by %s) as n
               from public.%I s where %s order by %s limit $6 offset $7) p',
    v_columns, v_order, v_table, v_where, v_order)
     into v_rows
    using v_pattern, private.utc_day_start(p_from), private.utc_day_start(p_to + 1), p_confirmed, p_invited,
          v_limit, coalesce(p_offset, 0);
  return jsonb_build_object('total', v_total, 'rows', v_rows);
end;
$$;

-- A page of the applications: {total, rows}. Each row: id, first_name, last_name, email, created_at,
-- status, current_role, location, resume_filename.
create function public.console_applications(
  p_search text,
  p_from date,
  p_to date,
  p_status text,
  p_sort text,
  p_descending boolean,
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
  v_pattern text;
  v_where text;
  v_order text;
  v_limit integer;
  v_total bigint;
  v_rows jsonb;
begin
  perform private.require_staff();
  v_pattern := private.console_search_pattern(p_search);
  v_where := private.console_application_filter(v_pattern, p_from, p_to, p_status);
  v_order := private.console_order(p_sort, p_descending, array['created_at', 'email', 'last_name']);
  v_limit := private.console_limit(p_limit, 50, 200);
  if coalesce(p_offset, 0) < 0 then
    raise exception 'p_offset must not be negative' using errcode = '22023';
  end if;
  execute format('select count(*) from public.general_applications s where %s', v_where)
     into v_total
    using v_pattern, private.utc_day_start(p_from), private.utc_day_start(p_to + 1), p_status;
  if v_total <= coalesce(p_offset, 0) then
    return jsonb_build_object('total', v_total, 'rows', '[]'::jsonb);
  end if;
  execute format(
    'select coalesce(jsonb_agg(to_jsonb(p) - ''n'' order by p.n), ''[]''::jsonb)
       from (select s.id, s.first_name, s.last_name, s.email, s.created_at, s.status, s."current_role",
                    s.location, s.resume_filename, row_number() over (order by %s) as n
               from public.general_applications s where %s order by %s limit $5 offset $6) p',
    v_order, v_where, v_order)
     into v_rows
    using v_pattern, private.utc_day_start(p_from), private.utc_day_start(p_to + 1), p_status,
          v_limit, coalesce(p_offset, 0);
  return jsonb_build_object('total', v_total, 'rows', v_rows);
end;
$$;

-- Sign-ups per UTC day and form (early_access, waitlist, newsletter, career), days without any left out:
-- [{day, form, count}], by day then form.
create function public.console_signups_per_day(p_from date, p_to date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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

-- An application as stored, every column, with its status history (oldest first).
create function private.console_application_json(p_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
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
revoke all on function private.console_application_json(uuid) from public;

-- One application, every field and its history; NULL when there is none. Logged as read_application.
create function public.console_application(p_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
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

-- Where an application's résumé is, {path, filename}, for the console to sign a short-lived URL with
-- (storage createSignedUrl(path, 60), which the storage policy below allows the caller for 2 minutes
-- after this line); NULL when there is no résumé. Logged as open_resume.
create function public.console_open_resume(p_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
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

-- The résumés (storage object names in the applications bucket) whose opening the caller logged in the
-- last 2 minutes: those of the applications of their open_resume lines. Empty for anyone but staff.
create function private.resumes_opened_by_caller()
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(distinct a.resume_path), '{}')
    from public.staff_audit_log l
    join public.general_applications a on a.id = l.subject_id
   where l.action = 'open_resume'
     and l.subject_kind = 'application'
     and l.at > now() - interval '2 minutes'
     and l.actor = (select private.staff_caller())
     and a.resume_path is not null
$$;
revoke all on function private.resumes_opened_by_caller() from public;
grant execute on function private.resumes_opened_by_caller() to authenticated;

-- Storage reads an object as the caller (createSignedUrl, the authenticated download and the listing all
-- select it from storage.objects under RLS): a staff session sees a résumé only within 2 minutes of
-- logging its opening (console_open_resume), so every signed link follows a logged opening, and a
-- listing of the bucket shows nothing else. (select …) makes it one InitPlan per query. Nobody but the
-- service role writes or deletes objects.
create policy "applications: staff read resumes they just opened" on storage.objects
  for select to authenticated
  using (bucket_id = 'applications' and name = any ((select private.resumes_opened_by_caller())::text[]));

-- Moves an application to p_status with an optional note (at most 2000 characters; blank is none),
-- when the workflow allows it (else 22023 'That status change is not allowed'); PT404 (HTTP 404) when
-- there is no such application. Returns the application after, as console_application does. Logged as
-- change_status with the statuses and the note.
create function public.console_change_application_status(p_id uuid, p_status text, p_note text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
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

-- Invites waitlist sign-ups: of the ids given (a JSON array of at most 1000 uuids), those confirmed, not
-- yet invited and whose mailbox is not suppressed for the waitlist are marked invited by the caller and
-- get an 'invite' message in the mail queue. Returns how many were invited. Logged as invite, per entry.
-- The ids come as jsonb rather than uuid[]: supabase-js sends a JSON array either way, and the local
-- server passes arrays to SQL as JSON.
create function public.console_invite_waitlist(p_ids jsonb)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
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

-- An export's filter, checked for its list, or 22023 naming what is wrong: a JSON object (at most 2000
-- bytes) with only the list's keys, each of its type: search (text of at most 200 characters), from and
-- to (days, YYYY-MM-DD, from not after to), confirmed (a boolean; the sign-up lists), invited (a
-- boolean; the waitlist) and status (one of the six; applications). Returned as given.
create function private.console_export_filter(p_kind text, p_filter jsonb)
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
    when 'early_access' then array['search', 'from', 'to', 'confirmed']
    when 'newsletter' then array['search', 'from', 'to', 'confirmed']
    when 'waitlist' then array['search', 'from', 'to', 'confirmed', 'invited']
    when 'applications' then array['search', 'from', 'to', 'status']
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
    end case;
  end loop;
  if (v_filter ->> 'from')::date > (v_filter ->> 'to')::date then
    raise exception 'from is after to' using errcode = '22023';
  end if;
  return v_filter;
end;
$$;
revoke all on function private.console_export_filter(text, jsonb) from public;

-- The CSV export (supabase/functions/console-export) logs itself before its first byte: the list
-- ('early_access', 'waitlist', 'newsletter' or 'applications') and its filter, a JSON object of the
-- list's parameters without their p_ (private.console_export_filter). Returns the line's id, the export
-- id that console_export_rows reads the rows with: the rows are those the line describes, and no others.
create function public.console_log_export(p_kind text, p_filter jsonb)
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_actor text := private.require_staff();
  v_filter jsonb := private.console_export_filter(p_kind, p_filter);
begin
  return private.audit(v_actor, 'export',
                       case p_kind when 'applications' then 'application' else p_kind end,
                       null, null, jsonb_build_object('kind', p_kind, 'filter', v_filter));
end;
$$;

-- A keyset page of a sign-up list's export: up to p_limit (at most 1000) whole rows after
-- (p_after_created_at, p_after_id), ordered by (created_at, id), as a JSON array. The same filters as
-- console_signups. Checks nothing about the caller: console_export_rows does.
create function private.console_export_signup_page(
  p_form text,
  p_search text,
  p_from date,
  p_to date,
  p_confirmed boolean,
  p_invited boolean,
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
  v_where text;
  v_rows jsonb;
begin
  v_table := private.console_signup_table(p_form);
  v_pattern := private.console_search_pattern(p_search);
  v_where := private.console_signup_filter(p_form, v_pattern, p_from, p_to, p_confirmed, p_invited);
  if p_after_id is not null then
    v_where := v_where || ' and (s.created_at, s.id) > ($6, $7)';
  end if;
  execute format(
    'select coalesce(jsonb_agg(to_jsonb(p.s) order by p.n), ''[]''::jsonb)
       from (select s, row_number() over (order by s.created_at, s.id) as n
               from public.%I s where %s order by s.created_at, s.id limit $8) p',
    v_table, v_where)
     into v_rows
    using v_pattern, private.utc_day_start(p_from), private.utc_day_start(p_to + 1), p_confirmed, p_invited,
          p_after_created_at, p_after_id, private.console_limit(p_limit, 1000, 1000);
  return v_rows;
end;
$$;
revoke all on function private.console_export_signup_page(text, text, date, date, boolean, boolean, timestamptz, uuid, integer) from public;

-- The same for applications.
create function private.console_export_application_page(
  p_search text,
  p_from date,
  p_to date,
  p_status text,
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
  v_where text;
  v_rows jsonb;
begin
  v_pattern := private.console_search_pattern(p_search);
  v_where := private.console_application_filter(v_pattern, p_from, p_to, p_status);
  if p_after_id is not null then
    v_where := v_where || ' and (s.created_at, s.id) > ($5, $6)';
  end if;
  execute format(
    'select coalesce(jsonb_agg(to_jsonb(p.s) order by p.n), ''[]''::jsonb)
       from (select s, row_number() over (order by s.created_at, s.id) as n
               from public.general_applications s where %s order by s.created_at, s.id limit $7) p',
    v_where)
     into v_rows
    using v_pattern, private.utc_day_start(p_from), private.utc_day_start(p_to + 1), p_status,
          p_after_created_at, p_after_id, private.console_limit(p_limit, 1000, 1000);
  return v_rows;
end;
$$;
revoke all on function private.console_export_application_page(text, date, date, text, timestamptz, uuid, integer) from public;

-- A keyset page of the export that audit line p_export describes (console_log_export's answer): up to
-- p_limit (at most 1000) whole rows of its list and filter after (p_after_created_at, p_after_id),
-- ordered by (created_at, id), as a JSON array. Start with both NULL; go on from the last row's
-- created_at and id. Only for the staff member who wrote the line, within an hour of it: another's line
-- is 42501; a line that is not an export, or is an hour old, is 22023.
create function public.console_export_rows(
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
      p_after_created_at, p_after_id, p_limit);
  end if;
  return private.console_export_signup_page(
    v_kind, v_filter ->> 'search', (v_filter ->> 'from')::date, (v_filter ->> 'to')::date,
    (v_filter ->> 'confirmed')::boolean, (v_filter ->> 'invited')::boolean,
    p_after_created_at, p_after_id, p_limit);
end;
$$;

revoke all on function public.console_whoami() from public, anon, authenticated;
revoke all on function public.console_signups(text, text, date, date, boolean, boolean, text, boolean, integer, integer) from public, anon, authenticated;
revoke all on function public.console_applications(text, date, date, text, text, boolean, integer, integer) from public, anon, authenticated;
revoke all on function public.console_signups_per_day(date, date) from public, anon, authenticated;
revoke all on function public.console_application(uuid) from public, anon, authenticated;
revoke all on function public.console_open_resume(uuid) from public, anon, authenticated;
revoke all on function public.console_change_application_status(uuid, text, text) from public, anon, authenticated;
revoke all on function public.console_invite_waitlist(jsonb) from public, anon, authenticated;
revoke all on function public.console_log_export(text, jsonb) from public, anon, authenticated;
revoke all on function public.console_export_rows(bigint, timestamptz, uuid, integer) from public, anon, authenticated;
grant execute on function public.console_whoami() to authenticated;
grant execute on function public.console_signups(text, text, date, date, boolean, boolean, text, boolean, integer, integer) to authenticated;
grant execute on function public.console_applications(text, date, date, text, text, boolean, integer, integer) to authenticated;
grant execute on function public.console_signups_per_day(date, date) to authenticated;
grant execute on function public.console_application(uuid) to authenticated;
grant execute on function public.console_open_resume(uuid) to authenticated;
grant execute on function public.console_change_application_status(uuid, text, text) to authenticated;
grant execute on function public.console_invite_waitlist(jsonb) to authenticated;
grant execute on function public.console_log_export(text, jsonb) to authenticated;
grant execute on function public.console_export_rows(bigint, timestamptz, uuid, integer) to authenticated;

-- 8. Erasure and copies --------------------------------------------------------------------------------

-- What erasing a mailbox does to the console's records, beyond the rows (whose lines the triggers above
-- scrub): lines that still name the address lose it and their notes; an export's filter loses a value
-- that is the address; and if the address is (or was) a staff member's, it is replaced in every line,
-- status change, invitation and staff row by one marker, 'erased staff member <12 hex digits>', drawn
-- afresh for each erasure, so the log still tells one actor's actions apart without saying who; the
-- staff row is deleted, and one line erase_staff (actor: the marker) says that an erasure anonymised a
-- staff member and how many records it re-attributed (docs/backend.md has the decision and its cost).
-- Runs as its owner: no API role may change the log.
create function private.erase_console_records(p_mailbox_sha256 text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
revoke all on function private.erase_console_records(text) from public;
grant execute on function private.erase_console_records(text) to service_role;

-- The mailbox's Supabase Auth users (auth.users by its address, in any letter case, as every other
-- record of a mailbox is found): whether there is one, what a copy shows of each, and their deletion.
-- auth.users is Auth's, readable by no API role, so these run as their owner (on hosted Supabase the
-- postgres role, which holds SELECT and DELETE on it and bypasses its row-level security). Deleting a
-- user deletes its sessions, refresh tokens, identities and one-time tokens with it (their foreign keys
-- cascade, locally as on hosted Auth), so its sessions stop being staff at once.
create function private.mailbox_has_auth_user(p_mailbox_sha256 text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select from auth.users u where private.mailbox_sha256(u.email) = p_mailbox_sha256)
$$;
revoke all on function private.mailbox_has_auth_user(text) from public;
grant execute on function private.mailbox_has_auth_user(text) to service_role;

create function private.mailbox_auth_accounts(p_mailbox_sha256 text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('email', u.email, 'created_at', u.created_at,
                                               'last_sign_in_at', u.last_sign_in_at)
                            order by u.created_at, u.id), '[]'::jsonb)
    from auth.users u
   where private.mailbox_sha256(u.email) = p_mailbox_sha256
$$;
revoke all on function private.mailbox_auth_accounts(text) from public;
grant execute on function private.mailbox_auth_accounts(text) to service_role;

create function private.erase_auth_users(p_mailbox_sha256 text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  delete from auth.users u where private.mailbox_sha256(u.email) = p_mailbox_sha256;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
revoke all on function private.erase_auth_users(text) from public;
grant execute on function private.erase_auth_users(text) to service_role;

-- A mailbox has records here also when it is, or was, a staff member's, or has a Supabase Auth user
-- (someone asked for a sign-in code for it): so a staff member, or anyone Auth knows, can have theirs
-- erased or copied through the privacy page like anyone. Otherwise as migration 20250901000000.
create or replace function private.mailbox_has_records(p_mailbox_sha256 text)
returns boolean
language sql
stable
set search_path = ''
as $$
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

-- As migration 20251126000000, and the console's records of the mailbox go too
-- (private.erase_console_records), and so do its Supabase Auth users with their sessions
-- (private.erase_auth_users). The answer keeps its shape.
create or replace function public.erase_mailbox_records(p_token_hash text)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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

-- As migration 20250901000000, and each application carries its status history (statuses, notes and
-- when; not which staff member), a waitlist row leaves out who invited it, and accounts lists the
-- mailbox's Supabase Auth users (email, created_at, last_sign_in_at).
create or replace function public.copy_mailbox_records(p_token_hash text)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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
