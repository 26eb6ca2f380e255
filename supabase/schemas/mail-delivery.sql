-- What became of a mail after Resend took it, and no more mail to a mailbox that bounced for good or
-- complained (docs/mail-queue.md, "Delivery and suppression"). supabase/functions/resend-webhook checks
-- the signature of each of Resend's delivery events and records it here, by the mailbox's fingerprint,
-- never the address. The database itself keeps mail from a suppressed mailbox, whatever a worker's code:
-- its messages are settled dead when the suppression lands, and any message that becomes queued for it
-- later is dead at once. The console's Mail column and Bounces view read these tables (staff only), and
-- the team's summary view. Unsubscribes, per list, are another table: public.email_suppressions
-- (consent.sql).

-- Events and suppressions ------------------------------------------------------------------------------

-- The webhook message ids already recorded, kept a day (a signature is good for 5 minutes either side):
-- a replayed or retried delivery of a signed event records nothing twice. No role but the owner reads
-- it; public.record_mail_delivery_event keeps it.
CREATE TABLE private.resend_webhook_ids (
    id text NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT resend_webhook_ids_id_check CHECK (((char_length(id) >= 1) AND (char_length(id) <= 256))),
    CONSTRAINT resend_webhook_ids_pkey PRIMARY KEY (id)
);
ALTER TABLE ONLY private.resend_webhook_ids FORCE ROW LEVEL SECURITY;
CREATE INDEX resend_webhook_ids_received_at ON private.resend_webhook_ids USING btree (received_at);
ALTER TABLE private.resend_webhook_ids ENABLE ROW LEVEL SECURITY;

-- One row per event and recipient: Resend's email id (the provider_message_id of the queue's message
-- settled sent), the mailbox's fingerprint (private.mailbox_sha256, as every table finds a mailbox), and
-- for a bounce Resend's bounce type as sent ('Permanent', 'Transient', 'Undetermined'). Kept 90 days,
-- and deleted with a mailbox's records on erasure (public.erase_mailbox_records, privacy.sql).
CREATE TABLE public.mail_delivery_events (
    id bigint GENERATED ALWAYS AS IDENTITY,
    email_id text NOT NULL,
    mailbox_sha256 text NOT NULL,
    event text NOT NULL,
    bounce_type text,
    occurred_at timestamp with time zone NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT mail_delivery_events_bounce_type_check CHECK ((char_length(bounce_type) <= 40)),
    CONSTRAINT mail_delivery_events_email_id_check CHECK (((char_length(email_id) >= 1) AND (char_length(email_id) <= 200))),
    CONSTRAINT mail_delivery_events_event_check CHECK ((event = ANY (ARRAY['delivered'::text, 'delayed'::text, 'bounced'::text, 'complained'::text]))),
    CONSTRAINT mail_delivery_events_mailbox_sha256_check CHECK ((mailbox_sha256 ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT mail_delivery_events_pkey PRIMARY KEY (id)
);
ALTER TABLE ONLY public.mail_delivery_events FORCE ROW LEVEL SECURITY;
CREATE INDEX mail_delivery_events_email_id ON public.mail_delivery_events USING btree (email_id, occurred_at);
CREATE INDEX mail_delivery_events_mailbox ON public.mail_delivery_events USING btree (mailbox_sha256, occurred_at);
CREATE INDEX mail_delivery_events_received_at ON public.mail_delivery_events USING btree (received_at);
ALTER TABLE public.mail_delivery_events ENABLE ROW LEVEL SECURITY;
GRANT SELECT,INSERT,DELETE ON TABLE public.mail_delivery_events TO service_role;

-- A mailbox that bounced for good, or whose owner marked our mail as spam, by fingerprint, with the
-- reason, since when, and Resend's id of the mail concerned. Nothing in the site lifts it: the team
-- deletes the row (docs/mail-queue.md says how), and erasure keeps it, as it keeps an unsubscribe.
CREATE TABLE public.mail_suppressions (
    mailbox_sha256 text NOT NULL,
    reason text NOT NULL,
    suppressed_at timestamp with time zone DEFAULT now() NOT NULL,
    email_id text,
    CONSTRAINT mail_suppressions_email_id_check CHECK ((char_length(email_id) <= 200)),
    CONSTRAINT mail_suppressions_mailbox_sha256_check CHECK ((mailbox_sha256 ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT mail_suppressions_reason_check CHECK ((reason = ANY (ARRAY['bounced'::text, 'complained'::text]))),
    CONSTRAINT mail_suppressions_pkey PRIMARY KEY (mailbox_sha256)
);
ALTER TABLE ONLY public.mail_suppressions FORCE ROW LEVEL SECURITY;
CREATE INDEX mail_suppressions_suppressed_at ON public.mail_suppressions USING btree (suppressed_at);
ALTER TABLE public.mail_suppressions ENABLE ROW LEVEL SECURITY;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.mail_suppressions TO service_role;

-- No mail to a suppressed mailbox ----------------------------------------------------------------------

-- Before a message becomes queued (inserted, sent back to the queue by a retry, requeued by hand): dead
-- at once, with last_error 'suppressed', when its mailbox is suppressed, so whatever takes messages from
-- the queue never sees it. It runs in every sign-up's insert, so it reads the one address the message
-- names (its stored recipient, or the row it is about), not every kind of row.
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
REVOKE ALL ON FUNCTION private.mail_queue_hold_suppressed() FROM PUBLIC;

CREATE TRIGGER mail_queue_hold_suppressed BEFORE INSERT OR UPDATE OF status ON public.mail_queue FOR EACH ROW EXECUTE FUNCTION private.mail_queue_hold_suppressed();

-- When a mailbox is suppressed: every message to it not yet with a worker (queued, or its lease run
-- out) is settled dead. A message whose lease is running is left to its worker, which holds the address
-- already and may send it once more; a bounce arrives well after the mail that bounced, so that is at
-- most the one message in flight to that mailbox.
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
REVOKE ALL ON FUNCTION private.mail_suppression_settles_queue() FROM PUBLIC;

CREATE TRIGGER mail_suppression_settles_queue AFTER INSERT ON public.mail_suppressions FOR EACH ROW EXECUTE FUNCTION private.mail_suppression_settles_queue();

-- Recording Resend's events ----------------------------------------------------------------------------

-- Records one verified webhook of Resend (the function resend-webhook has checked its signature and
-- time): 'replayed' when its id was taken before (nothing recorded again), 'ignored' for an event kind
-- not kept (its id is still taken), else 'recorded': an event row per recipient and, for a permanent
-- bounce or a complaint, the recipient's suppression. A bounce without a type counts as permanent:
-- Resend documents email.bounced as the recipient's server rejecting the mail for good. Each call also
-- deletes the ids older than a day and the events older than 90 days, so neither table needs a job.
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
REVOKE ALL ON FUNCTION public.record_mail_delivery_event(p_webhook_id text, p_event text, p_email_id text, p_to jsonb, p_bounce_type text, p_occurred_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_mail_delivery_event(p_webhook_id text, p_event text, p_email_id text, p_to jsonb, p_bounce_type text, p_occurred_at timestamp with time zone) TO service_role;

-- For staff and the team -------------------------------------------------------------------------------

-- One row's mail, as the console shows it: its newest message's fate, and after Resend took it, the
-- newest event Resend sent about it ('sent' until one arrives). With no message left (sent messages
-- are deleted after 7 days), the newest event for its mailbox since the row was made, else
-- 'suppressed' for a suppressed mailbox, else null. With the suppression's reason when there is one.
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
REVOKE ALL ON FUNCTION private.row_mail_state(p_message public.mail_queue, p_mailbox_sha256 text, p_since timestamp with time zone) FROM PUBLIC;

-- The delivery state of each of a page's rows of one list (a JSON array of at most 200 ids), which the
-- console asks for after the page (apps/backoffice/src/lists/mail-column.tsx):
-- {"<id>": {"state": …, "suppressed": null | 'bounced' | 'complained'}}, rows without a known state
-- left out. Staff only; not logged, as the lists are not.
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
REVOKE ALL ON FUNCTION public.console_mail_states(p_list text, p_ids jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_mail_states(p_list text, p_ids jsonb) TO authenticated;

-- The suppressed mailboxes, newest first, a page at a time, with the counts of the whole list and of the
-- messages the suppressions stopped. A suppression holds a fingerprint, not an address: the address
-- shown is that of a sign-up or application of the mailbox (null once every one is gone). Staff only;
-- not logged (the rows name addresses the lists already show to staff).
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
REVOKE ALL ON FUNCTION public.console_mail_suppressions(p_limit integer, p_offset integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_mail_suppressions(p_limit integer, p_offset integer) TO authenticated;

-- For the team with the secret key (docs/mail-queue.md, "For the team"): Resend's events of the last 30
-- days per kind, the suppressed mailboxes per reason, and the messages suppression stopped.
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
GRANT SELECT ON TABLE public.mail_delivery_summary TO service_role;
