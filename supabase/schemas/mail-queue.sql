-- Every mail but the console's sign-in code goes through this queue (docs/mail-queue.md), so that no
-- acknowledged sign-up loses its mail to a throttled or failing provider: a row and its mail are queued
-- in one transaction, and the worker (supabase/functions/send-queued-mail) takes due messages in batches
-- of up to 100 under a lease, at the provider's shared pace, and settles each: sent, retried after a
-- backoff, or dead (attempts used, or older than its kind's lifetime), where the team can see it and
-- send it again. A bulk message (a launch wave's: launch-waves.sql) is taken only when no other message
-- is due. How each kind is queued and what it is made from is mail-kinds.sql; what the provider reports
-- afterwards, mail-delivery.sql.

-- The messages. A message holds what it is about, never its words or its links: the worker renders it
-- from the stored row when it sends, and derives the links' tokens from the message id with
-- MAIL_LINK_SECRET, so a retry sends the same bytes under the same idempotency key and a copy of the
-- database opens no link. A sign-up's or an application's message names its row (list and the row's id
-- column) and goes with it, so an erased sign-up is never mailed; a privacy link names its action and
-- the mailbox it goes to (recipient, cleared once sent).
--
-- queued → sending (leased to one worker: lease, leased_until) → sent, or queued again with a later
-- available_at, or dead. A message over its person's daily budget of unconfirmed mail is inserted
-- withheld instead of queued (mail-budget.sql), settled for good and never sent. A worker that dies while sending leaves its lease to end; the next take sends
-- again under the same idempotency key, which the provider answers with the first send. Two workers
-- never hold the same message: takes lock with SKIP LOCKED, and a settle must name the lease it was
-- given. batch: the members of one provider request, kept together until each is settled for good, so
-- that a retry asks the provider the same thing under the same key; alone: sent in a request of its own
-- (the provider refused the batch it was in as a whole). provider_message_id: the provider's id of a
-- sent message, by which the delivery webhook finds it. Retention deletes sent messages after 7 days
-- and dead or withheld ones after 30 (public.apply_retention).
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
    bulk boolean DEFAULT false NOT NULL,
    CONSTRAINT mail_queue_attempts_check CHECK ((attempts >= 0)),
    CONSTRAINT mail_queue_last_error_check CHECK ((char_length(last_error) <= 1000)),
    CONSTRAINT mail_queue_lease_check CHECK (((status = 'sending'::text) = ((lease IS NOT NULL) AND (leased_until IS NOT NULL)))),
    CONSTRAINT mail_queue_status_check CHECK ((status = ANY (ARRAY['queued'::text, 'sending'::text, 'sent'::text, 'dead'::text, 'withheld'::text]))),
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
    WHEN 'invite'::text THEN ((action IS NULL) AND (recipient IS NULL) AND
    CASE list
        WHEN 'early_access'::text THEN ((num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1) AND (early_access_id IS NOT NULL))
        WHEN 'waitlist'::text THEN ((num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1) AND (waitlist_id IS NOT NULL))
        ELSE false
    END)
    WHEN 'invite_reminder'::text THEN ((action IS NULL) AND (recipient IS NULL) AND
    CASE list
        WHEN 'early_access'::text THEN ((num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1) AND (early_access_id IS NOT NULL))
        WHEN 'waitlist'::text THEN ((num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1) AND (waitlist_id IS NOT NULL))
        ELSE false
    END)
    WHEN 'place'::text THEN ((action IS NULL) AND (recipient IS NULL) AND
    CASE list
        WHEN 'early_access'::text THEN ((num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1) AND (early_access_id IS NOT NULL))
        WHEN 'waitlist'::text THEN ((num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1) AND (waitlist_id IS NOT NULL))
        ELSE false
    END)
    ELSE ((list IS NULL) AND (action = ANY (ARRAY['erase'::text, 'copy'::text])) AND (num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 0) AND ((recipient IS NOT NULL) OR (status = ANY (ARRAY['sent'::text, 'withheld'::text]))))
END),
    CONSTRAINT mail_queue_pkey PRIMARY KEY (id),
    CONSTRAINT mail_queue_application_id_fkey FOREIGN KEY (application_id) REFERENCES public.general_applications(id) ON DELETE CASCADE,
    CONSTRAINT mail_queue_early_access_id_fkey FOREIGN KEY (early_access_id) REFERENCES public.early_access_signups(id) ON DELETE CASCADE,
    CONSTRAINT mail_queue_newsletter_id_fkey FOREIGN KEY (newsletter_id) REFERENCES public.newsletter_subscriptions(id) ON DELETE CASCADE,
    CONSTRAINT mail_queue_waitlist_id_fkey FOREIGN KEY (waitlist_id) REFERENCES public.waitlist_signups(id) ON DELETE CASCADE
);

ALTER TABLE ONLY public.mail_queue FORCE ROW LEVEL SECURITY;
-- The indexes of the columns that name a sign-up or an application hold only the messages that name one
-- (a message names at most one), so that a launch wave's 10,000 invitations do not each write three
-- entries for nothing; a sign-up's deletion still finds its messages by them.
CREATE INDEX mail_queue_application_id ON public.mail_queue USING btree (application_id) WHERE (application_id IS NOT NULL);
CREATE INDEX mail_queue_batch ON public.mail_queue USING btree (batch) WHERE (batch IS NOT NULL);
CREATE INDEX mail_queue_due ON public.mail_queue USING btree (available_at) WHERE (status = 'queued'::text);
CREATE INDEX mail_queue_early_access_id ON public.mail_queue USING btree (early_access_id) WHERE (early_access_id IS NOT NULL);
CREATE INDEX mail_queue_leased ON public.mail_queue USING btree (leased_until) WHERE (status = 'sending'::text);
CREATE INDEX mail_queue_newsletter_id ON public.mail_queue USING btree (newsletter_id) WHERE (newsletter_id IS NOT NULL);
CREATE INDEX mail_queue_provider_message_id ON public.mail_queue USING btree (provider_message_id) WHERE (provider_message_id IS NOT NULL);
CREATE INDEX mail_queue_status_created ON public.mail_queue USING btree (status, created_at);
CREATE INDEX mail_queue_waitlist_id ON public.mail_queue USING btree (waitlist_id) WHERE (waitlist_id IS NOT NULL);
ALTER TABLE public.mail_queue ENABLE ROW LEVEL SECURITY;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.mail_queue TO service_role;

-- One row per kind of mail: how long it may wait before it is dead (and what its dead letter says), the
-- function that answers, for a message taken, where it goes ('to', null when it must not be sent) and
-- whatever else it is rendered from (private.mail_details_<kind>(public.mail_queue) returning jsonb),
-- and whether it goes to an address nobody has confirmed wants our mail, so that it counts against the
-- person's daily budget (mail-budget.sql). A new kind must say (no default).
CREATE TABLE private.mail_kinds (
    kind text NOT NULL,
    lifetime interval NOT NULL,
    expired_reason text NOT NULL,
    details text NOT NULL,
    unconfirmed boolean NOT NULL,
    CONSTRAINT mail_kinds_details_check CHECK ((details ~ '^mail_details_[a-z_]+$'::text)),
    CONSTRAINT mail_kinds_pkey PRIMARY KEY (kind)
);
GRANT SELECT ON TABLE private.mail_kinds TO service_role;

-- The kinds of mail, each with how long it may wait before it is dead: 23 hours, because Resend keeps an
-- idempotency key for 24 and a message tried before could be mailed twice after that; an hour for a
-- privacy link, whose link lasts an hour, so sending it later would only mail a dead link. Unconfirmed:
-- a sign-up's or an application's confirmation (thank_you: the first, and each fresh one of a list
-- sign-up still unconfirmed) and an erase or copy link, all asked for by whoever typed the address; not
-- a launch wave's invitation and reminder and the place mail, which go to confirmed sign-ups only
-- (private.mail_details_invite, _invite_reminder and _place send nothing to any other). A new kind: docs/mail-queue.md, "Adding a kind of mail".
insert into private.mail_kinds (kind, lifetime, expired_reason, details, unconfirmed) values
  ('thank_you', '23 hours', 'Not sent within 23 hours', 'mail_details_thank_you', true),
  ('invite', '23 hours', 'Not sent within 23 hours', 'mail_details_invite', false),
  ('invite_reminder', '23 hours', 'Not sent within 23 hours', 'mail_details_invite_reminder', false),
  ('place', '23 hours', 'Not sent within 23 hours', 'mail_details_place', false),
  ('privacy_link', '1 hour', 'Its link expired (1 hour) before it could be sent', 'mail_details_privacy_link', true);

-- A message's kind is one of private.mail_kinds' rows.
ALTER TABLE ONLY public.mail_queue
    ADD CONSTRAINT mail_queue_kind_fkey FOREIGN KEY (kind) REFERENCES private.mail_kinds(kind);

-- The provider's pace, shared by every worker: the earliest moment the next send may start.
CREATE TABLE public.mail_send_pace (
    id boolean DEFAULT true NOT NULL,
    next_send_at timestamp with time zone DEFAULT '-infinity'::timestamp with time zone NOT NULL,
    CONSTRAINT mail_send_pace_id_check CHECK (id),
    CONSTRAINT mail_send_pace_pkey PRIMARY KEY (id)
);

ALTER TABLE ONLY public.mail_send_pace FORCE ROW LEVEL SECURITY;
ALTER TABLE public.mail_send_pace ENABLE ROW LEVEL SECURITY;
GRANT SELECT,UPDATE ON TABLE public.mail_send_pace TO service_role;

-- Its one row.
insert into public.mail_send_pace default values;

-- Taking, pacing and settling --------------------------------------------------------------------------

-- Takes before a message is dead: with the worker's backoff (5 s doubling, at most 30 minutes, jittered)
-- about an hour of provider failures, well inside the 24 hours Resend keeps an idempotency key.
CREATE FUNCTION private.mail_max_attempts() RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$ select 10 $$;
REVOKE ALL ON FUNCTION private.mail_max_attempts() FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_max_attempts() TO service_role;

-- Leases up to p_limit due messages as one batch and answers them as a JSON array (empty when none is
-- due), each {id, lease, batch, kind, list, action, attempts} and its kind's details ('to' and the
-- rest). The oldest due message decides, bulk mail (a launch wave's invitations and reminders) after
-- every other, so a confirmation queued during a wave goes out first: if it was in a batch before, that
-- batch's due members are taken (and nothing else), so a retry is the same request; if it goes alone,
-- only it; otherwise it and the oldest other due messages in no batch, bulk last, as a new batch. Resend keeps an idempotency key for 24
-- hours, so anything unsent after its kind's lifetime (at most 23 hours) is dead first, as is a message
-- whose worker stopped while sending it with its attempts used.
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
     order by bulk, available_at, created_at
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
         order by bulk, available_at, created_at
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
REVOKE ALL ON FUNCTION public.take_mail_batch(p_lease_seconds integer, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.take_mail_batch(p_lease_seconds integer, p_limit integer) TO service_role;

-- One message: public.take_mail_batch with a limit of 1, its one element or NULL. The worker takes
-- batches; this serves a worker of the release before (docs/mail-queue.md), and tests and
-- tools/db-bench/src/line-places.ts call it.
CREATE FUNCTION public.take_queued_mail(p_lease_seconds integer) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$ select public.take_mail_batch(p_lease_seconds, 1) -> 0 $$;
REVOKE ALL ON FUNCTION public.take_queued_mail(p_lease_seconds integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.take_queued_mail(p_lease_seconds integer) TO service_role;

-- The provider's pace: reserves the next send slot, p_interval_ms after the one before, and answers how
-- many ms to wait for it, or -1 (nothing reserved) when it is more than p_max_wait_ms away. The workers
-- and console-sign-in's code mail take their slots here, so together they stay under the provider's
-- limit.
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
REVOKE ALL ON FUNCTION public.take_mail_send_slot(p_interval_ms integer, p_max_wait_ms integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.take_mail_send_slot(p_interval_ms integer, p_max_wait_ms integer) TO service_role;

-- What became of a leased message: 'sent' (p_detail: the provider's id), 'throttled' (the provider asked
-- to wait p_delay_ms: every worker waits, and the take does not count), 'released' (not tried: back as
-- it was), 'retry' (failed, may have gone out: again after p_delay_ms, or dead once its attempts are
-- used), 'dead' (refused for good). A settle whose lease has ended and been given to another worker
-- changes nothing. Returns the message's status afterwards, or NULL when the lease was not the caller's.
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
REVOKE ALL ON FUNCTION public.settle_queued_mail(p_id uuid, p_lease uuid, p_outcome text, p_detail text, p_delay_ms integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.settle_queued_mail(p_id uuid, p_lease uuid, p_outcome text, p_detail text, p_delay_ms integer) TO service_role;

-- Settles the members of a batch held under p_lease at once: p_results is [{id, outcome, detail,
-- delay_ms}], each as public.settle_queued_mail takes it, or the outcome 'alone': not tried (the
-- provider refused the batch as a whole), and to go in a request of its own. Answers {id: status
-- afterwards} (null: the lease was not the caller's). One call per batch, so that settling 100 messages
-- costs one round trip.
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
REVOKE ALL ON FUNCTION public.settle_mail_batch(p_lease uuid, p_results jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.settle_mail_batch(p_lease uuid, p_results jsonb) TO service_role;

-- Looking at the queue ---------------------------------------------------------------------------------

-- For the team (docs/mail-queue.md, "For the team") and the tests.

-- What the worker reports after a run, and what tests wait on: messages not yet settled for good.
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
REVOKE ALL ON FUNCTION public.mail_queue_pending() FROM PUBLIC;
GRANT ALL ON FUNCTION public.mail_queue_pending() TO service_role;

-- The queue at a glance: messages per status, the oldest, the most takes.
CREATE VIEW public.mail_queue_summary WITH (security_invoker='true') AS
 SELECT mail_queue.status,
    (count(*))::integer AS messages,
    min(mail_queue.created_at) AS oldest,
    max(mail_queue.attempts) AS most_attempts
   FROM public.mail_queue
  GROUP BY mail_queue.status;
GRANT SELECT ON TABLE public.mail_queue_summary TO service_role;

-- The dead letters with why they died (last_error); public.requeue_dead_mail sends one again once its
-- cause is mended.
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
GRANT SELECT ON TABLE public.mail_dead_letters TO service_role;

-- Sends dead letters again (one, or all when p_id is NULL) once their cause is mended: same message, same
-- idempotency key. Returns how many were queued.
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
REVOKE ALL ON FUNCTION public.requeue_dead_mail(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.requeue_dead_mail(p_id uuid) TO service_role;

-- The worker's schedule --------------------------------------------------------------------------------

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
