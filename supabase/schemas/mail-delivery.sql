-- What became of a mail after Resend took it, and no more mail to an address that bounced for good or
-- a mailbox that complained (docs/mail-queue.md, "Delivery and suppression"). supabase/functions/
-- resend-webhook checks the signature of each of Resend's delivery events and records it here, by
-- fingerprints, never the address. A bounce says that one address does not exist, so it suppresses
-- that address (any letter case) and no other of its mailbox; a complaint is the person's own act, so it
-- suppresses the mailbox (every +tag, any case). The database itself keeps mail from what is
-- suppressed, whatever a worker's code: its messages are settled dead when the suppression lands, and
-- any message that becomes queued for it later is dead at once. The console's Mail column and Bounces
-- view read these tables (staff only), and the team's summary view. Unsubscribes, per list, are another
-- table: public.email_suppressions (consent.sql).

-- Events and suppressions ------------------------------------------------------------------------------

-- An address's own fingerprint, which a bounce suppresses: hex SHA-256 of the address lower-cased, with
-- nothing else dropped (its +tag and dots are part of it). Lower-cased whole, the local part too:
-- RFC 5321 lets a server tell letter case apart in a local part, but practically none does, and Resend
-- may report the address in another case than it was stored in. private.mailbox_sha256 (mailboxes.sql)
-- is the mailbox's, which a complaint suppresses. IMMUTABLE as that one is, for the same reason.
CREATE FUNCTION private.address_sha256(p_address text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
  select encode(sha256(convert_to(lower(p_address), 'UTF8')), 'hex')
$$;
REVOKE ALL ON FUNCTION private.address_sha256(p_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.address_sha256(p_address text) TO service_role;

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
-- settled sent), the mailbox's fingerprint (private.mailbox_sha256, as every table finds a mailbox), the
-- address's (private.address_sha256: the console matches a row to the events of its own address), and
-- for a bounce Resend's bounce type as sent ('Permanent', 'Transient', 'Undetermined'). Events recorded
-- before the address was kept have none unless the queue still held their mail then. Kept 90 days, and
-- deleted with a mailbox's records on erasure (public.erase_mailbox_records, privacy.sql).
CREATE TABLE public.mail_delivery_events (
    id bigint GENERATED ALWAYS AS IDENTITY,
    email_id text NOT NULL,
    mailbox_sha256 text NOT NULL,
    event text NOT NULL,
    bounce_type text,
    occurred_at timestamp with time zone NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL,
    address_sha256 text,
    CONSTRAINT mail_delivery_events_address_sha256_check CHECK ((address_sha256 ~ '^[0-9a-f]{64}$'::text)),
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

-- What the site mails no more, with the reason, since when, and Resend's id of the mail concerned: an
-- address that bounced for good (address_sha256, and its mailbox's fingerprint to find its rows by), or
-- a mailbox whose owner marked our mail as spam (mailbox_sha256 alone). At most one row per address
-- bounced and one per mailbox that complained. Nothing in the site lifts one: the team deletes the row
-- (docs/mail-queue.md says how), and erasure keeps it, as it keeps an unsubscribe.
CREATE TABLE public.mail_suppressions (
    mailbox_sha256 text NOT NULL,
    reason text NOT NULL,
    suppressed_at timestamp with time zone DEFAULT now() NOT NULL,
    email_id text,
    address_sha256 text,
    id bigint GENERATED ALWAYS AS IDENTITY,
    CONSTRAINT mail_suppressions_address_sha256_check CHECK ((address_sha256 ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT mail_suppressions_bounce_is_an_address CHECK (((reason = 'bounced'::text) = (address_sha256 IS NOT NULL))),
    CONSTRAINT mail_suppressions_email_id_check CHECK ((char_length(email_id) <= 200)),
    CONSTRAINT mail_suppressions_mailbox_sha256_check CHECK ((mailbox_sha256 ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT mail_suppressions_reason_check CHECK ((reason = ANY (ARRAY['bounced'::text, 'complained'::text]))),
    CONSTRAINT mail_suppressions_pkey PRIMARY KEY (id)
);
ALTER TABLE ONLY public.mail_suppressions FORCE ROW LEVEL SECURITY;
CREATE UNIQUE INDEX mail_suppressions_address ON public.mail_suppressions USING btree (address_sha256);
CREATE UNIQUE INDEX mail_suppressions_complained_mailbox ON public.mail_suppressions USING btree (mailbox_sha256) WHERE (reason = 'complained'::text);
CREATE INDEX mail_suppressions_suppressed_at ON public.mail_suppressions USING btree (suppressed_at);
ALTER TABLE public.mail_suppressions ENABLE ROW LEVEL SECURITY;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.mail_suppressions TO service_role;

-- Why each of p_addresses is mailed nothing, for those that are: 'complained' when its mailbox
-- complained, else 'bounced' when that address bounced for good. The hold on the queue and the
-- console's Mail column ask it (through private.mail_suppression_reason for one address); the queue's
-- settling and the Bounces view match the same way from a suppression's side. Each address's two
-- fingerprints are taken once, then looked up in the suppressions' unique indexes, so thousands of
-- addresses (a launch wave's) cost one statement. Without settings (every name in it is qualified), so
-- that the planner inlines it into the query that calls it.
CREATE FUNCTION private.mail_suppression_reasons(p_addresses text[]) RETURNS TABLE(address text, reason text)
    LANGUAGE sql STABLE
    AS $$
  select a.address, case when c.id is not null then 'complained' else 'bounced' end
    from (select distinct x.address, private.mailbox_sha256(x.address) as mailbox_sha256,
                 private.address_sha256(x.address) as address_sha256
            from unnest(p_addresses) x(address)
           where x.address is not null) a
    left join public.mail_suppressions c on c.reason = 'complained' and c.mailbox_sha256 = a.mailbox_sha256
    left join public.mail_suppressions b on b.address_sha256 = a.address_sha256
   where c.id is not null or b.id is not null
$$;
REVOKE ALL ON FUNCTION private.mail_suppression_reasons(p_addresses text[]) FROM PUBLIC;

-- Why an address is mailed nothing, or null (private.mail_suppression_reasons). PL/pgSQL keeps the plan
-- of its query for the session, so a sign-up's insert does not plan it again.
CREATE FUNCTION private.mail_suppression_reason(p_address text) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  return (select r.reason from private.mail_suppression_reasons(array[p_address]) r);
end;
$$;
REVOKE ALL ON FUNCTION private.mail_suppression_reason(p_address text) FROM PUBLIC;

-- No mail to what is suppressed ------------------------------------------------------------------------

-- Before a message becomes queued (inserted, sent back to the queue by a retry, requeued by hand): dead
-- at once, with last_error 'suppressed', when its address is suppressed (its own bounce, or its
-- mailbox's complaint), so whatever takes messages from the queue never sees it. It runs in every
-- sign-up's insert, so it reads the one address the message names (private.mail_queue_address,
-- mail-budget.sql), not every kind of row. It runs before the budget of unconfirmed mail (trigger order
-- is by name), so a message never sent spends none of it. A bulk message (a launch wave's) is inserted
-- by the thousand and held once for its whole statement instead (below).
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
  v_address := private.mail_queue_address(new);
  if v_address is not null and private.mail_suppression_reason(v_address) is not null then
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

CREATE TRIGGER mail_queue_hold_suppressed BEFORE INSERT ON public.mail_queue FOR EACH ROW WHEN ((NOT new.bulk)) EXECUTE FUNCTION private.mail_queue_hold_suppressed();

CREATE TRIGGER mail_queue_hold_suppressed_requeued BEFORE UPDATE OF status ON public.mail_queue FOR EACH ROW EXECUTE FUNCTION private.mail_queue_hold_suppressed();

-- The same hold for the bulk messages a statement inserts, all at once: at the end of the statement,
-- every one inserted queued whose address is suppressed is settled dead as the row's hold would have
-- stored it (an invitation's mail is then noted failed, private.note_invitation_mail). A launch wave's
-- 10,000 messages are addressed and looked up in a few joins, not a trigger run for each. Nothing takes
-- them in between: the worker's take runs in another transaction, after this one commits.
CREATE FUNCTION private.mail_queue_hold_suppressed_bulk() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  with addressed as materialized (
    select a.id, a.address
      from private.mail_queue_addresses(array(
             select n::public.mail_queue from new_rows n where n.bulk and n.status = 'queued')) a
  )
  update public.mail_queue q
     set status = 'dead', dead_at = now(), lease = null, leased_until = null, last_error = 'suppressed'
   where q.id in (select a.id
                    from addressed a
                    join private.mail_suppression_reasons(array(select a.address from addressed a)) r
                      on r.address = a.address);
  return null;
end;
$$;
REVOKE ALL ON FUNCTION private.mail_queue_hold_suppressed_bulk() FROM PUBLIC;

CREATE TRIGGER mail_queue_hold_suppressed_bulk AFTER INSERT ON public.mail_queue REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.mail_queue_hold_suppressed_bulk();

-- When a suppression lands: every message it covers not yet with a worker (queued, or its lease run
-- out) is settled dead. Rows are found by their mailbox's fingerprint (the sign-up tables index it),
-- and for a bounce kept to the one address that bounced. A message whose lease is running is left to
-- its worker, which holds the address already and may send it once more; a bounce arrives well after
-- the mail that bounced, so that is at most the one message in flight to that address or mailbox.
CREATE FUNCTION private.mail_suppression_settles_queue() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.mail_queue q
     set status = 'dead', dead_at = now(), lease = null, leased_until = null, last_error = 'suppressed'
   where (q.status = 'queued' or (q.status = 'sending' and q.leased_until <= now()))
     and (q.early_access_id in (select e.id from public.early_access_signups e
                                 where private.mailbox_sha256(e.email) = new.mailbox_sha256
                                   and (new.address_sha256 is null
                                        or private.address_sha256(e.email) = new.address_sha256))
          or q.newsletter_id in (select n.id from public.newsletter_subscriptions n
                                  where private.mailbox_sha256(n.email) = new.mailbox_sha256
                                    and (new.address_sha256 is null
                                         or private.address_sha256(n.email) = new.address_sha256))
          or q.waitlist_id in (select w.id from public.waitlist_signups w
                                where private.mailbox_sha256(w.email) = new.mailbox_sha256
                                  and (new.address_sha256 is null
                                       or private.address_sha256(w.email) = new.address_sha256))
          or q.application_id in (select a.id from public.general_applications a
                                   where private.mailbox_sha256(a.email) = new.mailbox_sha256
                                     and (new.address_sha256 is null
                                          or private.address_sha256(a.email) = new.address_sha256))
          or (q.kind = 'privacy_link' and q.recipient is not null
              and private.mailbox_sha256(q.recipient) = new.mailbox_sha256
              and (new.address_sha256 is null
                   or private.address_sha256(q.recipient) = new.address_sha256)));
  return null;
end;
$$;
REVOKE ALL ON FUNCTION private.mail_suppression_settles_queue() FROM PUBLIC;

CREATE TRIGGER mail_suppression_settles_queue AFTER INSERT ON public.mail_suppressions FOR EACH ROW EXECUTE FUNCTION private.mail_suppression_settles_queue();

-- Recording Resend's events ----------------------------------------------------------------------------

-- What one of Resend's events says of its mail, by meaning: its kind, except that a bounce which is not
-- permanent is 'soft_bounced' (the recipient's server refused it this time: a full mailbox, a message
-- too large). A bounce without a type counts as permanent: Resend documents email.bounced as the
-- recipient's server rejecting the mail for good. The one statement of which bounce suppresses.
CREATE FUNCTION private.mail_event_state(p_event text, p_bounce_type text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select case
    when p_event = 'bounced' and lower(coalesce(p_bounce_type, 'Permanent')) <> 'permanent'
      then 'soft_bounced'
    else p_event
  end
$$;
REVOKE ALL ON FUNCTION private.mail_event_state(p_event text, p_bounce_type text) FROM PUBLIC;
-- The team's summary view (below) runs as its reader.
GRANT ALL ON FUNCTION private.mail_event_state(p_event text, p_bounce_type text) TO service_role;

-- Which of a mail's states says more, whatever order Resend's events arrive in: a complaint, then a
-- permanent bounce (both final, and never undone by a delivered or delayed event after them), then
-- delivered (a soft bounce after it is an auto-reply or the like), a soft bounce (Resend gave up), a
-- delay (Resend is still trying).
CREATE FUNCTION private.mail_state_rank(p_state text) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select case p_state
    when 'complained' then 5
    when 'bounced' then 4
    when 'delivered' then 3
    when 'soft_bounced' then 2
    when 'delayed' then 1
    else 0
  end
$$;
REVOKE ALL ON FUNCTION private.mail_state_rank(p_state text) FROM PUBLIC;

-- Records one verified webhook of Resend (the function resend-webhook has checked its signature and
-- time): 'replayed' when its id was taken before (nothing recorded again), 'ignored' for an event kind
-- not kept (its id is still taken), else 'recorded': an event row per recipient and, for a permanent
-- bounce the suppression of the recipient's address, for a complaint that of the recipient's mailbox.
-- Each call also deletes the ids older than a day and the events older than 90 days, so neither table
-- needs a job.
CREATE FUNCTION public.record_mail_delivery_event(p_webhook_id text, p_event text, p_email_id text, p_to jsonb, p_bounce_type text, p_occurred_at timestamp with time zone) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_address text;
  v_mailbox text;
  v_exact text;
  v_state text;
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
  v_state := private.mail_event_state(p_event, p_bounce_type);
  for v_address in select jsonb_array_elements_text(p_to) loop
    -- 'Name <address>' as well as a bare address; anything without an @ is not a mailbox.
    v_address := btrim(coalesce(substring(v_address from '<([^<>]*)>'), v_address));
    continue when v_address is null or position('@' in v_address) < 2 or char_length(v_address) > 254;
    v_mailbox := private.mailbox_sha256(v_address);
    v_exact := private.address_sha256(v_address);
    insert into public.mail_delivery_events
      (email_id, mailbox_sha256, address_sha256, event, bounce_type, occurred_at)
    values
      (p_email_id, v_mailbox, v_exact, p_event, left(p_bounce_type, 40), coalesce(p_occurred_at, now()));
    if v_state = 'complained' then
      insert into public.mail_suppressions (mailbox_sha256, reason, email_id)
      values (v_mailbox, 'complained', p_email_id)
      on conflict (mailbox_sha256) where reason = 'complained' do nothing;
    elsif v_state = 'bounced' then
      insert into public.mail_suppressions (mailbox_sha256, address_sha256, reason, email_id)
      values (v_mailbox, v_exact, 'bounced', p_email_id)
      on conflict (address_sha256) do nothing;
    end if;
  end loop;
  delete from public.mail_delivery_events where received_at < now() - interval '90 days';
  return 'recorded';
end;
$$;
REVOKE ALL ON FUNCTION public.record_mail_delivery_event(p_webhook_id text, p_event text, p_email_id text, p_to jsonb, p_bounce_type text, p_occurred_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_mail_delivery_event(p_webhook_id text, p_event text, p_email_id text, p_to jsonb, p_bounce_type text, p_occurred_at timestamp with time zone) TO service_role;

-- For staff and the team -------------------------------------------------------------------------------

-- One mail's state by meaning (private.mail_event_state, private.mail_state_rank): the event of Resend's
-- that says most about it, not the last to arrive; null when Resend has said nothing of it.
CREATE FUNCTION private.email_delivery_state(p_email_id text) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select private.mail_event_state(e.event, e.bounce_type)
    from public.mail_delivery_events e
   where e.email_id = p_email_id
   order by private.mail_state_rank(private.mail_event_state(e.event, e.bounce_type)) desc, e.id desc
   limit 1
$$;
REVOKE ALL ON FUNCTION private.email_delivery_state(p_email_id text) FROM PUBLIC;

-- One row's mail, as the console shows it: its newest message's fate ('withheld' when it was over its
-- person's budget of unconfirmed mail), and after Resend took it, that mail's state by meaning ('sent'
-- until Resend reports on it). With no message left (sent messages are
-- deleted after 7 days), the state of the newest mail Resend reported on for the row's address since
-- the row was made (events recorded before addresses were kept count for every address of their
-- mailbox), else 'suppressed' when the address is, else null. With the reason the address is
-- suppressed, when it is (private.mail_suppression_reason).
CREATE FUNCTION private.row_mail_state(p_message public.mail_queue, p_address text, p_since timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_state text;
  v_reason text;
  v_mailbox text := private.mailbox_sha256(p_address);
  v_exact text := private.address_sha256(p_address);
begin
  v_reason := private.mail_suppression_reason(p_address);
  if p_message.id is not null then
    v_state := case
      when p_message.status in ('queued', 'sending') then 'queued'
      when p_message.status = 'withheld' then 'withheld'
      when p_message.status = 'dead' and p_message.last_error = 'suppressed' then 'suppressed'
      when p_message.status = 'dead' then 'failed'
      else coalesce(private.email_delivery_state(p_message.provider_message_id), 'sent')
    end;
  else
    v_state := coalesce(
      private.email_delivery_state(
        (select e.email_id from public.mail_delivery_events e
          where e.mailbox_sha256 = v_mailbox and coalesce(e.address_sha256, v_exact) = v_exact
            and e.occurred_at >= p_since
          group by e.email_id
          order by min(e.occurred_at) desc, e.email_id desc
          limit 1)),
      case when v_reason is not null then 'suppressed' end);
  end if;
  if v_state is null then
    return null;
  end if;
  return jsonb_build_object('state', v_state, 'suppressed', v_reason);
end;
$$;
REVOKE ALL ON FUNCTION private.row_mail_state(p_message public.mail_queue, p_address text, p_since timestamp with time zone) FROM PUBLIC;

-- The delivery state of each of a page's rows of one list (a JSON array of at most 200 ids), which the
-- console asks for after the page (apps/backoffice/src/lists/mail-column.tsx):
-- {"<id>": {"state": …, "suppressed": null | 'bounced' | 'complained'}}, rows without a known state
-- left out. A state is 'queued', 'sent', 'delivered', 'delayed', 'soft_bounced', 'bounced',
-- 'complained', 'suppressed' or 'withheld' (never sent), or 'failed'. Staff only; not logged, as the lists are not.
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
                  r.email, r.created_at) as state) s
      where r.id = any($1)',
    v_table, v_column)
    into v_states using v_ids;
  return v_states;
end;
$_$;
REVOKE ALL ON FUNCTION public.console_mail_states(p_list text, p_ids jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_mail_states(p_list text, p_ids jsonb) TO authenticated;

-- The suppressions, newest first, a page at a time, with the counts of the whole list and of the
-- messages they stopped. A suppression holds fingerprints, not an address: the address shown is that of
-- a sign-up or application it covers (for a bounce, the address that bounced, in the case it was
-- stored in; for a complaint, one of the mailbox's), null once every one is gone. Staff only; not logged
-- (the rows name addresses the lists already show to staff).
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
         order by p.suppressed_at desc, p.id desc), '[]'::jsonb)
    into v_rows
    from (select s.id, s.reason, s.suppressed_at,
                 coalesce(
                   (select e.email from public.early_access_signups e
                     where private.mailbox_sha256(e.email) = s.mailbox_sha256
                       and coalesce(s.address_sha256, private.address_sha256(e.email))
                           = private.address_sha256(e.email)
                     limit 1),
                   (select w.email from public.waitlist_signups w
                     where private.mailbox_sha256(w.email) = s.mailbox_sha256
                       and coalesce(s.address_sha256, private.address_sha256(w.email))
                           = private.address_sha256(w.email)
                     limit 1),
                   (select n.email from public.newsletter_subscriptions n
                     where private.mailbox_sha256(n.email) = s.mailbox_sha256
                       and coalesce(s.address_sha256, private.address_sha256(n.email))
                           = private.address_sha256(n.email)
                     limit 1),
                   (select a.email from public.general_applications a
                     where private.mailbox_sha256(a.email) = s.mailbox_sha256
                       and coalesce(s.address_sha256, private.address_sha256(a.email))
                           = private.address_sha256(a.email)
                     limit 1)) as email
            from public.mail_suppressions s
           order by s.suppressed_at desc, s.id desc
           limit v_limit offset v_offset) p;
  return v_counts || jsonb_build_object('rows', v_rows);
end;
$$;
REVOKE ALL ON FUNCTION public.console_mail_suppressions(p_limit integer, p_offset integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_mail_suppressions(p_limit integer, p_offset integer) TO authenticated;

-- For the team with the secret key (docs/mail-queue.md, "For the team"): Resend's events of the last 30
-- days per state (a bounce that is not permanent counts as 'soft_bounced'), the suppressions per reason
-- (a bounce's is an address, a complaint's a mailbox), and the messages suppression stopped.
CREATE VIEW public.mail_delivery_summary WITH (security_invoker='true') AS
 SELECT 'event'::text AS counted,
    private.mail_event_state(e.event, e.bounce_type) AS what,
    (count(*))::integer AS count,
    max(e.occurred_at) AS latest
   FROM public.mail_delivery_events e
  WHERE (e.occurred_at >= (now() - '30 days'::interval))
  GROUP BY (private.mail_event_state(e.event, e.bounce_type))
UNION ALL
 SELECT
        CASE s.reason
            WHEN 'bounced'::text THEN 'suppressed addresses'::text
            ELSE 'suppressed mailboxes'::text
        END AS counted,
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
