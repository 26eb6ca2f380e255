-- The lists' audience in Resend (docs/audience.md): every confirmed member of a list is a contact in
-- that list's segment, and nobody else is. The site tells Resend through a queue with the mail queue's
-- guarantees (a lease, tries counted, a backoff, dead letters with Resend's words), one request at a
-- time at the provider's pace it shares with the mail worker, mail first; the worker is the function
-- sync-audience. What Resend tells the site (its contact events) is audience-events.sql; what the team
-- and staff see of it, audience-views.sql.
--
-- The queue holds what Resend should be, never an operation: a contact's row says what the site last
-- made Resend hold for one address, and whether that may differ from what it should hold now. The
-- worker asks the database for the next request (private.audience_next_step, decided from the rows as
-- they are when it asks), makes it, and tells the outcome. So an unsubscribe while the confirmation's
-- sync still waits is simply a contact that should not be there any more, and the order changes arrive
-- in does not matter.

-- A Resend contact is one address: the site makes contacts of addresses in lower case, and finds its row
-- for an address, or for one of Resend's events, by private.address_sha256 (mail-delivery.sql).

-- The segments ---------------------------------------------------------------------------------------

-- One segment per list: the newsletter's, and early access's and the waitlist's for their launch news
-- (the privacy page says so). segment_id is Resend's id: the team may set it to a segment it made
-- (public.audience_use_segment); left empty, the worker finds a segment of this name in Resend, or makes
-- one (looked_up_at: when it last found none, so the next try makes it; cleared when a making may have
-- gone through unanswered, so that the next try looks again before making a second). One worker at a
-- time finds or makes a segment (lease).
CREATE TABLE public.audience_segments (
    list text NOT NULL,
    name text NOT NULL,
    segment_id text,
    looked_up_at timestamp with time zone,
    lease uuid,
    leased_until timestamp with time zone,
    attempts integer DEFAULT 0 NOT NULL,
    available_at timestamp with time zone DEFAULT now() NOT NULL,
    last_error text,
    CONSTRAINT audience_segments_last_error_check CHECK ((char_length(last_error) <= 1000)),
    CONSTRAINT audience_segments_lease_check CHECK (((lease IS NULL) = (leased_until IS NULL))),
    CONSTRAINT audience_segments_list_check CHECK ((list = ANY (ARRAY['early_access'::text, 'newsletter'::text, 'waitlist'::text]))),
    CONSTRAINT audience_segments_name_check CHECK (((char_length(name) >= 1) AND (char_length(name) <= 100))),
    CONSTRAINT audience_segments_segment_id_check CHECK (((char_length(segment_id) >= 1) AND (char_length(segment_id) <= 100))),
    CONSTRAINT audience_segments_pkey PRIMARY KEY (list)
);
ALTER TABLE ONLY public.audience_segments FORCE ROW LEVEL SECURITY;
ALTER TABLE public.audience_segments ENABLE ROW LEVEL SECURITY;
GRANT SELECT,UPDATE ON TABLE public.audience_segments TO service_role;

-- The segments' names in Resend, as the team sees them there.
insert into public.audience_segments (list, name) values
  ('early_access', 'Agentora early access'),
  ('newsletter', 'Agentora newsletter'),
  ('waitlist', 'Agentora waitlist');

-- Each contact ---------------------------------------------------------------------------------------

-- One row per address the site has, or may have, made a contact of in Resend, while it has one there
-- or is about to: the fingerprints (the address's, and its mailbox's, by which erasure and suppressions
-- find it), never the address itself but for `address`, held only while Resend may have a contact the
-- site does not know the id of (a creation whose answer was lost), so it can still be deleted by
-- address. What Resend holds as the site last made it: contact_id, in_segments (the lists whose
-- segment has it; NULL when not known, for a contact Resend had before the site met it), unsubscribed
-- (Resend's flag for all broadcasts) and unsubscribed_set_at (when the site last took a request setting
-- it: a contact event older than that is no news); absent: Resend is known to have no contact for it.
--
-- And the queue: synced, or queued (due at available_at) → sending (leased to one worker with the
-- request it makes, step) → synced, queued again, or dead with last_error. priority 0 is a change made
-- on the site, 1 the backfill's, which waits for the first. lists: the lists whose segment the waiting
-- change is about (for the console). checking: a membership request Resend answered 404, until a look
-- at the contact tells whether the contact or the segment is gone. A row that leaves Resend nothing is
-- deleted.
CREATE TABLE public.audience_contacts (
    address_sha256 text NOT NULL,
    mailbox_sha256 text NOT NULL,
    contact_id text,
    address text,
    in_segments text[] DEFAULT '{}'::text[],
    unsubscribed boolean,
    unsubscribed_set_at timestamp with time zone,
    absent boolean DEFAULT false NOT NULL,
    status text DEFAULT 'queued'::text NOT NULL,
    priority smallint DEFAULT 0 NOT NULL,
    lists text[] DEFAULT '{}'::text[] NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    available_at timestamp with time zone DEFAULT now() NOT NULL,
    lease uuid,
    leased_until timestamp with time zone,
    step jsonb,
    checking jsonb,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    queued_at timestamp with time zone DEFAULT now() NOT NULL,
    synced_at timestamp with time zone,
    dead_at timestamp with time zone,
    CONSTRAINT audience_contacts_address_check CHECK ((char_length(address) <= 320)),
    CONSTRAINT audience_contacts_address_sha256_check CHECK ((address_sha256 ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT audience_contacts_attempts_check CHECK ((attempts >= 0)),
    CONSTRAINT audience_contacts_contact_id_check CHECK (((char_length(contact_id) >= 1) AND (char_length(contact_id) <= 100))),
    CONSTRAINT audience_contacts_in_segments_check CHECK ((in_segments <@ ARRAY['early_access'::text, 'newsletter'::text, 'waitlist'::text])),
    CONSTRAINT audience_contacts_last_error_check CHECK ((char_length(last_error) <= 1000)),
    CONSTRAINT audience_contacts_lease_check CHECK (((status = 'sending'::text) = ((lease IS NOT NULL) AND (leased_until IS NOT NULL) AND (step IS NOT NULL)))),
    CONSTRAINT audience_contacts_lists_check CHECK ((lists <@ ARRAY['early_access'::text, 'newsletter'::text, 'waitlist'::text])),
    CONSTRAINT audience_contacts_mailbox_sha256_check CHECK ((mailbox_sha256 ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT audience_contacts_priority_check CHECK ((priority = ANY (ARRAY[0, 1]))),
    CONSTRAINT audience_contacts_status_check CHECK ((status = ANY (ARRAY['queued'::text, 'sending'::text, 'synced'::text, 'dead'::text]))),
    CONSTRAINT audience_contacts_pkey PRIMARY KEY (address_sha256)
);
ALTER TABLE ONLY public.audience_contacts FORCE ROW LEVEL SECURITY;
CREATE INDEX audience_contacts_contact_id ON public.audience_contacts USING btree (contact_id) WHERE (contact_id IS NOT NULL);
CREATE INDEX audience_contacts_due ON public.audience_contacts USING btree (priority, available_at) WHERE (status = 'queued'::text);
CREATE INDEX audience_contacts_leased ON public.audience_contacts USING btree (leased_until) WHERE (status = 'sending'::text);
CREATE INDEX audience_contacts_mailbox ON public.audience_contacts USING btree (mailbox_sha256);
CREATE INDEX audience_contacts_status ON public.audience_contacts USING btree (status);
ALTER TABLE public.audience_contacts ENABLE ROW LEVEL SECURITY;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.audience_contacts TO service_role;

-- The backfill's look at what Resend already holds, one row: asked for (requested_at) by
-- public.audience_backfill, it pages through Resend's contacts (cursor: the last contact's id), learns
-- the ids of those the site was about to make, and once done (done_at) knows every other backfilled
-- address absent, so each is made in one request. Leased like a contact; gave_up when its tries ran out
-- (the backfill then looks at each contact alone).
CREATE TABLE public.audience_scan (
    id boolean DEFAULT true NOT NULL,
    requested_at timestamp with time zone,
    started_at timestamp with time zone,
    cursor text,
    pages integer DEFAULT 0 NOT NULL,
    done_at timestamp with time zone,
    gave_up boolean DEFAULT false NOT NULL,
    lease uuid,
    leased_until timestamp with time zone,
    attempts integer DEFAULT 0 NOT NULL,
    available_at timestamp with time zone DEFAULT now() NOT NULL,
    last_error text,
    CONSTRAINT audience_scan_cursor_check CHECK ((char_length(cursor) <= 100)),
    CONSTRAINT audience_scan_id_check CHECK (id),
    CONSTRAINT audience_scan_last_error_check CHECK ((char_length(last_error) <= 1000)),
    CONSTRAINT audience_scan_lease_check CHECK (((lease IS NULL) = (leased_until IS NULL))),
    CONSTRAINT audience_scan_pkey PRIMARY KEY (id)
);
ALTER TABLE ONLY public.audience_scan FORCE ROW LEVEL SECURITY;
ALTER TABLE public.audience_scan ENABLE ROW LEVEL SECURITY;
GRANT SELECT,UPDATE ON TABLE public.audience_scan TO service_role;

-- Its one row.
insert into public.audience_scan default values;

-- What Resend should hold ----------------------------------------------------------------------------

-- The confirmed sign-ups of the lists that have a segment, of one address (found by its mailbox, which
-- is indexed): a contact's members. Read as its owner.
CREATE FUNCTION private.audience_members(p_mailbox_sha256 text, p_address_sha256 text) RETURNS TABLE(list text, id uuid, email text, confirmed_at timestamp with time zone)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select 'early_access', e.id, e.email, e.confirmed_at from public.early_access_signups e
   where private.mailbox_sha256(e.email) = p_mailbox_sha256 and e.confirmed_at is not null
     and private.address_sha256(e.email) = p_address_sha256
  union all
  select 'newsletter', n.id, n.email, n.confirmed_at from public.newsletter_subscriptions n
   where private.mailbox_sha256(n.email) = p_mailbox_sha256 and n.confirmed_at is not null
     and private.address_sha256(n.email) = p_address_sha256
  union all
  select 'waitlist', w.id, w.email, w.confirmed_at from public.waitlist_signups w
   where private.mailbox_sha256(w.email) = p_mailbox_sha256 and w.confirmed_at is not null
     and private.address_sha256(w.email) = p_address_sha256
$$;
REVOKE ALL ON FUNCTION private.audience_members(p_mailbox_sha256 text, p_address_sha256 text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.audience_members(p_mailbox_sha256 text, p_address_sha256 text) TO service_role;

-- Whether the site mails the address no more (mail-delivery.sql's suppressions, as
-- private.mail_suppression_reason reads them): its mailbox complained, or this address bounced for good.
-- Its contact stays, unsubscribed and in no segment.
CREATE FUNCTION private.audience_suppressed(p_mailbox_sha256 text, p_address_sha256 text) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select exists (select from public.mail_suppressions s
                  where (s.reason = 'complained' and s.mailbox_sha256 = p_mailbox_sha256)
                     or (s.reason = 'bounced' and s.address_sha256 = p_address_sha256))
$$;
REVOKE ALL ON FUNCTION private.audience_suppressed(p_mailbox_sha256 text, p_address_sha256 text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.audience_suppressed(p_mailbox_sha256 text, p_address_sha256 text) TO service_role;

-- The next request that brings Resend's contact of the row's address to what it should be, or NULL when
-- it is there. What it should be: with no confirmed member left, no contact (deleted: an unsubscribe
-- from the last list keeps only a fingerprint here, and the site keeps none in Resend either); a member
-- of a suppressed mailbox, a contact marked unsubscribed in no segment; else a contact not unsubscribed,
-- in the segment of each list it is a member of, and of no other list. In this order: a segment to find
-- or make, a 404 to look into, the contact to find (get) or make (create, with its segments, when
-- Resend is known to have none), its segments when not known, the flag set first when it unsubscribes
-- (broadcasts stop at once), segments left, segments joined, the flag set last when it subscribes.
CREATE FUNCTION private.audience_next_step(p_row public.audience_contacts) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v_address text;
  v_lists text[];
  v_wanted text[];
  v_suppressed boolean;
  v_list text;
  v_segment public.audience_segments;
begin
  select min(lower(m.email)), coalesce(array_agg(distinct m.list order by m.list), '{}')
    into v_address, v_lists
    from private.audience_members(p_row.mailbox_sha256, p_row.address_sha256) m;
  if cardinality(v_lists) = 0 then
    if p_row.contact_id is not null or p_row.address is not null then
      return jsonb_build_object('op', 'delete', 'contact', coalesce(p_row.contact_id, p_row.address));
    end if;
    return null;
  end if;
  v_suppressed := private.audience_suppressed(p_row.mailbox_sha256, p_row.address_sha256);
  v_wanted := case when v_suppressed then '{}' else v_lists end;
  foreach v_list in array v_wanted loop
    select * into v_segment from public.audience_segments where list = v_list;
    if v_segment.segment_id is null then
      return jsonb_build_object(
        'op', case when v_segment.looked_up_at is null then 'find_segment' else 'create_segment' end,
        'list', v_list, 'name', v_segment.name);
    end if;
  end loop;
  if p_row.checking is not null and p_row.contact_id is not null then
    return jsonb_build_object('op', 'check', 'contact', p_row.contact_id);
  end if;
  if p_row.contact_id is null then
    if p_row.absent then
      return jsonb_build_object('op', 'create', 'email', v_address, 'unsubscribed', v_suppressed,
        'lists', to_jsonb(v_wanted),
        'segments', (select coalesce(jsonb_agg(s.segment_id order by s.list), '[]'::jsonb)
                       from public.audience_segments s where s.list = any(v_wanted)));
    end if;
    return jsonb_build_object('op', 'get', 'email', v_address);
  end if;
  if p_row.in_segments is null then
    return jsonb_build_object('op', 'memberships', 'contact', p_row.contact_id);
  end if;
  if v_suppressed and p_row.unsubscribed is distinct from true then
    return jsonb_build_object('op', 'update', 'contact', p_row.contact_id, 'unsubscribed', true);
  end if;
  for v_segment in
    select * from public.audience_segments
     where list = any(p_row.in_segments) and not list = any(v_wanted) and segment_id is not null
     order by list
  loop
    return jsonb_build_object('op', 'leave', 'contact', p_row.contact_id, 'list', v_segment.list,
                              'segment', v_segment.segment_id);
  end loop;
  for v_segment in
    select * from public.audience_segments
     where list = any(v_wanted) and not list = any(p_row.in_segments)
     order by list
  loop
    return jsonb_build_object('op', 'join', 'contact', p_row.contact_id, 'list', v_segment.list,
                              'segment', v_segment.segment_id);
  end loop;
  if not v_suppressed and p_row.unsubscribed is distinct from false then
    return jsonb_build_object('op', 'update', 'contact', p_row.contact_id, 'unsubscribed', false);
  end if;
  return null;
end;
$$;
REVOKE ALL ON FUNCTION private.audience_next_step(p_row public.audience_contacts) FROM PUBLIC;
GRANT ALL ON FUNCTION private.audience_next_step(p_row public.audience_contacts) TO service_role;

-- Changes that reach Resend ---------------------------------------------------------------------------

-- Queues the contact of an address because something about it changed on the site (a confirmation, an
-- unsubscribe, an erasure, a suppression): at priority 0, ahead of the backfill; a dead one is tried
-- afresh; one being sent is left to its worker, whose settle asks the next request from the rows as
-- they are then. p_create: make the row when there is none (a confirmation; a row deleted or
-- suppressed with no contact row has nothing in Resend to change).
CREATE FUNCTION private.audience_touch(p_address_sha256 text, p_mailbox_sha256 text, p_lists text[], p_create boolean) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if p_create then
    insert into public.audience_contacts (address_sha256, mailbox_sha256, lists)
    values (p_address_sha256, p_mailbox_sha256, p_lists)
    on conflict (address_sha256) do nothing;
    if found then
      return;
    end if;
  end if;
  update public.audience_contacts c
     set lists = array(select distinct l from unnest(c.lists || p_lists) l order by l),
         priority = 0,
         status = case when c.status = 'sending' then 'sending' else 'queued' end,
         attempts = case when c.status = 'dead' then 0 else c.attempts end,
         available_at = case when c.status in ('synced', 'dead') then now() else c.available_at end,
         queued_at = case when c.status in ('synced', 'dead') then now() else c.queued_at end,
         dead_at = null
   where c.address_sha256 = p_address_sha256;
end;
$$;
REVOKE ALL ON FUNCTION private.audience_touch(p_address_sha256 text, p_mailbox_sha256 text, p_lists text[], p_create boolean) FROM PUBLIC;

-- A list's sign-up confirmed (or inserted confirmed), its address changed, or a confirmed one deleted
-- (an unsubscribe, an erasure, an operator): its contact is queued. Unconfirmed sign-ups never reach
-- Resend, so their inserts and deletes (retention's among them) cost one test here.
CREATE FUNCTION private.audience_signup_changed() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_list text := case tg_table_name
    when 'early_access_signups' then 'early_access'
    when 'newsletter_subscriptions' then 'newsletter'
    when 'waitlist_signups' then 'waitlist'
  end;
begin
  if tg_op in ('UPDATE', 'DELETE') and old.confirmed_at is not null then
    perform private.audience_touch(private.address_sha256(old.email), private.mailbox_sha256(old.email),
                                   array[v_list], false);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.confirmed_at is not null
     and (tg_op = 'INSERT' or old.confirmed_at is null or old.email is distinct from new.email) then
    perform private.audience_touch(private.address_sha256(new.email), private.mailbox_sha256(new.email),
                                   array[v_list], true);
  end if;
  return null;
end;
$$;
REVOKE ALL ON FUNCTION private.audience_signup_changed() FROM PUBLIC;

CREATE TRIGGER early_access_signups_audience AFTER INSERT OR UPDATE OF confirmed_at, email ON public.early_access_signups FOR EACH ROW EXECUTE FUNCTION private.audience_signup_changed();

CREATE TRIGGER early_access_signups_audience_gone AFTER DELETE ON public.early_access_signups FOR EACH ROW WHEN ((old.confirmed_at IS NOT NULL)) EXECUTE FUNCTION private.audience_signup_changed();

CREATE TRIGGER newsletter_subscriptions_audience AFTER INSERT OR UPDATE OF confirmed_at, email ON public.newsletter_subscriptions FOR EACH ROW EXECUTE FUNCTION private.audience_signup_changed();

CREATE TRIGGER newsletter_subscriptions_audience_gone AFTER DELETE ON public.newsletter_subscriptions FOR EACH ROW WHEN ((old.confirmed_at IS NOT NULL)) EXECUTE FUNCTION private.audience_signup_changed();

CREATE TRIGGER waitlist_signups_audience AFTER INSERT OR UPDATE OF confirmed_at, email ON public.waitlist_signups FOR EACH ROW EXECUTE FUNCTION private.audience_signup_changed();

CREATE TRIGGER waitlist_signups_audience_gone AFTER DELETE ON public.waitlist_signups FOR EACH ROW WHEN ((old.confirmed_at IS NOT NULL)) EXECUTE FUNCTION private.audience_signup_changed();

-- A suppression made (a bounce, a complaint) or lifted by the team: the contacts of the mailbox's
-- addresses are queued (marked unsubscribed and out of the segments, or back in; a bounce's only for the
-- address that bounced, private.audience_next_step decides).
CREATE FUNCTION private.audience_suppression_changed() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_row public.audience_contacts;
begin
  for v_row in
    select * from public.audience_contacts
     where mailbox_sha256 = case when tg_op = 'DELETE' then old.mailbox_sha256 else new.mailbox_sha256 end
  loop
    perform private.audience_touch(v_row.address_sha256, v_row.mailbox_sha256,
                                   coalesce(v_row.in_segments, '{}'), false);
  end loop;
  return null;
end;
$$;
REVOKE ALL ON FUNCTION private.audience_suppression_changed() FROM PUBLIC;

CREATE TRIGGER mail_suppressions_audience AFTER INSERT OR DELETE ON public.mail_suppressions FOR EACH ROW EXECUTE FUNCTION private.audience_suppression_changed();

-- Taking and settling --------------------------------------------------------------------------------

-- The provider's pace, shared with the mail worker (public.mail_send_pace, mail-queue.sql), mail first:
-- the sync takes a slot only when it is free now and no mail is due, so a confirmation waits for a sync
-- request at most the one slot it is in. Answers 0 when the slot is taken (send now), else how many ms
-- to wait before asking again.
CREATE FUNCTION public.take_audience_send_slot(p_interval_ms integer) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_now timestamptz := clock_timestamp();
  v_next timestamptz;
begin
  select next_send_at into v_next from public.mail_send_pace for update;
  if v_next > v_now then
    return greatest(ceil(extract(epoch from v_next - v_now) * 1000)::integer, 1);
  end if;
  if exists (select from public.mail_queue q where q.status = 'queued' and q.available_at <= v_now) then
    return greatest(p_interval_ms, 1);
  end if;
  update public.mail_send_pace
     set next_send_at = v_now + make_interval(secs => greatest(p_interval_ms, 0) / 1000.0);
  return 0;
end;
$$;
REVOKE ALL ON FUNCTION public.take_audience_send_slot(p_interval_ms integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.take_audience_send_slot(p_interval_ms integer) TO service_role;

-- A row that needs nothing more: in sync, or deleted when it leaves nothing in Resend to know of.
CREATE FUNCTION private.audience_settled(p_address_sha256 text) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  delete from public.audience_contacts
   where address_sha256 = p_address_sha256 and contact_id is null and address is null;
  if found then
    return 'gone';
  end if;
  update public.audience_contacts
     set status = 'synced', synced_at = now(), attempts = 0, priority = 0, lists = '{}',
         lease = null, leased_until = null, step = null, last_error = null, dead_at = null
   where address_sha256 = p_address_sha256;
  return 'synced';
end;
$$;
REVOKE ALL ON FUNCTION private.audience_settled(p_address_sha256 text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.audience_settled(p_address_sha256 text) TO service_role;

-- Leases the next request to one worker: {lease, step, attempts} (step: the request, private.audience_next_step's,
-- or a segment to find or make, or a page of the backfill's look at Resend), {more: true} when it
-- settled rows that needed nothing and stopped looking, or NULL when nothing is due. Changes made on the
-- site first, then the backfill's look at Resend, then the backfill. A worker that stopped while
-- sending leaves its lease to end, and its row is taken again (the try counted), or is dead once its
-- tries are used.
CREATE FUNCTION public.take_audience_change(p_lease_seconds integer) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_lease uuid := gen_random_uuid();
  v_until timestamptz := now() + make_interval(secs => greatest(p_lease_seconds, 1));
  v_row public.audience_contacts;
  v_step jsonb;
  v_scan public.audience_scan;
  v_scanning boolean;
  v_settled integer := 0;
begin
  update public.audience_contacts
     set status = 'dead', dead_at = now(), lease = null, leased_until = null, step = null,
         last_error = left('The worker stopped while syncing, ' || attempts || ' times; last answer: '
                           || coalesce(last_error, 'none'), 1000)
   where status = 'sending' and leased_until <= now() and attempts >= private.mail_max_attempts();
  select * into v_scan from public.audience_scan;
  v_scanning := v_scan.requested_at is not null and v_scan.done_at is null;
  loop
    -- A row whose worker stopped first, then the due rows in the order of their index (a walk, not a
    -- sort of the whole queue: a backfill queues every member at once).
    select * into v_row from public.audience_contacts c
     where c.status = 'sending' and c.leased_until <= now()
     order by c.leased_until
     limit 1
       for update skip locked;
    if not found and v_scanning then
      select * into v_row from public.audience_contacts c
       where c.status = 'queued' and c.priority = 0 and c.available_at <= now()
       order by c.priority, c.available_at
       limit 1
         for update skip locked;
    elsif not found then
      select * into v_row from public.audience_contacts c
       where c.status = 'queued' and c.available_at <= now()
       order by c.priority, c.available_at
       limit 1
         for update skip locked;
    end if;
    exit when not found;
    v_step := private.audience_next_step(v_row);
    if v_step is null then
      perform private.audience_settled(v_row.address_sha256);
      v_settled := v_settled + 1;
      if v_settled >= 200 then
        return jsonb_build_object('more', true);
      end if;
      continue;
    end if;
    if v_step ->> 'op' in ('find_segment', 'create_segment') then
      update public.audience_segments
         set lease = v_lease, leased_until = v_until, attempts = attempts + 1
       where list = v_step ->> 'list' and available_at <= now()
         and (leased_until is null or leased_until <= now());
      if found then
        return jsonb_build_object('lease', v_lease, 'step', v_step, 'attempts',
                                  (select attempts from public.audience_segments where list = v_step ->> 'list'));
      end if;
      -- Another worker is on that segment, or it waits after a failure: so does this row.
      update public.audience_contacts
         set available_at = greatest(now() + interval '2 seconds',
                                     (select s.available_at from public.audience_segments s
                                       where s.list = v_step ->> 'list'))
       where address_sha256 = v_row.address_sha256;
      continue;
    end if;
    update public.audience_contacts
       set status = 'sending', attempts = attempts + 1, lease = v_lease, leased_until = v_until,
           step = v_step || jsonb_build_object('taken_at', now())
     where address_sha256 = v_row.address_sha256;
    return jsonb_build_object('lease', v_lease, 'step', v_step, 'attempts', v_row.attempts + 1);
  end loop;
  if v_scanning and v_scan.available_at <= now()
     and (v_scan.leased_until is null or v_scan.leased_until <= now()) then
    update public.audience_scan
       set lease = v_lease, leased_until = v_until, attempts = attempts + 1,
           started_at = coalesce(started_at, now());
    return jsonb_build_object('lease', v_lease, 'attempts', v_scan.attempts + 1,
                              'step', jsonb_build_object('op', 'scan', 'after', v_scan.cursor));
  end if;
  if v_settled > 0 then
    return jsonb_build_object('more', true);
  end if;
  return null;
end;
$$;
REVOKE ALL ON FUNCTION public.take_audience_change(p_lease_seconds integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.take_audience_change(p_lease_seconds integer) TO service_role;

-- What a request the worker made did, applied to its row: the outcome 'done' (p_result: what Resend
-- answered that matters: a contact's id and flag, a segment list) or 'missing' (Resend answered 404).
-- A contact Resend no longer has although the site made it, and did not delete it, was deleted in
-- Resend: that is an unsubscribe here (private.audience_gone_from_resend, audience-events.sql).
CREATE FUNCTION private.audience_apply(p_row public.audience_contacts, p_outcome text, p_result jsonb, p_error text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_step jsonb := p_row.step;
  v_op text := p_row.step ->> 'op';
  v_taken timestamptz := (p_row.step ->> 'taken_at')::timestamptz;
  v_key text := p_row.address_sha256;
  v_row public.audience_contacts;
begin
  if p_outcome = 'missing' and v_op in ('memberships', 'update', 'check') then
    perform private.audience_gone_from_resend(p_row);
    return;
  end if;
  case v_op
    when 'get' then
      if p_outcome = 'missing' then
        update public.audience_contacts set absent = true where address_sha256 = v_key;
      else
        update public.audience_contacts
           set contact_id = p_result ->> 'id', address = null, absent = false, in_segments = null,
               unsubscribed = (p_result ->> 'unsubscribed')::boolean, unsubscribed_set_at = v_taken
         where address_sha256 = v_key
        returning * into v_row;
        if v_row.unsubscribed then
          perform private.audience_found_unsubscribed(v_row);
        end if;
      end if;
    when 'create' then
      if p_outcome = 'missing' then
        update public.audience_contacts
           set status = 'dead', dead_at = now(), lease = null, leased_until = null, step = null,
               last_error = left('Resend knows no segment of those the contact was made in: ' || coalesce(p_error, '')
                                 || ' Set the list''s segment again (docs/audience.md).', 1000)
         where address_sha256 = v_key;
      else
        update public.audience_contacts
           set contact_id = p_result ->> 'id', address = null, absent = false,
               in_segments = array(select jsonb_array_elements_text(v_step -> 'lists')),
               unsubscribed = (v_step ->> 'unsubscribed')::boolean, unsubscribed_set_at = v_taken
         where address_sha256 = v_key;
      end if;
    when 'memberships' then
      update public.audience_contacts
         set in_segments = array(select s.list from public.audience_segments s
                                  where s.segment_id in (select jsonb_array_elements_text(p_result -> 'segment_ids'))
                                  order by s.list)
       where address_sha256 = v_key;
    when 'update' then
      update public.audience_contacts
         set unsubscribed = (v_step ->> 'unsubscribed')::boolean, unsubscribed_set_at = v_taken
       where address_sha256 = v_key;
    when 'join', 'leave' then
      if p_outcome = 'missing' then
        -- The contact or the segment is gone: a look at the contact says which.
        update public.audience_contacts
           set checking = v_step || jsonb_build_object('answer', p_error)
         where address_sha256 = v_key;
      else
        update public.audience_contacts
           set in_segments = case when v_op = 'join'
                                  then array(select distinct l from unnest(in_segments || array[v_step ->> 'list']) l order by l)
                                  else array_remove(in_segments, v_step ->> 'list') end
         where address_sha256 = v_key;
      end if;
    when 'check' then
      -- The contact is there, so the segment of the membership answered 404 is not.
      if p_row.checking ->> 'op' = 'leave' then
        update public.audience_contacts
           set in_segments = array_remove(in_segments, p_row.checking ->> 'list'), checking = null
         where address_sha256 = v_key;
      else
        update public.audience_contacts
           set checking = null, status = 'dead', dead_at = now(), lease = null, leased_until = null,
               step = null,
               last_error = left(format('Resend has no segment %s for the %s list (it answered: %s). Set the list''s segment again (docs/audience.md).',
                                        p_row.checking ->> 'segment', p_row.checking ->> 'list',
                                        coalesce(p_row.checking ->> 'answer', '404')), 1000)
         where address_sha256 = v_key;
      end if;
    when 'delete' then
      -- Resend answers 200 for a contact it does not have, as for one it deleted.
      update public.audience_contacts
         set contact_id = null, address = null, in_segments = '{}', unsubscribed = null, absent = true,
             checking = null
       where address_sha256 = v_key;
    else
      raise exception 'unknown step: %', v_op using errcode = '22023';
  end case;
end;
$$;
REVOKE ALL ON FUNCTION private.audience_apply(p_row public.audience_contacts, p_outcome text, p_result jsonb, p_error text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.audience_apply(p_row public.audience_contacts, p_outcome text, p_result jsonb, p_error text) TO service_role;

-- A segment found or made (the lease of public.take_audience_change on a segment's row): done with
-- {segment_id} (found or made) or {} (no segment of that name: the next try makes one); a making that
-- may have gone through unanswered looks again first; a refusal waits 15 minutes for the team.
CREATE FUNCTION private.settle_audience_segment(p_lease uuid, p_outcome text, p_result jsonb, p_error text, p_delay interval) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_segment public.audience_segments;
  v_making boolean;
begin
  select * into v_segment from public.audience_segments where lease = p_lease for update;
  if not found then
    return null;
  end if;
  v_making := v_segment.looked_up_at is not null;
  update public.audience_segments
     set segment_id = case when p_outcome = 'done' then coalesce(segment_id, p_result ->> 'segment_id')
                           else segment_id end,
         looked_up_at = case
           when p_outcome = 'done' and p_result ->> 'segment_id' is null then now()
           when p_outcome = 'done' or (p_outcome = 'retry' and v_making) then null
           else looked_up_at end,
         attempts = case when p_outcome in ('done', 'dead', 'missing') then 0
                         when p_outcome in ('throttled', 'released') then greatest(attempts - 1, 0)
                         else attempts end,
         available_at = now() + case when p_outcome in ('dead', 'missing') then interval '15 minutes'
                                     else p_delay end,
         last_error = case when p_outcome = 'done' then null else coalesce(p_error, last_error) end,
         lease = null, leased_until = null
   where list = v_segment.list;
  return 'segment';
end;
$$;
REVOKE ALL ON FUNCTION private.settle_audience_segment(p_lease uuid, p_outcome text, p_result jsonb, p_error text, p_delay interval) FROM PUBLIC;
GRANT ALL ON FUNCTION private.settle_audience_segment(p_lease uuid, p_outcome text, p_result jsonb, p_error text, p_delay interval) TO service_role;

-- What became of a leased request: 'done' (p_result), 'missing' (404), 'throttled' (the provider asked
-- to wait p_delay_ms: every worker, the mail's too, waits; the try does not count), 'released' (not
-- tried), 'retry' (failed, may have gone through: again after p_delay_ms, or dead once its tries are
-- used), 'dead' (refused for good, p_detail says why). A settle whose lease ended and passed to another
-- worker changes nothing. Answers the row's status afterwards ('gone' when it was deleted, 'segment' or
-- 'scan' for those), or NULL when the lease was not the caller's.
CREATE FUNCTION public.settle_audience_change(p_lease uuid, p_outcome text, p_result jsonb, p_detail text, p_delay_ms integer) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_row public.audience_contacts;
  v_op text;
  v_error text := left(p_detail, 1000);
  v_delay interval := make_interval(secs => greatest(coalesce(p_delay_ms, 0), 0) / 1000.0);
begin
  if p_outcome is null or p_outcome not in ('done', 'missing', 'retry', 'throttled', 'released', 'dead') then
    raise exception 'unknown outcome: %', p_outcome using errcode = '22023';
  end if;
  if p_outcome = 'throttled' then
    update public.mail_send_pace set next_send_at = greatest(next_send_at, clock_timestamp() + v_delay);
  end if;
  if exists (select from public.audience_segments where lease = p_lease) then
    return private.settle_audience_segment(p_lease, p_outcome, p_result, v_error, v_delay);
  end if;
  if exists (select from public.audience_scan where lease = p_lease) then
    return private.settle_audience_scan(p_lease, p_outcome, p_result, v_error, v_delay);
  end if;
  select * into v_row from public.audience_contacts where lease = p_lease and status = 'sending' for update;
  if not found then
    return null;
  end if;
  v_op := v_row.step ->> 'op';
  if p_outcome in ('throttled', 'released') then
    update public.audience_contacts
       set status = 'queued', attempts = greatest(attempts - 1, 0), available_at = now() + v_delay,
           lease = null, leased_until = null, step = null, last_error = coalesce(v_error, last_error)
     where address_sha256 = v_row.address_sha256;
    return 'queued';
  end if;
  if p_outcome = 'retry' then
    -- It may have gone through: a contact may exist that only its address can name, a flag may be set.
    update public.audience_contacts
       set address = case when v_op = 'create' then v_row.step ->> 'email' else address end,
           absent = case when v_op = 'create' then false else absent end,
           unsubscribed = case when v_op = 'update' then null else unsubscribed end,
           unsubscribed_set_at = case when v_op in ('create', 'update')
                                      then (v_row.step ->> 'taken_at')::timestamptz
                                      else unsubscribed_set_at end,
           status = case when attempts < private.mail_max_attempts() then 'queued' else 'dead' end,
           available_at = now() + v_delay,
           dead_at = case when attempts < private.mail_max_attempts() then null else now() end,
           lease = null, leased_until = null, step = null,
           last_error = case when attempts < private.mail_max_attempts() then v_error
                             else left('Tried ' || attempts || ' times; last answer: ' || coalesce(v_error, 'none'), 1000) end
     where address_sha256 = v_row.address_sha256
    returning * into v_row;
    return v_row.status;
  end if;
  if p_outcome = 'dead' then
    update public.audience_contacts
       set status = 'dead', dead_at = now(), lease = null, leased_until = null, step = null,
           last_error = coalesce(v_error, 'Refused.')
     where address_sha256 = v_row.address_sha256;
    return 'dead';
  end if;
  perform private.audience_apply(v_row, p_outcome, p_result, v_error);
  update public.audience_contacts
     set status = case when status = 'dead' then 'dead' else 'queued' end,
         attempts = 0, available_at = now(), lease = null, leased_until = null, step = null,
         last_error = case when status = 'dead' then last_error end
   where address_sha256 = v_row.address_sha256
  returning * into v_row;
  if not found then
    return 'gone';
  end if;
  if v_row.status = 'queued' and private.audience_next_step(v_row) is null then
    return private.audience_settled(v_row.address_sha256);
  end if;
  return v_row.status;
end;
$$;
REVOKE ALL ON FUNCTION public.settle_audience_change(p_lease uuid, p_outcome text, p_result jsonb, p_detail text, p_delay_ms integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.settle_audience_change(p_lease uuid, p_outcome text, p_result jsonb, p_detail text, p_delay_ms integer) TO service_role;
