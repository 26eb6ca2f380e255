-- Launch day (docs/launch-waves.md): staff let a list in by waves. A wave takes the early-access list by
-- place in line (as members see it: public.signup_place, referral credit included, held referrals
-- counting nothing) or the waitlist by order of sign-up, and invites "the next N", "everyone up to place
-- P" or rows staff chose, now or at a time they set; a dry run first says who that would be. Each
-- invitee gets one invitation (public.invitations) and one 'invite' message in the mail queue, taken
-- after every other mail (mail_queue.bulk). What becomes of the invitations, their links and the
-- product's redemption is invitations.sql. Every public function here answers staff only
-- (private.require_staff, staff.sql) but public.run_launch_waves, the schedule's.

-- The numbers ------------------------------------------------------------------------------------------

-- LAUNCH_WAVES of supabase/functions/_shared/rules/launch-waves.ts (supabase/tests/launch-waves.test.ts
-- holds the two equal): the most a wave invites, the most chosen rows it names, how many days an
-- invitation's link works, and the days after its start a wave's reminder may go.
CREATE FUNCTION private.launch_wave_rules(OUT max_wave integer, OUT max_chosen integer, OUT invite_days integer, OUT min_reminder_days integer, OUT max_reminder_days integer) RETURNS record
    LANGUAGE sql IMMUTABLE
    AS $$ select 10000, 200, 30, 1, 29 $$;
REVOKE ALL ON FUNCTION private.launch_wave_rules(OUT max_wave integer, OUT max_chosen integer, OUT invite_days integer, OUT min_reminder_days integer, OUT max_reminder_days integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.launch_wave_rules(OUT max_wave integer, OUT max_chosen integer, OUT invite_days integer, OUT min_reminder_days integer, OUT max_reminder_days integer) TO service_role;

-- The tables -------------------------------------------------------------------------------------------

-- A wave: its list and rule ('next': next_count members; 'up_to': everyone up to up_to_place; 'chosen':
-- the sign-ups chosen_ids names; 'before_waves': the console's "Invite selected" before waves existed,
-- made by the migration that made this table), who made it and when it starts. 'scheduled' until
-- starts_at, when public.run_launch_waves decides and queues it ('started'); 'cancelled' if staff
-- cancelled it first. outcome is what the decision found: {invited, first_place, last_place, skipped,
-- plan} and, once its reminder went, reminded. Waves are never deleted; an erased staff member's address
-- is replaced by its marker (private.erase_console_records, privacy.sql).
CREATE TABLE public.launch_waves (
    id bigint GENERATED ALWAYS AS IDENTITY,
    list text NOT NULL,
    rule text NOT NULL,
    next_count integer,
    up_to_place bigint,
    chosen_ids uuid[],
    status text NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    remind_after_days integer,
    created_by text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    cancelled_by text,
    cancelled_at timestamp with time zone,
    started_at timestamp with time zone,
    outcome jsonb,
    reminded_at timestamp with time zone,
    CONSTRAINT launch_waves_cancelled_check CHECK ((((status = 'cancelled'::text) = (cancelled_at IS NOT NULL)) AND ((cancelled_at IS NULL) = (cancelled_by IS NULL)))),
    CONSTRAINT launch_waves_cancelled_by_check CHECK (((cancelled_by IS NULL) OR ((cancelled_by = lower(cancelled_by)) AND private.is_plain_email_address(cancelled_by)) OR (cancelled_by ~ '^erased staff member [0-9a-f]{12}$'::text))),
    CONSTRAINT launch_waves_created_by_check CHECK ((((created_by = lower(created_by)) AND private.is_plain_email_address(created_by)) OR (created_by ~ '^erased staff member [0-9a-f]{12}$'::text))),
    CONSTRAINT launch_waves_list_check CHECK ((list = ANY (ARRAY['early_access'::text, 'waitlist'::text]))),
    CONSTRAINT launch_waves_outcome_check CHECK (((outcome IS NULL) OR (jsonb_typeof(outcome) = 'object'::text))),
    CONSTRAINT launch_waves_reminded_check CHECK (((reminded_at IS NULL) OR ((status = 'started'::text) AND (remind_after_days IS NOT NULL)))),
    CONSTRAINT launch_waves_reminder_check CHECK (((remind_after_days IS NULL) OR ((remind_after_days >= 1) AND (remind_after_days <= 29)))),
    CONSTRAINT launch_waves_rule_check CHECK (
CASE rule
    WHEN 'next'::text THEN ((next_count >= 1) AND (next_count <= 10000) AND (up_to_place IS NULL) AND (chosen_ids IS NULL))
    WHEN 'up_to'::text THEN ((up_to_place >= 1) AND (next_count IS NULL) AND (chosen_ids IS NULL))
    WHEN 'chosen'::text THEN ((cardinality(chosen_ids) >= 1) AND (cardinality(chosen_ids) <= 200) AND (next_count IS NULL) AND (up_to_place IS NULL))
    WHEN 'before_waves'::text THEN ((next_count IS NULL) AND (up_to_place IS NULL) AND (chosen_ids IS NULL) AND (status = 'started'::text))
    ELSE false
END),
    CONSTRAINT launch_waves_started_check CHECK ((((status = 'started'::text) = (started_at IS NOT NULL)) AND ((started_at IS NULL) = (outcome IS NULL)))),
    CONSTRAINT launch_waves_status_check CHECK ((status = ANY (ARRAY['scheduled'::text, 'cancelled'::text, 'started'::text]))),
    CONSTRAINT launch_waves_pkey PRIMARY KEY (id)
);
ALTER TABLE ONLY public.launch_waves FORCE ROW LEVEL SECURITY;
CREATE INDEX launch_waves_created_by ON public.launch_waves USING btree (private.mailbox_sha256(created_by));
CREATE INDEX launch_waves_due ON public.launch_waves USING btree (starts_at) WHERE (status = 'scheduled'::text);
ALTER TABLE public.launch_waves ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON TABLE public.launch_waves TO service_role;

-- One row per invited member, the one place that says a member was invited (a member is invited once:
-- one row per sign-up): its wave, its place when invited, and its link's life. message_id is its
-- 'invite' message in the queue, from whose id the worker derives the link's token and stores its hash
-- here (public.keep_mail_tokens, consent.sql); expires_at is when the link stops working. Both are null
-- for a member invited before waves, whose mail had no link. What became of the mail (mailed, delivered,
-- bounced, complained, failed), the redemption and the reminder are kept here too, by the triggers and
-- functions of invitations.sql, so a wave's funnel outlives the queue's and the events' retention. Goes
-- with its sign-up (erasure, unsubscribing).
CREATE TABLE public.invitations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    wave_id bigint NOT NULL,
    list text NOT NULL,
    early_access_id uuid,
    waitlist_id uuid,
    place bigint NOT NULL,
    invited_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone,
    message_id uuid,
    token_hash text,
    mailed_at timestamp with time zone,
    email_id text,
    mail_failed_at timestamp with time zone,
    delivered_at timestamp with time zone,
    bounced_at timestamp with time zone,
    complained_at timestamp with time zone,
    redeemed_at timestamp with time zone,
    reminder_id uuid,
    reminded_at timestamp with time zone,
    CONSTRAINT invitations_email_id_check CHECK (((email_id IS NULL) OR ((char_length(email_id) >= 1) AND (char_length(email_id) <= 200)))),
    CONSTRAINT invitations_link_check CHECK ((((message_id IS NULL) = (expires_at IS NULL)) AND ((token_hash IS NULL) OR (message_id IS NOT NULL)) AND ((redeemed_at IS NULL) OR (token_hash IS NOT NULL)))),
    CONSTRAINT invitations_list_check CHECK (
CASE list
    WHEN 'early_access'::text THEN ((early_access_id IS NOT NULL) AND (waitlist_id IS NULL))
    WHEN 'waitlist'::text THEN ((waitlist_id IS NOT NULL) AND (early_access_id IS NULL))
    ELSE false
END),
    CONSTRAINT invitations_place_check CHECK ((place >= 1)),
    CONSTRAINT invitations_reminder_check CHECK (((reminder_id IS NULL) = (reminded_at IS NULL))),
    CONSTRAINT invitations_token_hash_check CHECK ((token_hash ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT invitations_message_id_key UNIQUE (message_id),
    CONSTRAINT invitations_pkey PRIMARY KEY (id),
    CONSTRAINT invitations_early_access_id_fkey FOREIGN KEY (early_access_id) REFERENCES public.early_access_signups(id) ON DELETE CASCADE,
    CONSTRAINT invitations_waitlist_id_fkey FOREIGN KEY (waitlist_id) REFERENCES public.waitlist_signups(id) ON DELETE CASCADE,
    CONSTRAINT invitations_wave_id_fkey FOREIGN KEY (wave_id) REFERENCES public.launch_waves(id)
);
ALTER TABLE ONLY public.invitations FORCE ROW LEVEL SECURITY;
-- One invitation per sign-up, per reminder and per link: unique where set, and the indexes hold only the
-- rows where it is (a wave writes the sign-up of one list and no reminder or link yet), so a wave of
-- 10,000 writes no entries for what it leaves empty.
CREATE UNIQUE INDEX invitations_early_access_id ON public.invitations USING btree (early_access_id) WHERE (early_access_id IS NOT NULL);
CREATE UNIQUE INDEX invitations_reminder_id ON public.invitations USING btree (reminder_id) WHERE (reminder_id IS NOT NULL);
CREATE UNIQUE INDEX invitations_token_hash ON public.invitations USING btree (token_hash) WHERE (token_hash IS NOT NULL);
CREATE UNIQUE INDEX invitations_waitlist_id ON public.invitations USING btree (waitlist_id) WHERE (waitlist_id IS NOT NULL);
CREATE INDEX invitations_email_id ON public.invitations USING btree (email_id) WHERE (email_id IS NOT NULL);
CREATE INDEX invitations_wave ON public.invitations USING btree (wave_id, invited_at);
ALTER TABLE public.invitations ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON TABLE public.invitations TO service_role;
-- The worker stores a link's hash (public.keep_mail_tokens) and redeem-invite its redemption
-- (public.redeem_invitation), both as the service role; nothing else of a row changes that way.
GRANT UPDATE(token_hash) ON TABLE public.invitations TO service_role;
GRANT UPDATE(redeemed_at) ON TABLE public.invitations TO service_role;

-- Deciding a wave --------------------------------------------------------------------------------------

-- One wave at a time, held to the end of the transaction: a wave decides from the invitations committed
-- before it, so two staff sending "the next 50" at the same moment invite the next 100 between them,
-- nobody twice and no gap in the line (the unique sign-up of public.invitations stops a second
-- invitation whatever happens).
CREATE FUNCTION private.lock_waves() RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$ select pg_advisory_xact_lock(hashtextextended('launch waves', 0)) $$;
REVOKE ALL ON FUNCTION private.lock_waves() FROM PUBLIC;

-- How many the list's line holds: early access, its confirmed members (the kept chunks' sizes); the
-- waitlist, every sign-up (its order is the order of sign-up, confirmed or not).
CREATE FUNCTION private.wave_line_length(p_list text) RETURNS bigint
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if p_list = 'early_access' then
    return (select coalesce(sum(c.size), 0) from private.line_chunks c where c.list = p_list);
  end if;
  return (select count(*) from public.waitlist_signups);
end;
$$;
REVOKE ALL ON FUNCTION private.wave_line_length(p_list text) FROM PUBLIC;

-- The list's line from place 1 to p_upto, each member with its place, the moment it joined the line
-- (early access: when it confirmed; the waitlist: when it signed up), and why a wave passes it over
-- (NULL: it may be invited). Early access: its members by place in line (private.line_front,
-- places.sql), read from the kept line alone. The waitlist: every sign-up in the order it signed up. The
-- reasons, the first that holds: already_invited, unconfirmed, unsubscribed (the mailbox's unsubscribe
-- from the list, public.email_suppressions), bounced (a bounce of the member's own address) or
-- complained (a complaint from their mailbox), as private.mail_suppression_reason (mail-delivery.sql)
-- reads public.mail_suppressions. The suppressed are found from the suppressions, which are few, through
-- the lists' index on the mailbox's fingerprint (a bounce keeps its mailbox's too), then held to the
-- address.
CREATE FUNCTION private.wave_front(p_list text, p_upto bigint) RETURNS TABLE(id uuid, place bigint, joined_at timestamp with time zone, reason text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET max_parallel_workers_per_gather TO '0'
    AS $_$
begin
  return query execute format(
    'with front as (%s),
     suppressed as (
       select r.id, min(r.rank) as rank
         from (select s.id, 3 as rank
                 from public.email_suppressions u
                 join public.%2$I s on private.mailbox_sha256(s.email) = u.mailbox_sha256
                where u.list = $1
               union all
               select s.id, case m.reason when ''bounced'' then 4 else 5 end
                 from public.mail_suppressions m
                 join public.%2$I s on private.mailbox_sha256(s.email) = m.mailbox_sha256
                where coalesce(m.address_sha256, private.address_sha256(s.email))
                      = private.address_sha256(s.email)) r
        group by r.id
     )
     select f.id, f.place, f.joined_at,
            case when i.id is not null then ''already_invited''
                 when not f.confirmed then ''unconfirmed''
                 else (array[''unsubscribed'', ''bounced'', ''complained''])[x.rank - 2] end
       from front f
       left join public.invitations i on i.%3$I = f.id
       left join suppressed x on x.id = f.id',
    case when p_list = 'early_access' then
           'select f.id, f.place, f.confirmed_at as joined_at, true as confirmed
              from private.line_front($1, $2) f'
         else 'select s.id, row_number() over (order by s.created_at, s.id) as place, s.created_at as joined_at,
                      s.confirmed_at is not null as confirmed
                 from (select s.id, s.created_at, s.confirmed_at from public.waitlist_signups s
                        order by s.created_at, s.id limit $2) s' end,
    private.line_table(p_list),
    p_list || '_id')
  using p_list, p_upto;
end;
$_$;
REVOKE ALL ON FUNCTION private.wave_front(p_list text, p_upto bigint) FROM PUBLIC;

-- Who a wave invites, decided now: ids and places in line order, and the members it passes over by
-- reason ({already_invited, unconfirmed, unsubscribed, bounced, complained, not_on_list}). "The next N"
-- (p_count) walks the line from #1 up to the Nth member it may invite, and counts everyone before that
-- it passes over; "up to place P" (p_up_to) takes places 1 to P; chosen rows (p_ids) the sign-ups
-- named, each at its place. On early access an unconfirmed sign-up has no place: it is counted as passed
-- over when it signed up before the last confirmation the walk reached. Reads only; the caller invites.
CREATE FUNCTION private.decide_wave(p_list text, p_count integer, p_up_to bigint, p_ids uuid[], OUT ids uuid[], OUT places bigint[], OUT skipped jsonb) RETURNS record
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET max_parallel_workers_per_gather TO '0'
    AS $_$
declare
  v_upto bigint;
  v_need bigint;
  v_seen bigint;
  v_latest timestamptz;
  v_passed jsonb;
  v_unconfirmed bigint := 0;
begin
  if p_ids is not null then
    -- Each chosen sign-up's place: early access from the kept line, the waitlist by order of sign-up.
    execute format(
      'with given as (select distinct g.id from unnest($2::uuid[]) g(id)),
       rows as (
         select g.id, s.id is not null as found, s.confirmed_at, s.email,
                exists (select from public.invitations i where i.%2$I = g.id) as invited
           from given g left join public.%1$I s on s.id = g.id
       ),
       placed as (
         select r.*, case when r.found and r.confirmed_at is not null then %3$s end as place,
                (select min(case when m.reason = ''bounced'' then 4 else 5 end)
                   from public.mail_suppressions m
                  where r.found and m.mailbox_sha256 = private.mailbox_sha256(r.email)
                    and coalesce(m.address_sha256, private.address_sha256(r.email))
                        = private.address_sha256(r.email)) as suppressed,
                r.found and exists (select from public.email_suppressions u
                                     where u.list = $1 and u.mailbox_sha256 = private.mailbox_sha256(r.email))
                  as unsubscribed
           from rows r %4$s
       ),
       judged as (
         select p.id, p.place, case
                  when not p.found then ''not_on_list''
                  when p.invited then ''already_invited''
                  when p.confirmed_at is null then ''unconfirmed''
                  when p.unsubscribed then ''unsubscribed''
                  when p.suppressed = 4 then ''bounced''
                  when p.suppressed = 5 then ''complained''
                end as reason
           from placed p
       )
       select coalesce(array_agg(j.id order by j.place, j.id) filter (where j.reason is null), ''{}''),
              coalesce(array_agg(j.place order by j.place, j.id) filter (where j.reason is null), ''{}''),
              jsonb_build_object(
                ''already_invited'', count(*) filter (where j.reason = ''already_invited''),
                ''unconfirmed'', count(*) filter (where j.reason = ''unconfirmed''),
                ''unsubscribed'', count(*) filter (where j.reason = ''unsubscribed''),
                ''bounced'', count(*) filter (where j.reason = ''bounced''),
                ''complained'', count(*) filter (where j.reason = ''complained''),
                ''not_on_list'', count(*) filter (where j.reason = ''not_on_list''))
         from judged j',
      private.line_table(p_list), p_list || '_id',
      case when p_list = 'early_access' then '(private.line_place($1, r.id)).place' else 'o.place' end,
      -- The waitlist's order of sign-up, read once for all the rows chosen.
      case when p_list = 'waitlist' then
        'left join (select w.id, row_number() over (order by w.created_at, w.id) as place
                      from public.waitlist_signups w) o on o.id = r.id' else '' end)
      into ids, places, v_passed
      using p_list, p_ids;
  else
    if p_up_to is not null then
      v_upto := p_up_to;
      v_need := p_up_to + 1;
    else
      -- The next N are past everyone invited so far: look that far and twice N more, and further while
      -- the line holds more and fewer than N could be invited. The list's invitations are counted on
      -- the index of its sign-up column.
      v_need := p_count;
      execute format('select count(*) from public.invitations i where i.%I is not null', p_list || '_id')
         into v_upto;
      v_upto := v_upto + 2 * p_count + 100;
    end if;
    loop
      -- The walk up to the Nth member it may invite: everyone it may invite, and everyone before the
      -- Nth passed over, counted by reason. Short of N, it holds every member up to v_upto.
      select coalesce(array_agg(f.id order by f.place) filter (where f.reason is null), '{}'),
             coalesce(array_agg(f.place order by f.place) filter (where f.reason is null), '{}'),
             jsonb_build_object(
               'already_invited', count(*) filter (where f.reason = 'already_invited'),
               'unconfirmed', count(*) filter (where f.reason = 'unconfirmed'),
               'unsubscribed', count(*) filter (where f.reason = 'unsubscribed'),
               'bounced', count(*) filter (where f.reason = 'bounced'),
               'complained', count(*) filter (where f.reason = 'complained')),
             max(f.joined_at), count(*)
        into ids, places, v_passed, v_latest, v_seen
        from (select f.*, count(*) filter (where f.reason is null) over (order by f.place) as nth
                from private.wave_front(p_list, v_upto) f) f
       where (f.reason is null and f.nth <= v_need) or (f.reason is not null and f.nth < v_need);
      exit when p_up_to is not null or cardinality(ids) >= v_need or v_seen < v_upto;
      v_upto := v_upto * 2;
    end loop;
    if p_list = 'early_access' and v_latest is not null then
      select count(*) into v_unconfirmed
        from public.early_access_signups s
       where s.confirmed_at is null and s.created_at < v_latest;
    end if;
  end if;
  skipped := jsonb_build_object(
    'already_invited', coalesce((v_passed ->> 'already_invited')::bigint, 0),
    'unconfirmed', coalesce((v_passed ->> 'unconfirmed')::bigint, 0) + v_unconfirmed,
    'unsubscribed', coalesce((v_passed ->> 'unsubscribed')::bigint, 0),
    'bounced', coalesce((v_passed ->> 'bounced')::bigint, 0),
    'complained', coalesce((v_passed ->> 'complained')::bigint, 0),
    'not_on_list', coalesce((v_passed ->> 'not_on_list')::bigint, 0));
  skipped := skipped || jsonb_build_object('total',
    (select sum(n.value::bigint) from jsonb_each_text(skipped) n));
end;
$_$;
REVOKE ALL ON FUNCTION private.decide_wave(p_list text, p_count integer, p_up_to bigint, p_ids uuid[], OUT ids uuid[], OUT places bigint[], OUT skipped jsonb) FROM PUBLIC;

-- What a decision says, as every wave function answers it: how many, the first and last place, who is
-- passed over and why, and the plan: a fingerprint of exactly who, in order, which a send may be held to
-- (public.console_invite_wave's p_expect).
CREATE FUNCTION private.wave_outcome(p_list text, p_ids uuid[], p_places bigint[], p_skipped jsonb) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'invited', cardinality(p_ids),
    'first_place', p_places[1],
    'last_place', p_places[cardinality(p_places)],
    'skipped', p_skipped,
    'plan', encode(sha256(convert_to(p_list || ':' || array_to_string(p_ids, ','), 'UTF8')), 'hex'))
$$;
REVOKE ALL ON FUNCTION private.wave_outcome(p_list text, p_ids uuid[], p_places bigint[], p_skipped jsonb) FROM PUBLIC;

-- Starts a wave now (its row already says 'started'): decides it under the waves' lock, and in the same
-- transaction gives each invitee its invitation (the link lives private.launch_wave_rules().invite_days
-- from now) and its 'invite' message, bulk (taken after every other mail), and writes the outcome and
-- the audit line (actor: who sent it, or who scheduled it). A rule of "everyone up to place P" that
-- comes to more than a wave may invite is refused (22023) and changes nothing.
CREATE FUNCTION private.start_wave(p_wave public.launch_waves) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_decided record;
  v_outcome jsonb;
  v_expires timestamptz := now() + make_interval(days => (private.launch_wave_rules()).invite_days);
begin
  perform private.lock_waves();
  select * into v_decided
    from private.decide_wave(p_wave.list, p_wave.next_count, p_wave.up_to_place, p_wave.chosen_ids);
  if cardinality(v_decided.ids) > (private.launch_wave_rules()).max_wave then
    raise exception 'Everyone up to place % is % people; a wave invites at most %',
      p_wave.up_to_place, cardinality(v_decided.ids), (private.launch_wave_rules()).max_wave
      using errcode = '22023';
  end if;
  with invited as (
    insert into public.invitations (wave_id, list, early_access_id, waitlist_id, place, expires_at, message_id)
    select p_wave.id, p_wave.list,
           case when p_wave.list = 'early_access' then m.id end,
           case when p_wave.list = 'waitlist' then m.id end,
           m.place, v_expires, gen_random_uuid()
      from unnest(v_decided.ids, v_decided.places) as m(id, place)
    returning message_id, early_access_id, waitlist_id
  )
  insert into public.mail_queue (id, kind, list, early_access_id, waitlist_id, bulk)
  select i.message_id, 'invite', p_wave.list, i.early_access_id, i.waitlist_id, true
    from invited i;
  v_outcome := private.wave_outcome(p_wave.list, v_decided.ids, v_decided.places, v_decided.skipped);
  update public.launch_waves set outcome = v_outcome where id = p_wave.id;
  perform private.audit(p_wave.created_by, 'invite_wave', p_wave.list, null, null,
                        private.wave_audit_detail(p_wave) || v_outcome - 'plan');
  return v_outcome;
end;
$$;
REVOKE ALL ON FUNCTION private.start_wave(p_wave public.launch_waves) FROM PUBLIC;

-- What the audit line of a wave says about it (its outcome is added when it starts).
CREATE FUNCTION private.wave_audit_detail(p_wave public.launch_waves) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select jsonb_strip_nulls(jsonb_build_object(
    'wave', p_wave.id, 'status', p_wave.status, 'rule', p_wave.rule, 'count', p_wave.next_count,
    'up_to_place', p_wave.up_to_place, 'chosen', cardinality(p_wave.chosen_ids),
    'starts_at', p_wave.starts_at, 'remind_after_days', p_wave.remind_after_days))
$$;
REVOKE ALL ON FUNCTION private.wave_audit_detail(p_wave public.launch_waves) FROM PUBLIC;

-- What the console calls -------------------------------------------------------------------------------

-- A wave of the list (early_access or waitlist), one of: the next p_count members (1 to 10,000), everyone
-- up to place p_up_to_place (within the line), or the sign-ups p_ids names (a JSON array of 1 to 200
-- ids); now, or at p_starts_at (in the future), with a reminder p_remind_after_days (1 to 29, or NULL
-- for none) after it starts to those who have not joined. p_dry_run true (or a scheduled wave's
-- preview) invites nobody and answers who it would be now; false sends (or schedules) it. p_expect, the
-- plan of a dry run, holds a send to exactly what that dry run said: if the line has moved since, the
-- send is refused (PT409) and changes nothing. Answers the wave (NULL for a dry run), its status, the
-- rule, starts_at, and the decision: {invited, first_place, last_place, skipped, plan}. Anything wrong
-- is 22023 with what is wrong; anyone but staff 42501. A sent or scheduled wave is logged (invite_wave).
CREATE FUNCTION public.console_invite_wave(p_list text, p_count integer, p_up_to_place integer, p_ids jsonb, p_starts_at timestamp with time zone, p_remind_after_days integer, p_dry_run boolean, p_expect text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_actor text := private.require_staff();
  v_rules record := private.launch_wave_rules();
  v_ids uuid[];
  v_wave public.launch_waves;
  v_length bigint;
  v_decided record;
  v_outcome jsonb;
begin
  if p_list is null or p_list not in ('early_access', 'waitlist') then
    raise exception 'Unknown list: %', coalesce(p_list, 'null')
      using errcode = '22023', hint = 'A wave invites early_access or waitlist.';
  end if;
  if num_nonnulls(p_count, p_up_to_place, p_ids) <> 1 then
    raise exception 'Give one of p_count (the next N), p_up_to_place (everyone up to place P) or p_ids (chosen rows)'
      using errcode = '22023';
  end if;
  if p_count is not null and (p_count < 1 or p_count > v_rules.max_wave) then
    raise exception 'p_count must be 1 to %', v_rules.max_wave using errcode = '22023';
  end if;
  if p_up_to_place is not null and p_up_to_place < 1 then
    raise exception 'p_up_to_place must be 1 or more' using errcode = '22023';
  end if;
  if p_ids is not null then
    if jsonb_typeof(p_ids) <> 'array' or jsonb_array_length(p_ids) not between 1 and v_rules.max_chosen
       or exists (select from jsonb_array_elements(p_ids) e
                   where jsonb_typeof(e) <> 'string'
                      or (e #>> '{}') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$') then
      raise exception 'p_ids must be an array of 1 to % ids', v_rules.max_chosen using errcode = '22023';
    end if;
    select array_agg(distinct (e #>> '{}')::uuid) into v_ids from jsonb_array_elements(p_ids) e;
  end if;
  if p_starts_at is not null and p_starts_at <= now() then
    raise exception 'p_starts_at is in the past: a wave starts now (NULL) or later' using errcode = '22023';
  end if;
  if p_remind_after_days is not null
     and p_remind_after_days not between v_rules.min_reminder_days and v_rules.max_reminder_days then
    raise exception 'p_remind_after_days must be % to % (an invitation''s link works % days)',
      v_rules.min_reminder_days, v_rules.max_reminder_days, v_rules.invite_days using errcode = '22023';
  end if;
  if p_dry_run is null then
    raise exception 'p_dry_run must be true or false' using errcode = '22023';
  end if;
  if p_expect is not null and (p_starts_at is not null or p_dry_run) then
    raise exception 'p_expect holds a wave sent now to its dry run: give it only with p_dry_run false and no p_starts_at'
      using errcode = '22023';
  end if;
  if p_up_to_place is not null then
    v_length := private.wave_line_length(p_list);
    if p_up_to_place > v_length then
      raise exception 'Place % is beyond the line: it holds %', p_up_to_place, v_length using errcode = '22023';
    end if;
  end if;

  v_wave.list := p_list;
  v_wave.rule := case when p_count is not null then 'next' when p_up_to_place is not null then 'up_to'
                      else 'chosen' end;
  v_wave.next_count := p_count;
  v_wave.up_to_place := p_up_to_place;
  v_wave.chosen_ids := v_ids;
  v_wave.starts_at := coalesce(p_starts_at, now());
  v_wave.remind_after_days := p_remind_after_days;
  v_wave.created_by := v_actor;

  if p_dry_run or p_starts_at is not null then
    select * into v_decided from private.decide_wave(p_list, p_count, p_up_to_place, v_ids);
    if p_up_to_place is not null and cardinality(v_decided.ids) > v_rules.max_wave then
      raise exception 'Everyone up to place % is % people; a wave invites at most %',
        p_up_to_place, cardinality(v_decided.ids), v_rules.max_wave using errcode = '22023';
    end if;
    v_outcome := private.wave_outcome(p_list, v_decided.ids, v_decided.places, v_decided.skipped);
    if not p_dry_run then
      insert into public.launch_waves
        (list, rule, next_count, up_to_place, chosen_ids, status, starts_at, remind_after_days, created_by)
      values (p_list, v_wave.rule, p_count, p_up_to_place, v_ids, 'scheduled', p_starts_at,
              p_remind_after_days, v_actor)
      returning * into v_wave;
      perform private.audit(v_actor, 'invite_wave', p_list, null, null, private.wave_audit_detail(v_wave));
    end if;
  else
    insert into public.launch_waves
      (list, rule, next_count, up_to_place, chosen_ids, status, starts_at, remind_after_days, created_by,
       started_at, outcome)
    values (p_list, v_wave.rule, p_count, p_up_to_place, v_ids, 'started', now(), p_remind_after_days,
            v_actor, now(), '{}')
    returning * into v_wave;
    v_outcome := private.start_wave(v_wave);
    if p_expect is not null and p_expect is distinct from v_outcome ->> 'plan' then
      raise sqlstate 'PT409' using
        message = 'The line has moved since the dry run: run it again and look before sending',
        detail = format('The dry run''s plan was %s; now it is %s.', p_expect, v_outcome ->> 'plan');
    end if;
  end if;
  return jsonb_build_object(
           'wave', case when p_dry_run then null else v_wave.id end,
           'status', case when p_dry_run then null else v_wave.status end,
           'dry_run', p_dry_run, 'list', p_list, 'rule', v_wave.rule, 'count', p_count,
           'up_to_place', p_up_to_place, 'chosen', cardinality(v_ids), 'starts_at', v_wave.starts_at,
           'remind_after_days', p_remind_after_days)
         || v_outcome;
end;
$$;
REVOKE ALL ON FUNCTION public.console_invite_wave(p_list text, p_count integer, p_up_to_place integer, p_ids jsonb, p_starts_at timestamp with time zone, p_remind_after_days integer, p_dry_run boolean, p_expect text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_invite_wave(p_list text, p_count integer, p_up_to_place integer, p_ids jsonb, p_starts_at timestamp with time zone, p_remind_after_days integer, p_dry_run boolean, p_expect text) TO authenticated;

-- The short form: the next p_count members of the list, now (p_dry_run false) or as a dry run.
CREATE FUNCTION public.console_invite_wave(p_list text, p_count integer, p_dry_run boolean) RETURNS jsonb
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select public.console_invite_wave(p_list, p_count, null, null, null, null, p_dry_run, null)
$$;
REVOKE ALL ON FUNCTION public.console_invite_wave(p_list text, p_count integer, p_dry_run boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_invite_wave(p_list text, p_count integer, p_dry_run boolean) TO authenticated;

-- Cancels a scheduled wave until it starts: answers it as console_waves lists a wave. A wave that has
-- started (or was cancelled) is 22023, one that does not exist PT404. Logged as cancel_wave.
CREATE FUNCTION public.console_cancel_wave(p_wave bigint) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_actor text := private.require_staff();
  v_wave public.launch_waves;
begin
  update public.launch_waves
     set status = 'cancelled', cancelled_at = now(), cancelled_by = v_actor
   where id = p_wave and status = 'scheduled'
  returning * into v_wave;
  if not found then
    select * into v_wave from public.launch_waves where id = p_wave;
    if not found then
      raise sqlstate 'PT404' using message = 'No such wave';
    end if;
    raise exception 'Wave % is %: only a scheduled wave can be cancelled', p_wave, v_wave.status
      using errcode = '22023';
  end if;
  perform private.audit(v_actor, 'cancel_wave', v_wave.list, null, null, private.wave_audit_detail(v_wave));
  return private.wave_json(v_wave);
end;
$$;
REVOKE ALL ON FUNCTION public.console_cancel_wave(p_wave bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_cancel_wave(p_wave bigint) TO authenticated;

-- Sets (or, with NULL, takes away) the reminder of a wave whose reminder has not gone: p_after_days (1 to
-- 29) after it starts, once, to the invitees who have not joined. Answers the wave as console_waves
-- lists it; 22023 once the reminder went, PT404 for no such wave.
CREATE FUNCTION public.console_wave_reminder(p_wave bigint, p_after_days integer) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_actor text := private.require_staff();
  v_rules record := private.launch_wave_rules();
  v_wave public.launch_waves;
begin
  if p_after_days is not null and p_after_days not between v_rules.min_reminder_days and v_rules.max_reminder_days then
    raise exception 'p_after_days must be % to %', v_rules.min_reminder_days, v_rules.max_reminder_days
      using errcode = '22023';
  end if;
  select * into v_wave from public.launch_waves where id = p_wave for update;
  if not found then
    raise sqlstate 'PT404' using message = 'No such wave';
  end if;
  if v_wave.reminded_at is not null or v_wave.status = 'cancelled' then
    raise exception 'Wave % is % and its reminder cannot change', p_wave,
      case when v_wave.reminded_at is not null then 'reminded already' else 'cancelled' end
      using errcode = '22023';
  end if;
  update public.launch_waves set remind_after_days = p_after_days where id = p_wave returning * into v_wave;
  perform private.audit(v_actor, 'invite_wave', v_wave.list, null, null,
                        private.wave_audit_detail(v_wave) || '{"reminder_changed": true}');
  return private.wave_json(v_wave);
end;
$$;
REVOKE ALL ON FUNCTION public.console_wave_reminder(p_wave bigint, p_after_days integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_wave_reminder(p_wave bigint, p_after_days integer) TO authenticated;

-- The schedule's ---------------------------------------------------------------------------------------

-- Starts every scheduled wave whose time has come (decided then, not when it was scheduled), and sends
-- each started wave's reminder once its days have passed: one 'invite_reminder' message, bulk, to each
-- invitee whose invitation was mailed, has not bounced or complained, has not joined and whose link
-- still works. Answers {started, reminded}: waves started and reminders queued. Two runs at once take
-- different waves (SKIP LOCKED); a wave cancelled first is not started. pg_cron runs it every 10 seconds
-- on hosted Supabase (below); tools/local-supabase on a timer. Runs as its owner (a wave starts as the
-- staff member who scheduled it); only the service role may call it.
CREATE FUNCTION public.run_launch_waves() RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_wave public.launch_waves;
  v_started integer := 0;
  v_reminded integer := 0;
  v_count integer;
begin
  for v_wave in
    select * from public.launch_waves
     where status = 'scheduled' and starts_at <= now()
     order by starts_at, id
       for update skip locked
  loop
    update public.launch_waves
       set status = 'started', started_at = now(), outcome = '{}'
     where id = v_wave.id
    returning * into v_wave;
    perform private.start_wave(v_wave);
    v_started := v_started + 1;
  end loop;
  for v_wave in
    select * from public.launch_waves
     where status = 'started' and remind_after_days is not null and reminded_at is null
       and started_at + make_interval(days => remind_after_days) <= now()
     order by started_at, id
       for update skip locked
  loop
    with due as (
      update public.invitations i
         set reminder_id = gen_random_uuid(), reminded_at = now()
       where i.wave_id = v_wave.id and i.reminder_id is null and i.mailed_at is not null
         and i.redeemed_at is null and i.bounced_at is null and i.complained_at is null
         and i.expires_at > now()
      returning i.reminder_id, i.list, i.early_access_id, i.waitlist_id
    )
    insert into public.mail_queue (id, kind, list, early_access_id, waitlist_id, bulk)
    select d.reminder_id, 'invite_reminder', d.list, d.early_access_id, d.waitlist_id, true from due d;
    get diagnostics v_count = row_count;
    update public.launch_waves
       set reminded_at = now(), outcome = outcome || jsonb_build_object('reminded', v_count)
     where id = v_wave.id;
    v_reminded := v_reminded + v_count;
  end loop;
  return jsonb_build_object('started', v_started, 'reminded', v_reminded);
end;
$$;
REVOKE ALL ON FUNCTION public.run_launch_waves() FROM PUBLIC;
GRANT ALL ON FUNCTION public.run_launch_waves() TO service_role;

-- The hosted schedule: pg_cron runs public.run_launch_waves every 10 seconds, in the database (no call
-- out), so a scheduled wave starts within 10 seconds of its time; the mail it queues is then sent by the
-- mail queue's schedule (mail-queue.sql). pg_cron exists on hosted Supabase, not in PGlite or Debian's
-- PostgreSQL, where tools/local-supabase runs the same function on a timer; elsewhere this does nothing.
-- cron.schedule with a job name replaces a job of that name.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
    perform cron.schedule('agentora-launch-waves', '10 seconds', 'select public.run_launch_waves()');
  end if;
end
$$;
