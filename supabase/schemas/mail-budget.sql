-- Mail nobody confirmed: one daily budget per person (docs/security.md, "Mail nobody confirmed: one
-- budget per person"). Anyone may type anyone's address into a form, so every mail the site sends to an
-- address that has not proven it wants ours (the kinds private.mail_kinds marks unconfirmed: a
-- sign-up's or an application's confirmation, a fresh confirmation, an erase or copy link) counts
-- against one budget of the person behind the address (private.person_mailbox, so that a provider's
-- spellings of one mailbox share it), whichever form, function or client address asks:
-- unconfirmed-mail-per-person in public.rate_limit_rules, 3 in any 24 hours. It is taken where the mail
-- is queued, by a trigger on public.mail_queue, in the transaction that queues it, so no way of queueing
-- escapes it. A message over the budget is stored withheld, with the reason, and never sent: whoever
-- asked gets the answer they would have had (the message exists, as a queued one would), so the answer
-- tells nothing about the mailbox. The limits per client address (limits.sql) and per mailbox and
-- requester (privacy.sql, mail-kinds.sql) hold as before, under this one.

-- The address each of p_messages names, as it is queued: its stored recipient (an erase or copy link),
-- or the stored address of the sign-up or application it is about; null when that row is gone. Each row
-- is read by its key, so a launch wave's thousands of messages are addressed in one statement
-- (private.mail_queue_hold_suppressed_bulk, mail-delivery.sql). Without settings (every name in it is
-- qualified), so that the planner inlines it into the query that calls it.
CREATE FUNCTION private.mail_queue_addresses(p_messages public.mail_queue[]) RETURNS TABLE(id uuid, address text)
    LANGUAGE sql STABLE
    AS $$
  select m.id, case
    when m.recipient is not null then m.recipient
    when m.early_access_id is not null then e.email
    when m.newsletter_id is not null then n.email
    when m.waitlist_id is not null then w.email
    when m.application_id is not null then a.email
  end
    from unnest(p_messages) m
    left join public.early_access_signups e on e.id = m.early_access_id
    left join public.newsletter_subscriptions n on n.id = m.newsletter_id
    left join public.waitlist_signups w on w.id = m.waitlist_id
    left join public.general_applications a on a.id = m.application_id
$$;
REVOKE ALL ON FUNCTION private.mail_queue_addresses(p_messages public.mail_queue[]) FROM PUBLIC;

-- The address one message names (private.mail_queue_addresses). PL/pgSQL keeps the plan of its query for
-- the session, so a sign-up's insert does not plan the joins again.
CREATE FUNCTION private.mail_queue_address(p_message public.mail_queue) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  return (select a.address from private.mail_queue_addresses(array[p_message]) a);
end;
$$;
REVOKE ALL ON FUNCTION private.mail_queue_address(p_message public.mail_queue) FROM PUBLIC;

-- Before a message is inserted: a message of an unconfirmed kind that is to be sent (not one the
-- suppression hold, which runs first by trigger name, has settled dead) takes a token of its person's
-- budget. Over the budget it is stored withheld instead: never taken by a worker, nor sent again with
-- the dead letters, and an erase or copy link keeps no address (its link expires in the hour anyway).
-- The limiter's lock on the person is held to the end of the transaction, so two sign-ups of one person
-- at once cannot both take the last token. A retry or a dead letter sent again is the same message and
-- takes nothing (inserts only). Runs as its owner: the limiter's table and the kinds are not the
-- inserting role's. Not for bulk mail, which is never of an unconfirmed kind (below): a launch wave
-- queues 10,000 messages in one statement, and a trigger run for each costs more than the rest of it.
CREATE FUNCTION private.mail_queue_unconfirmed_budget() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_address text;
begin
  if new.status <> 'queued'
     or not (select k.unconfirmed from private.mail_kinds k where k.kind = new.kind) then
    return new;
  end if;
  v_address := private.mail_queue_address(new);
  if v_address is null then
    -- Nobody to mail: the worker settles it dead without sending.
    return new;
  end if;
  begin
    perform private.take_keyed_rate_limit_token(
      'unconfirmed-mail-per-person', private.person_mailbox_sha256(v_address));
  exception when sqlstate 'PT429' then
    new.status := 'withheld';
    new.last_error := 'Withheld: its mailbox had all the unconfirmed mail it may get in 24 hours '
                      || '(unconfirmed-mail-per-person)';
    if new.kind = 'privacy_link' then
      new.recipient := null;
    end if;
  end;
  return new;
end;
$$;
REVOKE ALL ON FUNCTION private.mail_queue_unconfirmed_budget() FROM PUBLIC;

CREATE TRIGGER mail_queue_unconfirmed_budget BEFORE INSERT ON public.mail_queue FOR EACH ROW WHEN ((NOT new.bulk)) EXECUTE FUNCTION private.mail_queue_unconfirmed_budget();

-- Bulk mail (a launch wave's invitations and reminders, taken after every other mail) goes to confirmed
-- sign-ups only: a statement that inserts a bulk message of a kind private.mail_kinds marks unconfirmed
-- is refused, so that no such message passes the budget. Once per statement, for all its rows.
CREATE FUNCTION private.mail_queue_refuse_unconfirmed_bulk() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if exists (select from new_rows n join private.mail_kinds k on k.kind = n.kind
              where n.bulk and k.unconfirmed) then
    raise exception 'Bulk mail goes to confirmed sign-ups only: a message of a kind counted against the budget of unconfirmed mail is never bulk'
      using errcode = '22023';
  end if;
  return null;
end;
$$;
REVOKE ALL ON FUNCTION private.mail_queue_refuse_unconfirmed_bulk() FROM PUBLIC;

CREATE TRIGGER mail_queue_refuse_unconfirmed_bulk AFTER INSERT ON public.mail_queue REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.mail_queue_refuse_unconfirmed_bulk();
