-- Launch mail at the provider's full speed (docs/mail-queue.md).
--
-- 1. A sign-up's or an application's thank-you mail is queued by the insert itself. Until now the browser
--    inserted the row and then called send-thank-you-email, which claimed the row and queued the mail: a
--    call refused (429 per client address) or never made left an acknowledged row unmailed, and
--    submit-application stored an application before queueing its confirmation in a second step. Now a
--    trigger queues the message in the insert's own transaction: no row exists without its mail. The
--    links' token hashes, which the queueing function stored, are stored by the worker when it takes the
--    message (the secret is the functions'; the tokens are derived from the message id, so storing them
--    again on a retry is a no-op), as for the invitation and the place mail since their migrations. The
--    browser's follow-up call (public.queued_thank_you_mail) now only answers which message is queued.
-- 2. The worker sends up to 100 messages in one request (Resend's POST /emails/batch). A batch is leased
--    as one (one lease for its members) and keeps its members across retries (the column batch), so a
--    retried batch is the same request under the same idempotency key; a member the provider cannot take
--    in a batch goes alone (the column alone).
-- 3. The take is generic over the kinds: each kind is a row of private.mail_kinds and a small function
--    that says where its message goes and what it is rendered from, instead of another copy of
--    take_queued_mail (docs/backend.md, "Adding a mail kind").
--
-- Plain SQL for PGlite (18), PostgreSQL 15 and hosted 17.

-- 1. The mail with the row ----------------------------------------------------------------------------

-- Which of a new sign-up's rows is mailed: every list sign-up (a suppressed mailbox is refused before
-- this), and an application unless its mailbox unsubscribed from the careers mail. thank_you_sent_at
-- now says that the mail was queued with the row.
create function private.mark_signup_mail()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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
revoke all on function private.mark_signup_mail() from public;

-- Queues the thank-you mail of a row marked above, in the insert's transaction.
create function private.queue_signup_mail()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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
revoke all on function private.queue_signup_mail() from public;

create trigger early_access_signups_mark_mail before insert on public.early_access_signups
  for each row execute function private.mark_signup_mail('early_access');
create trigger newsletter_subscriptions_mark_mail before insert on public.newsletter_subscriptions
  for each row execute function private.mark_signup_mail('newsletter');
create trigger waitlist_signups_mark_mail before insert on public.waitlist_signups
  for each row execute function private.mark_signup_mail('waitlist');
create trigger general_applications_mark_mail before insert on public.general_applications
  for each row execute function private.mark_signup_mail('career');
create trigger early_access_signups_queue_mail after insert on public.early_access_signups
  for each row when (new.thank_you_sent_at is not null)
  execute function private.queue_signup_mail('early_access');
create trigger newsletter_subscriptions_queue_mail after insert on public.newsletter_subscriptions
  for each row when (new.thank_you_sent_at is not null)
  execute function private.queue_signup_mail('newsletter');
create trigger waitlist_signups_queue_mail after insert on public.waitlist_signups
  for each row when (new.thank_you_sent_at is not null)
  execute function private.queue_signup_mail('waitlist');
create trigger general_applications_queue_mail after insert on public.general_applications
  for each row when (new.thank_you_sent_at is not null)
  execute function private.queue_signup_mail('career');

-- The policies asked that an anonymous insert leave thank_you_sent_at empty; anon may not name the column
-- at all (its column grants), and the trigger above now sets it, after which the check would refuse.
drop policy early_access_signups_anon_insert on public.early_access_signups;
drop policy newsletter_subscriptions_anon_insert on public.newsletter_subscriptions;
drop policy waitlist_signups_anon_insert on public.waitlist_signups;
create policy early_access_signups_anon_insert on public.early_access_signups
  for insert to anon with check (true);
create policy newsletter_subscriptions_anon_insert on public.newsletter_subscriptions
  for insert to anon with check (true);
create policy waitlist_signups_anon_insert on public.waitlist_signups
  for insert to anon with check (true);

-- The browser's follow-up call: the message queued for the newest sign-up of the type and address made
-- in the last 10 minutes and not yet confirmed, or NULL. Asking twice answers the same message and queues nothing. A row made
-- before this migration, not yet mailed, is queued here once (the row is locked, so two calls at once
-- queue one).
create function public.queued_thank_you_mail(p_type text, p_email text)
returns uuid
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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
$$;
revoke all on function public.queued_thank_you_mail(text, text) from public, anon, authenticated;
grant execute on function public.queued_thank_you_mail(text, text) to service_role;

-- A function deployed before this migration still calls this with its own message id and token hashes:
-- it now answers the message queued with the row (its tokens are the worker's to store), so such a call
-- during a rollout mails nothing twice.
create or replace function public.queue_thank_you_mail(
  p_type text,
  p_email text,
  p_message_id uuid,
  p_confirm_token_hash text,
  p_unsubscribe_token_hash text
)
returns uuid
language sql
volatile
security invoker
set search_path = ''
as $$ select public.queued_thank_you_mail(p_type, p_email) $$;

-- The worker stores the hashes of the tokens it derived for the messages it holds under p_lease:
-- p_tokens is [{id, purpose, hash}], purpose confirm (7 days), unsubscribe or place, tied to the
-- message's sign-up. A hash stored before (a retry) is left as it is. Returns the ids of the messages
-- still held under the lease (the others' tokens are not stored).
create function public.keep_mail_tokens(p_lease uuid, p_tokens jsonb)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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
$$;
revoke all on function public.keep_mail_tokens(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.keep_mail_tokens(uuid, jsonb) to service_role;

-- 2. Batches -------------------------------------------------------------------------------------------

-- batch: the members of one provider request, kept together until each is settled for good, so that a
-- retry asks the provider the same thing under the same key. alone: sent in a request of its own (the
-- provider refused the batch it was in as a whole). provider_message_id (migration 20251126000000) is
-- the provider's id of each sent message, kept until retention deletes the row.
alter table public.mail_queue
  add column batch uuid,
  add column alone boolean not null default false;
create index mail_queue_batch on public.mail_queue (batch) where batch is not null;

-- 3. The kinds -----------------------------------------------------------------------------------------

-- One row per kind of mail: how long it may wait before it is dead (and what its dead letter says), and
-- the function that answers, for a message taken, where it goes ('to', null when it must not be sent)
-- and whatever else it is rendered from. Such a function is private.mail_details_<kind>(public.mail_queue)
-- returning jsonb.
create table private.mail_kinds (
  kind text primary key,
  lifetime interval not null,
  expired_reason text not null,
  details text not null,
  constraint mail_kinds_details_check check (details ~ '^mail_details_[a-z_]+$')
);
revoke all on table private.mail_kinds from public, anon, authenticated;
grant select on table private.mail_kinds to service_role;

create function private.mail_details_thank_you(p_message public.mail_queue)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('to', coalesce(
    (select email from public.early_access_signups where id = p_message.early_access_id),
    (select email from public.newsletter_subscriptions where id = p_message.newsletter_id),
    (select email from public.waitlist_signups where id = p_message.waitlist_id),
    (select email from public.general_applications where id = p_message.application_id)))
$$;

create function private.mail_details_privacy_link(p_message public.mail_queue)
returns jsonb
language sql
stable
set search_path = ''
as $$ select jsonb_build_object('to', p_message.recipient) $$;

-- A confirmed waitlist member whose mailbox has not left the waitlist (migration 20251128000000).
create function private.mail_details_invite(p_message public.mail_queue)
returns jsonb
language sql
stable
set search_path = ''
as $$
  -- first_name: always null, kept for workers released before migration 20251203000100.
  select jsonb_build_object('first_name', null, 'to', (
    select w.email
      from public.waitlist_signups w
     where w.id = p_message.waitlist_id
       and w.confirmed_at is not null
       and not exists (select from public.email_suppressions s
                        where s.mailbox_sha256 = private.mailbox_sha256(w.email) and s.list = 'waitlist')))
$$;

-- A confirmed line member's place as it is now (migration 20251129000000).
create function private.mail_details_place(p_message public.mail_queue)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
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

revoke all on function private.mail_details_thank_you(public.mail_queue) from public;
revoke all on function private.mail_details_privacy_link(public.mail_queue) from public;
revoke all on function private.mail_details_invite(public.mail_queue) from public;
revoke all on function private.mail_details_place(public.mail_queue) from public;
grant execute on function private.mail_details_thank_you(public.mail_queue) to service_role;
grant execute on function private.mail_details_privacy_link(public.mail_queue) to service_role;
grant execute on function private.mail_details_invite(public.mail_queue) to service_role;
grant execute on function private.mail_details_place(public.mail_queue) to service_role;

insert into private.mail_kinds (kind, lifetime, expired_reason, details) values
  ('thank_you', interval '23 hours', 'Not sent within 23 hours', 'mail_details_thank_you'),
  ('invite', interval '23 hours', 'Not sent within 23 hours', 'mail_details_invite'),
  ('place', interval '23 hours', 'Not sent within 23 hours', 'mail_details_place'),
  -- Its link lasts an hour: sending it later would only mail a dead link.
  ('privacy_link', interval '1 hour', 'Its link expired (1 hour) before it could be sent', 'mail_details_privacy_link');

-- A message's kind is one of the rows (the check constraint listed them).
alter table public.mail_queue drop constraint mail_queue_kind_check;
alter table public.mail_queue
  add constraint mail_queue_kind_fkey foreign key (kind) references private.mail_kinds (kind);

-- Leases up to p_limit due messages as one batch and answers them as a JSON array (empty when none is
-- due), each {id, lease, batch, kind, list, action, attempts} and its kind's details ('to' and the
-- rest). The oldest due message decides: if it was in a batch before, that batch's due members are
-- taken (and nothing else), so a retry is the same request; if it goes alone, only it; otherwise it and
-- the oldest other due messages in no batch, as a new batch. Resend keeps an idempotency key for 24
-- hours, so anything unsent after its kind's lifetime (at most 23 hours) is dead first, as is a message
-- whose worker stopped while sending it with its attempts used.
create function public.take_mail_batch(p_lease_seconds integer, p_limit integer)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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
$$;
revoke all on function public.take_mail_batch(integer, integer) from public, anon, authenticated;
grant execute on function public.take_mail_batch(integer, integer) to service_role;

-- One message, for a worker deployed before this migration.
create or replace function public.take_queued_mail(p_lease_seconds integer)
returns jsonb
language sql
volatile
security invoker
set search_path = ''
as $$ select public.take_mail_batch(p_lease_seconds, 1) -> 0 $$;

-- Settles the members of a batch held under p_lease at once: p_results is [{id, outcome, detail,
-- delay_ms}], each as public.settle_queued_mail takes it, or the outcome 'alone': not tried (the
-- provider refused the batch as a whole), and from now on sent in a request of its own. Answers
-- {id: status afterwards} (null: the lease was not the caller's). One call per batch, so that settling
-- 100 messages costs one round trip.
create function public.settle_mail_batch(p_lease uuid, p_results jsonb)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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
revoke all on function public.settle_mail_batch(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.settle_mail_batch(uuid, jsonb) to service_role;
