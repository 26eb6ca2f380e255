-- What Resend tells the site about its contacts (docs/audience.md, "Resend's changes reach the site"):
-- a broadcast's recipient who follows Resend's own unsubscribe link, or a contact someone deletes in
-- Resend's dashboard, is unsubscribed here exactly as the site's own link unsubscribes
-- (private.unsubscribe_from_list, consent.sql: the fingerprint, the list and the day kept, the sign-up
-- deleted), from every list whose segment holds the contact, since Resend's flag stops every broadcast.
-- supabase/functions/resend-webhook checks each event's signature and time and hands it to
-- public.record_audience_event; the sync's worker reaches the same end when Resend answers 404 for a
-- contact the site made and did not delete. Resend posts an event for the site's own changes too: an
-- echo changes nothing (see record_audience_event).

-- The unsubscribe of every confirmed sign-up of the row's address, as each list's link makes it; how
-- many there were. Their deletion queues the contact (audience.sql), whose sync then deletes it in
-- Resend when no list is left.
CREATE FUNCTION private.audience_unsubscribe_here(p_row public.audience_contacts) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_member record;
  v_count integer := 0;
begin
  for v_member in
    select m.list, m.id from private.audience_members(p_row.mailbox_sha256, p_row.address_sha256) m
  loop
    if private.unsubscribe_from_list(v_member.list, v_member.id) is not null then
      v_count := v_count + 1;
    end if;
  end loop;
  return v_count;
end;
$$;
REVOKE ALL ON FUNCTION private.audience_unsubscribe_here(p_row public.audience_contacts) FROM PUBLIC;
GRANT ALL ON FUNCTION private.audience_unsubscribe_here(p_row public.audience_contacts) TO service_role;

-- A contact the site made is gone from Resend and the site did not delete it (contact.deleted, or a 404
-- for its id): someone deleted it in Resend, which stops every broadcast to it, so the address is
-- unsubscribed here; the row forgets the contact.
CREATE FUNCTION private.audience_gone_from_resend(p_row public.audience_contacts) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_count integer;
begin
  v_count := private.audience_unsubscribe_here(p_row);
  update public.audience_contacts
     set contact_id = null, address = null, in_segments = '{}', unsubscribed = null, absent = true,
         checking = null
   where address_sha256 = p_row.address_sha256;
  return v_count;
end;
$$;
REVOKE ALL ON FUNCTION private.audience_gone_from_resend(p_row public.audience_contacts) FROM PUBLIC;
GRANT ALL ON FUNCTION private.audience_gone_from_resend(p_row public.audience_contacts) TO service_role;

-- Resend already had the row's contact, unsubscribed, when the site first looked (a contact of a hand
-- import the team made before the sync, whose owner later followed a broadcast's unsubscribe link).
-- That unsubscribe is the newer word, and is honoured here, unless a member of the address confirmed
-- since the site first queued the contact (a new confirmation after an unsubscribe puts them back) or
-- the mailbox is suppressed anyway. Whether it unsubscribed them.
CREATE FUNCTION private.audience_found_unsubscribed(p_row public.audience_contacts) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if private.audience_suppressed(p_row.mailbox_sha256, p_row.address_sha256)
     or (select max(m.confirmed_at) from private.audience_members(p_row.mailbox_sha256, p_row.address_sha256) m)
        >= p_row.created_at then
    return false;
  end if;
  return private.audience_unsubscribe_here(p_row) > 0;
end;
$$;
REVOKE ALL ON FUNCTION private.audience_found_unsubscribed(p_row public.audience_contacts) FROM PUBLIC;
GRANT ALL ON FUNCTION private.audience_found_unsubscribed(p_row public.audience_contacts) TO service_role;

-- Records one verified contact event of Resend (resend-webhook has checked its signature and time), by
-- its webhook id once (private.resend_webhook_ids, mail-delivery.sql: 'replayed' the second time), and
-- answers what it did:
--   'ignored'      contact.created (the site learns its ids from its own requests), or an address the
--                  site has no contact row of;
--   'stale'        about another contact of the address (an earlier one, deleted since), or a flag
--                  older than the site's last request setting it (p_at: the event's updated_at): an
--                  echo of the site's own earlier change, arrived late, never flips what came after;
--   'unchanged'    the site wants it so anyway (no member left, whose contact the sync is deleting, or
--                  a suppressed mailbox's contact kept unsubscribed), or nothing new;
--   'unsubscribed' contact.updated with unsubscribed true (Resend's unsubscribe link), or
--                  contact.deleted: every list of the address unsubscribed as by its own link;
--   'reasserted'   contact.updated with unsubscribed false for a contact the site mails no more (a
--                  bounce, a complaint): queued, so the sync sets it back.
-- A re-subscribe in Resend never subscribes anyone here: only a confirmation does. Each call also
-- deletes the webhook ids older than a day, as the delivery events' does.
CREATE FUNCTION public.record_audience_event(p_webhook_id text, p_type text, p_contact_id text, p_email text, p_unsubscribed boolean, p_at timestamp with time zone) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_row public.audience_contacts;
begin
  if p_webhook_id is null or char_length(p_webhook_id) not between 1 and 256 then
    raise exception 'a webhook id of 1 to 256 characters is required' using errcode = '22023';
  end if;
  delete from private.resend_webhook_ids where received_at < now() - interval '1 day';
  insert into private.resend_webhook_ids (id) values (p_webhook_id) on conflict do nothing;
  if not found then
    return 'replayed';
  end if;
  if p_type is null or p_type not in ('contact.updated', 'contact.deleted') then
    return 'ignored';
  end if;
  if p_email is null or char_length(p_email) not between 3 and 320 or position('@' in p_email) < 2
     or p_contact_id is null or char_length(p_contact_id) not between 1 and 100 then
    raise exception 'a contact event names its contact''s id and address' using errcode = '22023';
  end if;
  select * into v_row from public.audience_contacts
   where address_sha256 = private.address_sha256(p_email)
     for update;
  if not found then
    return 'ignored';
  end if;
  if v_row.contact_id is distinct from p_contact_id then
    return 'stale';
  end if;
  if not exists (select from private.audience_members(v_row.mailbox_sha256, v_row.address_sha256)) then
    return 'unchanged';
  end if;
  if p_type = 'contact.deleted' then
    perform private.audience_gone_from_resend(v_row);
    return 'unsubscribed';
  end if;
  if p_at < v_row.unsubscribed_set_at then
    return 'stale';
  end if;
  if p_unsubscribed is not distinct from true then
    if private.audience_suppressed(v_row.mailbox_sha256, v_row.address_sha256) then
      return 'unchanged';
    end if;
    update public.audience_contacts
       set unsubscribed = true, unsubscribed_set_at = coalesce(p_at, now())
     where address_sha256 = v_row.address_sha256;
    perform private.audience_unsubscribe_here(v_row);
    return 'unsubscribed';
  end if;
  if v_row.unsubscribed and private.audience_suppressed(v_row.mailbox_sha256, v_row.address_sha256) then
    update public.audience_contacts
       set unsubscribed = false, unsubscribed_set_at = coalesce(p_at, now())
     where address_sha256 = v_row.address_sha256;
    perform private.audience_touch(v_row.address_sha256, v_row.mailbox_sha256, '{}', false);
    return 'reasserted';
  end if;
  return 'unchanged';
end;
$$;
REVOKE ALL ON FUNCTION public.record_audience_event(p_webhook_id text, p_type text, p_contact_id text, p_email text, p_unsubscribed boolean, p_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_audience_event(p_webhook_id text, p_type text, p_contact_id text, p_email text, p_unsubscribed boolean, p_at timestamp with time zone) TO service_role;
