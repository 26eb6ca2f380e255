-- What becomes of an invitation (docs/launch-waves.md): its mail (the 'invite' kind, and the wave's one
-- 'invite_reminder'), what Resend says of it, and the product's redemption of its link; and what the
-- console reads of it: each wave's funnel and its course over time, and each member's invitation in the
-- lists. The waves and the invitations themselves are launch-waves.sql.

-- The mails --------------------------------------------------------------------------------------------

-- An invitation goes to the member's stored address while the member is confirmed and the mailbox has
-- not unsubscribed from the list (a mailbox that bounced or complained never gets here: the queue's hold
-- trigger, mail-delivery.sql); else 'to' is null and the worker settles the message dead. With it, what
-- the mail shows: the list, the member's place when invited and when the link expires, all ours.
-- 'first_name' is always null, and nothing reads it (supabase/functions/_shared/mail-queue/queued-mail.ts,
-- toQueuedMail); it stays for workers released before migration 20251203000100.
CREATE FUNCTION private.mail_details_invite(p_message public.mail_queue) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v_invitation public.invitations;
begin
  select * into v_invitation from public.invitations i where i.message_id = p_message.id;
  return jsonb_build_object(
    'first_name', null,
    'to', private.invitation_address(v_invitation),
    'place', v_invitation.place, 'expires_at', v_invitation.expires_at);
end;
$$;
REVOKE ALL ON FUNCTION private.mail_details_invite(p_message public.mail_queue) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_details_invite(p_message public.mail_queue) TO service_role;

-- A wave's reminder goes as an invitation does, and only while its invitation has not been redeemed, has
-- not bounced or complained, and its link still works; it carries that link again, so it names the
-- invitation's own message ('invite_message'), from which the worker derives the same token.
CREATE FUNCTION private.mail_details_invite_reminder(p_message public.mail_queue) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v_invitation public.invitations;
begin
  select * into v_invitation from public.invitations i where i.reminder_id = p_message.id;
  return jsonb_build_object(
    'to', case when v_invitation.redeemed_at is null and v_invitation.bounced_at is null
                    and v_invitation.complained_at is null and v_invitation.token_hash is not null
                    and v_invitation.expires_at > now()
               then private.invitation_address(v_invitation) end,
    'place', v_invitation.place, 'expires_at', v_invitation.expires_at,
    'invite_message', v_invitation.message_id);
end;
$$;
REVOKE ALL ON FUNCTION private.mail_details_invite_reminder(p_message public.mail_queue) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_details_invite_reminder(p_message public.mail_queue) TO service_role;

-- The address an invitation's mail goes to now: its sign-up's, while confirmed and not unsubscribed from
-- the list; NULL otherwise (and for no invitation).
CREATE FUNCTION private.invitation_address(p_invitation public.invitations) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_to text;
begin
  if p_invitation.id is null then
    return null;
  end if;
  execute format('select s.email from public.%I s where s.id = $1 and s.confirmed_at is not null',
                 private.line_table(p_invitation.list))
     into v_to
    using coalesce(p_invitation.early_access_id, p_invitation.waitlist_id);
  if v_to is not null and exists (select from public.email_suppressions s
                                   where s.mailbox_sha256 = private.mailbox_sha256(v_to)
                                     and s.list = p_invitation.list) then
    return null;
  end if;
  return v_to;
end;
$_$;
REVOKE ALL ON FUNCTION private.invitation_address(p_invitation public.invitations) FROM PUBLIC;
GRANT ALL ON FUNCTION private.invitation_address(p_invitation public.invitations) TO service_role;

-- What became of the mail ------------------------------------------------------------------------------

-- When an invitation's message is settled: sent (its Resend id kept, and any event Resend already sent
-- for it applied, since the webhook may come before the settle), dead (failed, unless it went before),
-- or queued again from the dead letters (no longer failed). Kept on the invitation, so a wave's funnel
-- outlives the queue's retention (7 days for a sent message).
CREATE FUNCTION private.note_invitation_mail() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.status = 'sent' then
    update public.invitations i
       set mailed_at = coalesce(i.mailed_at, new.sent_at), email_id = new.provider_message_id,
           mail_failed_at = null,
           delivered_at = coalesce(i.delivered_at, e.delivered_at),
           bounced_at = coalesce(i.bounced_at, e.bounced_at),
           complained_at = coalesce(i.complained_at, e.complained_at)
      from (select min(d.occurred_at) filter (where d.event = 'delivered') as delivered_at,
                   min(d.occurred_at) filter (where private.is_hard_bounce(d.event, d.bounce_type)) as bounced_at,
                   min(d.occurred_at) filter (where d.event = 'complained') as complained_at
              from public.mail_delivery_events d
             where d.email_id = new.provider_message_id) e
     where i.message_id = new.id;
  elsif new.status = 'dead' then
    update public.invitations set mail_failed_at = coalesce(new.dead_at, now())
     where message_id = new.id and mailed_at is null;
  elsif new.status = 'queued' then
    update public.invitations set mail_failed_at = null
     where message_id = new.id and mail_failed_at is not null;
  end if;
  return null;
end;
$$;
REVOKE ALL ON FUNCTION private.note_invitation_mail() FROM PUBLIC;

CREATE TRIGGER mail_queue_invitation_dead AFTER INSERT ON public.mail_queue FOR EACH ROW WHEN (((new.kind = 'invite'::text) AND (new.status = 'dead'::text))) EXECUTE FUNCTION private.note_invitation_mail();

CREATE TRIGGER mail_queue_invitation_settled AFTER UPDATE OF status ON public.mail_queue FOR EACH ROW WHEN (((new.kind = 'invite'::text) AND (new.status IS DISTINCT FROM old.status))) EXECUTE FUNCTION private.note_invitation_mail();

-- A bounce counts as the suppression counts it (mail-delivery.sql): permanent, or of no type.
CREATE FUNCTION private.is_hard_bounce(p_event text, p_bounce_type text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select p_event = 'bounced' and lower(coalesce(p_bounce_type, 'permanent')) = 'permanent' $$;
REVOKE ALL ON FUNCTION private.is_hard_bounce(p_event text, p_bounce_type text) FROM PUBLIC;

-- When Resend reports on a mail that is an invitation's: delivered, bounced for good or complained, the
-- first time of each.
CREATE FUNCTION private.note_invitation_delivery() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.invitations i
     set delivered_at = case when new.event = 'delivered' then coalesce(i.delivered_at, new.occurred_at)
                             else i.delivered_at end,
         bounced_at = case when private.is_hard_bounce(new.event, new.bounce_type)
                           then coalesce(i.bounced_at, new.occurred_at) else i.bounced_at end,
         complained_at = case when new.event = 'complained' then coalesce(i.complained_at, new.occurred_at)
                              else i.complained_at end
   where i.email_id = new.email_id;
  return null;
end;
$$;
REVOKE ALL ON FUNCTION private.note_invitation_delivery() FROM PUBLIC;

CREATE TRIGGER mail_delivery_events_invitation AFTER INSERT ON public.mail_delivery_events FOR EACH ROW WHEN ((new.event = ANY (ARRAY['delivered'::text, 'bounced'::text, 'complained'::text]))) EXECUTE FUNCTION private.note_invitation_delivery();

-- The product's redemption -----------------------------------------------------------------------------

-- The function redeem-invite, for the product (docs/launch-waves.md, "For the product team"), with the
-- SHA-256 of a link's token: 'redeemed' once, with the invitee's address now, the list, the place when
-- invited and the wave; then 'redeemed_before' (when), 'expired' (when), or 'unknown' for a token of no
-- invitation (never made, or its member's sign-up has gone: erased or unsubscribed). Two redemptions at
-- once: one is 'redeemed', the other waits for it and is 'redeemed_before'.
CREATE FUNCTION public.redeem_invitation(p_token_hash text) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  v_invitation public.invitations;
  v_email text;
begin
  update public.invitations
     set redeemed_at = now()
   where token_hash = p_token_hash and redeemed_at is null and expires_at > now()
  returning * into v_invitation;
  if found then
    execute format('select email from public.%I where id = $1', private.line_table(v_invitation.list))
       into v_email
      using coalesce(v_invitation.early_access_id, v_invitation.waitlist_id);
    return jsonb_build_object('result', 'redeemed', 'invitation', jsonb_build_object(
      'email', v_email, 'list', v_invitation.list, 'place', v_invitation.place,
      'wave', v_invitation.wave_id, 'invited_at', v_invitation.invited_at,
      'expires_at', v_invitation.expires_at, 'redeemed_at', v_invitation.redeemed_at));
  end if;
  select * into v_invitation from public.invitations where token_hash = p_token_hash;
  if not found then
    return jsonb_build_object('result', 'unknown');
  end if;
  if v_invitation.redeemed_at is not null then
    return jsonb_build_object('result', 'redeemed_before', 'redeemed_at', v_invitation.redeemed_at);
  end if;
  return jsonb_build_object('result', 'expired', 'expires_at', v_invitation.expires_at);
end;
$_$;
REVOKE ALL ON FUNCTION public.redeem_invitation(p_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.redeem_invitation(p_token_hash text) TO service_role;

-- What the console reads -------------------------------------------------------------------------------

-- Where an invitation stands (INVITE_STATES of supabase/functions/_shared/rules/launch-waves.ts), the
-- first that holds: joined, no_link (invited before waves), complained, bounced, expired, delivered,
-- mailed, failed, queued.
CREATE FUNCTION private.invitation_state(p_invitation public.invitations) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select case
    when p_invitation.redeemed_at is not null then 'joined'
    when p_invitation.message_id is null then 'no_link'
    when p_invitation.complained_at is not null then 'complained'
    when p_invitation.bounced_at is not null then 'bounced'
    when p_invitation.expires_at <= now() then 'expired'
    when p_invitation.delivered_at is not null then 'delivered'
    when p_invitation.mailed_at is not null then 'mailed'
    when p_invitation.mail_failed_at is not null then 'failed'
    else 'queued'
  end
$$;
REVOKE ALL ON FUNCTION private.invitation_state(p_invitation public.invitations) FROM PUBLIC;

-- A wave's funnel now: invited, and of those how many are still queued, mailed, delivered, bounced,
-- complained, failed, joined, reminded, and expired unused.
CREATE FUNCTION private.wave_funnel(p_wave bigint) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'invited', count(*),
    'queued', count(*) filter (where i.message_id is not null and i.mailed_at is null and i.mail_failed_at is null),
    'mailed', count(i.mailed_at),
    'delivered', count(i.delivered_at),
    'bounced', count(i.bounced_at),
    'complained', count(i.complained_at),
    'failed', count(*) filter (where i.mail_failed_at is not null),
    'joined', count(i.redeemed_at),
    'reminded', count(i.reminded_at),
    'expired', count(*) filter (where i.redeemed_at is null and i.expires_at <= now()))
    from public.invitations i
   where i.wave_id = p_wave
$$;
REVOKE ALL ON FUNCTION private.wave_funnel(p_wave bigint) FROM PUBLIC;

-- A wave as the console shows it: what staff asked for, its status and times, what the decision found
-- (outcome) and its funnel now.
CREATE FUNCTION private.wave_json(p_wave public.launch_waves) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'id', p_wave.id, 'list', p_wave.list, 'rule', p_wave.rule, 'count', p_wave.next_count,
    'up_to_place', p_wave.up_to_place, 'chosen', cardinality(p_wave.chosen_ids),
    'status', p_wave.status, 'starts_at', p_wave.starts_at, 'remind_after_days', p_wave.remind_after_days,
    'created_by', p_wave.created_by, 'created_at', p_wave.created_at,
    'cancelled_by', p_wave.cancelled_by, 'cancelled_at', p_wave.cancelled_at,
    'started_at', p_wave.started_at, 'reminded_at', p_wave.reminded_at, 'outcome', p_wave.outcome,
    'funnel', private.wave_funnel(p_wave.id))
$$;
REVOKE ALL ON FUNCTION private.wave_json(p_wave public.launch_waves) FROM PUBLIC;

-- The waves, newest first, a page at a time (p_list early_access or waitlist, NULL for both): {total,
-- rows}, each row as private.wave_json. Staff only; not logged (it names no member).
CREATE FUNCTION public.console_waves(p_list text, p_limit integer, p_offset integer) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_limit integer;
  v_offset integer;
begin
  perform private.require_staff();
  if p_list is not null and p_list not in ('early_access', 'waitlist') then
    raise exception 'Unknown list: %', p_list using errcode = '22023';
  end if;
  v_limit := private.console_limit(p_limit, 50, 200);
  v_offset := private.console_offset(p_offset);
  return jsonb_build_object(
    'total', (select count(*) from public.launch_waves w where p_list is null or w.list = p_list),
    'rows', (select coalesce(jsonb_agg(private.wave_json(w) order by w.id desc), '[]'::jsonb)
               from (select * from public.launch_waves w
                      where p_list is null or w.list = p_list
                      order by w.id desc limit v_limit offset v_offset) w));
end;
$$;
REVOKE ALL ON FUNCTION public.console_waves(p_list text, p_limit integer, p_offset integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_waves(p_list text, p_limit integer, p_offset integer) TO authenticated;

-- One wave with its course over time: as console_waves lists it, and series: {bucket, points}, the
-- invitations mailed, delivered, bounced, complained and joined in each UTC minute, hour or day since it
-- started (minutes for its first 3 hours, hours for its first 4 days, then days; periods with none left
-- out). PT404 for no such wave.
CREATE FUNCTION public.console_wave(p_wave bigint) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_wave public.launch_waves;
  v_bucket text;
  v_points jsonb;
begin
  perform private.require_staff();
  select * into v_wave from public.launch_waves where id = p_wave;
  if not found then
    raise sqlstate 'PT404' using message = 'No such wave';
  end if;
  v_bucket := case
    when v_wave.started_at is null or now() - v_wave.started_at <= interval '3 hours' then 'minute'
    when now() - v_wave.started_at <= interval '4 days' then 'hour'
    else 'day'
  end;
  select coalesce(jsonb_agg(jsonb_build_object(
           'at', p.at, 'mailed', p.mailed, 'delivered', p.delivered, 'bounced', p.bounced,
           'complained', p.complained, 'joined', p.joined) order by p.at), '[]'::jsonb)
    into v_points
    from (select date_trunc(v_bucket, t.at, 'UTC') as at,
                 count(*) filter (where t.what = 'mailed') as mailed,
                 count(*) filter (where t.what = 'delivered') as delivered,
                 count(*) filter (where t.what = 'bounced') as bounced,
                 count(*) filter (where t.what = 'complained') as complained,
                 count(*) filter (where t.what = 'joined') as joined
            from public.invitations i
           cross join lateral (values ('mailed', i.mailed_at), ('delivered', i.delivered_at),
                                      ('bounced', i.bounced_at), ('complained', i.complained_at),
                                      ('joined', i.redeemed_at)) as t(what, at)
           where i.wave_id = p_wave and t.at is not null
           group by 1) p;
  return private.wave_json(v_wave)
         || jsonb_build_object('series', jsonb_build_object('bucket', v_bucket, 'points', v_points));
end;
$$;
REVOKE ALL ON FUNCTION public.console_wave(p_wave bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_wave(p_wave bigint) TO authenticated;
