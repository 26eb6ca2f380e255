-- The mail queue (issue 29, docs/mail-queue.md): no acknowledged sign-up loses its mail to a throttled or
-- failing provider.
--
-- Until now every mail was sent inside the request that asked for it, and a refusal (Resend answers 429
-- above 2 requests a second) handed the claim back and nothing tried again. Now a request puts its mail
-- here, in the same transaction as the claim on the sign-up (or as the privacy token), and answers. The
-- function send-queued-mail drains the queue at the provider's pace: pg_cron calls it on hosted Supabase,
-- a timer of tools/local-supabase locally, and every function that queues a mail gives it a moment after
-- answering. Everything here is plain SQL and runs the same on PGlite, PostgreSQL 15 and hosted 17.
--
-- A message holds what it is about, never its words or its links: the worker renders it from the stored
-- row when it sends (the hardening rule of migration 20250801000200), and the links' tokens are derived
-- from the message id with a secret only the functions hold (MAIL_LINK_SECRET), so a retry sends the
-- same bytes under the same idempotency key and a copy of the database still opens no link.
--
-- States: queued → sending (leased to one worker until leased_until) → sent, or back to queued with a
-- later available_at, or dead after private.mail_max_attempts() takes. A worker that dies while sending
-- leaves its lease to expire; the next take sends again with the same idempotency key, which the provider
-- answers with the first send. Two workers never hold the same message: takes lock with SKIP LOCKED and a
-- settle must name the lease it was given.

create table public.mail_queue (
  id uuid primary key,
  kind text not null,
  -- thank_you: which list's mail, and the sign-up it goes to (deleted with it, so an erased sign-up is
  -- never mailed).
  list text,
  early_access_id uuid references public.early_access_signups (id) on delete cascade,
  newsletter_id uuid references public.newsletter_subscriptions (id) on delete cascade,
  waitlist_id uuid references public.waitlist_signups (id) on delete cascade,
  application_id uuid references public.general_applications (id) on delete cascade,
  -- privacy_link: erase or copy, and the mailbox the link goes to (cleared once sent).
  action text,
  recipient text,
  status text not null default 'queued',
  attempts integer not null default 0,
  available_at timestamptz not null default now(),
  lease uuid,
  leased_until timestamptz,
  last_error text,
  provider_message_id text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  dead_at timestamptz,
  constraint mail_queue_kind_check check (kind in ('thank_you', 'privacy_link')),
  constraint mail_queue_status_check check (status in ('queued', 'sending', 'sent', 'dead')),
  constraint mail_queue_subject_check check (
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
      else
        list is null and action in ('erase', 'copy')
        and num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 0
        and (recipient is not null or status = 'sent')
    end),
  constraint mail_queue_lease_check check ((status = 'sending') = (lease is not null and leased_until is not null)),
  constraint mail_queue_attempts_check check (attempts >= 0),
  constraint mail_queue_last_error_check check (char_length(last_error) <= 1000)
);
create index mail_queue_due on public.mail_queue (available_at) where status = 'queued';
create index mail_queue_leased on public.mail_queue (leased_until) where status = 'sending';
create index mail_queue_status_created on public.mail_queue (status, created_at);
create index mail_queue_early_access_id on public.mail_queue (early_access_id);
create index mail_queue_newsletter_id on public.mail_queue (newsletter_id);
create index mail_queue_waitlist_id on public.mail_queue (waitlist_id);
create index mail_queue_application_id on public.mail_queue (application_id);

-- The provider's pace, shared by every worker: the earliest moment the next send may start.
create table public.mail_send_pace (
  id boolean primary key default true check (id),
  next_send_at timestamptz not null default '-infinity'
);
insert into public.mail_send_pace default values;

alter table public.mail_queue enable row level security;
alter table public.mail_queue force row level security;
alter table public.mail_send_pace enable row level security;
alter table public.mail_send_pace force row level security;
revoke all on table public.mail_queue from public, anon, authenticated;
revoke all on table public.mail_send_pace from public, anon, authenticated;
grant select, insert, update, delete on table public.mail_queue to service_role;
grant select, update on table public.mail_send_pace to service_role;

-- Takes before a message is dead: with the worker's backoff (5 s doubling, at most 30 minutes, jittered)
-- about an hour of provider failures, well inside the 24 hours Resend keeps an idempotency key.
create function private.mail_max_attempts()
returns integer
language sql
immutable
as $$ select 10 $$;
revoke all on function private.mail_max_attempts() from public;
grant execute on function private.mail_max_attempts() to service_role;

-- The fresh-confirmation mails one mailbox can be sent per list and day (public.queue_confirmation_again).
insert into public.rate_limit_rules (action, max_requests, window_seconds, description) values
  ('confirmation-again-mailbox', 3, 86400,
   'fresh confirmation mails sent to one unconfirmed sign-up of a list');

-- Claims a sign-up's thank-you mail with its links' token hashes (public.claim_thank_you_mail) and queues
-- it, in one transaction. NULL when there is nothing to mail.
create function public.queue_thank_you_mail(
  p_type text,
  p_email text,
  p_message_id uuid,
  p_confirm_token_hash text,
  p_unsubscribe_token_hash text
)
returns uuid
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_claimed jsonb;
  v_id uuid;
begin
  v_claimed := public.claim_thank_you_mail(p_type, p_email, p_confirm_token_hash, p_unsubscribe_token_hash);
  if v_claimed is null then
    return null;
  end if;
  v_id := (v_claimed ->> 'id')::uuid;
  insert into public.mail_queue (id, kind, list, early_access_id, newsletter_id, waitlist_id, application_id)
  values (
    p_message_id, 'thank_you', p_type,
    case when p_type = 'early_access' then v_id end,
    case when p_type = 'newsletter' then v_id end,
    case when p_type = 'waitlist' then v_id end,
    case when p_type = 'career' then v_id end);
  return p_message_id;
end;
$$;

-- A way back for an unconfirmed sign-up: signing up again with its mailbox queues a fresh confirmation
-- (new confirm and unsubscribe tokens; the earlier links keep working until they expire), at most 3 a day
-- per mailbox and list. Whether anything was queued is returned for the tests; the function's answer to
-- the visitor is the same either way.
create function public.queue_confirmation_again(
  p_type text,
  p_email text,
  p_message_id uuid,
  p_confirm_token_hash text,
  p_unsubscribe_token_hash text
)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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
$$;

-- Stores an erase or copy token (public.issue_privacy_token: the caps, the same work either way) and, when
-- the link is to be mailed, queues it to the mailbox, in one transaction. Returns whether it was queued.
create function public.queue_privacy_link(
  p_email text,
  p_action text,
  p_message_id uuid,
  p_token_hash text,
  p_client_address text
)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if not public.issue_privacy_token(p_email, p_action, p_token_hash, p_client_address) then
    return false;
  end if;
  insert into public.mail_queue (id, kind, action, recipient)
  values (p_message_id, 'privacy_link', p_action, private.mailbox(p_email));
  return true;
end;
$$;

-- The provider's pace: reserves the next send slot, p_interval_ms after the one before, and answers how
-- many ms to wait for it, or -1 (nothing reserved) when it is more than p_max_wait_ms away.
create function public.take_mail_send_slot(p_interval_ms integer, p_max_wait_ms integer)
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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

-- Leases the oldest due message to the caller for p_lease_seconds and returns what the worker renders it
-- from: the address as stored now, the list or action, the attempt. A message whose worker stopped while
-- sending is due again when its lease ends; one that has used its attempts that way is dead.
create function public.take_queued_mail(p_lease_seconds integer)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_message public.mail_queue;
  v_to text;
begin
  -- One sweep before each take, over what a take could pick (queued, or sending with an ended lease):
  -- - a message whose worker stopped while sending it, with its attempts used;
  -- - an erase or copy link past its hour: sending it would only mail a dead link;
  -- - anything unsent after 23 hours: Resend remembers an idempotency key for 24, so a message tried
  --   earlier could be mailed twice after that (a provider refusing all day); it waits for the team.
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

-- What became of a leased message: 'sent' (p_detail: the provider's id), 'throttled' (the provider asked
-- to wait p_delay_ms: every worker waits, and the take does not count), 'released' (not tried: back as
-- it was), 'retry' (failed, may have gone out: again after p_delay_ms, or dead once its attempts are
-- used), 'dead' (refused for good). A settle whose lease has ended and been given to another worker
-- changes nothing. Returns the message's status afterwards, or NULL when the lease was not the caller's.
create function public.settle_queued_mail(
  p_id uuid,
  p_lease uuid,
  p_outcome text,
  p_detail text,
  p_delay_ms integer
)
returns text
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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

-- Erasing a mailbox also deletes its erase and copy link mails not yet sent (their address is the
-- mailbox's; the thank-you mails go with their sign-ups' rows). Otherwise as migration 20250901000000.
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

-- For the team (docs/mail-queue.md): the queue at a glance, and the dead letters with why they died.
create view public.mail_queue_summary
with (security_invoker = true)
as
select status,
       count(*)::integer as messages,
       min(created_at) as oldest,
       max(attempts) as most_attempts
  from public.mail_queue
 group by status;

create view public.mail_dead_letters
with (security_invoker = true)
as
select id, kind, list, action, attempts, last_error, created_at, dead_at
  from public.mail_queue
 where status = 'dead';

revoke all on table public.mail_queue_summary, public.mail_dead_letters from public, anon, authenticated;
grant select on table public.mail_queue_summary, public.mail_dead_letters to service_role;

-- Sends dead letters again (one, or all when p_id is NULL) once their cause is mended: same message, same
-- idempotency key. Returns how many were queued.
create function public.requeue_dead_mail(p_id uuid default null)
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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

-- What the worker reports after a run, and what tests wait on: messages not yet settled for good.
create function public.mail_queue_pending()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'queued', count(*) filter (where status = 'queued'),
    'due', count(*) filter (where status = 'queued' and available_at <= now()),
    'sending', count(*) filter (where status = 'sending'),
    'dead', count(*) filter (where status = 'dead'))
    from public.mail_queue
   where status <> 'sent'
$$;

revoke all on function public.queue_thank_you_mail(text, text, uuid, text, text) from public, anon, authenticated;
revoke all on function public.queue_confirmation_again(text, text, uuid, text, text) from public, anon, authenticated;
revoke all on function public.queue_privacy_link(text, text, uuid, text, text) from public, anon, authenticated;
revoke all on function public.take_mail_send_slot(integer, integer) from public, anon, authenticated;
revoke all on function public.take_queued_mail(integer) from public, anon, authenticated;
revoke all on function public.settle_queued_mail(uuid, uuid, text, text, integer) from public, anon, authenticated;
revoke all on function public.requeue_dead_mail(uuid) from public, anon, authenticated;
revoke all on function public.mail_queue_pending() from public, anon, authenticated;
grant execute on function public.queue_thank_you_mail(text, text, uuid, text, text) to service_role;
grant execute on function public.queue_confirmation_again(text, text, uuid, text, text) to service_role;
grant execute on function public.queue_privacy_link(text, text, uuid, text, text) to service_role;
grant execute on function public.take_mail_send_slot(integer, integer) to service_role;
grant execute on function public.take_queued_mail(integer) to service_role;
grant execute on function public.settle_queued_mail(uuid, uuid, text, text, integer) to service_role;
grant execute on function public.requeue_dead_mail(uuid) to service_role;
grant execute on function public.mail_queue_pending() to service_role;

-- Retention keeps the queue small: sent messages (which hold no address) for 7 days, dead letters for 30.
create or replace function public.apply_retention(p_now timestamptz)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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

-- The hosted schedule (docs/deploying-the-backend.md, "The mail queue's schedule"): every 10 seconds, when
-- the queue holds mail to send, pg_net posts to send-queued-mail, which answers at once and sends for
-- 20 seconds after (two runs overlap; the pace is shared, so they never send faster together). The URL
-- and the secret key it presents come from Vault, where the deploy puts them, so no key is written in
-- SQL. pg_cron and pg_net exist on hosted Supabase, not in PGlite or Debian's PostgreSQL, where
-- tools/local-supabase calls the same function on a timer; elsewhere this block does nothing.
-- cron.schedule with a job name replaces a job of that name, so running this again changes nothing.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron')
     and exists (select from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_cron with schema pg_catalog;
    create extension if not exists pg_net with schema extensions;
    perform cron.schedule('agentora-send-queued-mail', '10 seconds', $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets
                 where name = 'agentora_functions_url') || '/send-queued-mail',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'apikey', (select decrypted_secret from vault.decrypted_secrets
                      where name = 'agentora_mail_worker_key')),
        body := '{"seconds": 20}'::jsonb,
        timeout_milliseconds := 5000)
      where exists (select from public.mail_queue where status in ('queued', 'sending'))
    $job$);
  end if;
end
$$;
