-- What each kind of mail is made from, and how a sign-up's thank-you mail is queued (the queue, its
-- kinds and their lifetimes are mail-queue.sql). private.mail_details_<kind> is what
-- public.take_mail_batch adds to each message it hands the worker (supabase/functions/send-queued-mail):
-- where the mail goes now and what it is rendered from, an address and values the site made, never
-- text a visitor typed (docs/security.md, "What a mail may carry"). A sign-up's or an application's
-- thank-you mail is queued by its insert; the functions ask which message that is, or queue a fresh
-- confirmation. Last, the thank-you ledger from before the queue, which nothing in supabase/functions
-- calls. The two kinds of a launch wave, 'invite' and 'invite_reminder', are made from an invitation:
-- their details are invitations.sql's.

-- The kinds' details -----------------------------------------------------------------------------------

-- A place mail goes to a confirmed line member whose mailbox has not unsubscribed from the list, with
-- the place as it is at the moment of sending (public.signup_place, places.sql) and the referral code,
-- so a mail that waited in the queue is never stale. 'to' is null, and the message is settled dead,
-- when the sign-up is gone, unconfirmed or unsubscribed. 'first_name' is always null, as for invite.
CREATE FUNCTION private.mail_details_place(p_message public.mail_queue) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
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
REVOKE ALL ON FUNCTION private.mail_details_place(p_message public.mail_queue) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_details_place(p_message public.mail_queue) TO service_role;

-- An erase or copy link goes to the address it was asked for, stored with the message
-- (public.queue_privacy_link, privacy.sql): no row of ours need hold that address.
CREATE FUNCTION private.mail_details_privacy_link(p_message public.mail_queue) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$ select jsonb_build_object('to', p_message.recipient) $$;
REVOKE ALL ON FUNCTION private.mail_details_privacy_link(p_message public.mail_queue) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_details_privacy_link(p_message public.mail_queue) TO service_role;

-- A thank-you mail goes to the stored address of the sign-up or application it names; null once that
-- row is gone (erased, or a list sign-up unsubscribed), and the message is settled dead.
CREATE FUNCTION private.mail_details_thank_you(p_message public.mail_queue) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('to', coalesce(
    (select email from public.early_access_signups where id = p_message.early_access_id),
    (select email from public.newsletter_subscriptions where id = p_message.newsletter_id),
    (select email from public.waitlist_signups where id = p_message.waitlist_id),
    (select email from public.general_applications where id = p_message.application_id)))
$$;
REVOKE ALL ON FUNCTION private.mail_details_thank_you(p_message public.mail_queue) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_details_thank_you(p_message public.mail_queue) TO service_role;

-- A sign-up's thank-you mail, queued by its insert -----------------------------------------------------

-- BEFORE INSERT on the four tables (the trigger's argument is the list; 'career' for applications):
-- sets thank_you_sent_at, which says that the row's mail is queued with it and makes
-- private.queue_signup_mail fire. Every list sign-up is mailed (one of a mailbox that unsubscribed from
-- the list is refused in the same insert by <table>_suppressed, consent.sql); an application is stored
-- whatever its mailbox, and not mailed when the mailbox unsubscribed from the careers mail. Runs as its
-- owner, whoever inserts: the mark is the database's, never the inserter's.
CREATE FUNCTION private.mark_signup_mail() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
REVOKE ALL ON FUNCTION private.mark_signup_mail() FROM PUBLIC;

-- AFTER INSERT of a row private.mark_signup_mail marked (the trigger's WHEN): its thank-you message, in
-- the insert's transaction, so no acknowledged row exists without its mail whatever the browser does
-- next. The message names only the list and the row; the worker stores its links' token hashes when it
-- takes it (public.keep_mail_tokens, consent.sql).
CREATE FUNCTION private.queue_signup_mail() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
REVOKE ALL ON FUNCTION private.queue_signup_mail() FROM PUBLIC;

-- On each of the four tables: the row is marked before it is stored, and its mail queued after.
CREATE TRIGGER early_access_signups_mark_mail BEFORE INSERT ON public.early_access_signups FOR EACH ROW EXECUTE FUNCTION private.mark_signup_mail('early_access');

CREATE TRIGGER early_access_signups_queue_mail AFTER INSERT ON public.early_access_signups FOR EACH ROW WHEN ((new.thank_you_sent_at IS NOT NULL)) EXECUTE FUNCTION private.queue_signup_mail('early_access');

CREATE TRIGGER general_applications_mark_mail BEFORE INSERT ON public.general_applications FOR EACH ROW EXECUTE FUNCTION private.mark_signup_mail('career');

CREATE TRIGGER general_applications_queue_mail AFTER INSERT ON public.general_applications FOR EACH ROW WHEN ((new.thank_you_sent_at IS NOT NULL)) EXECUTE FUNCTION private.queue_signup_mail('career');

CREATE TRIGGER newsletter_subscriptions_mark_mail BEFORE INSERT ON public.newsletter_subscriptions FOR EACH ROW EXECUTE FUNCTION private.mark_signup_mail('newsletter');

CREATE TRIGGER newsletter_subscriptions_queue_mail AFTER INSERT ON public.newsletter_subscriptions FOR EACH ROW WHEN ((new.thank_you_sent_at IS NOT NULL)) EXECUTE FUNCTION private.queue_signup_mail('newsletter');

CREATE TRIGGER waitlist_signups_mark_mail BEFORE INSERT ON public.waitlist_signups FOR EACH ROW EXECUTE FUNCTION private.mark_signup_mail('waitlist');

CREATE TRIGGER waitlist_signups_queue_mail AFTER INSERT ON public.waitlist_signups FOR EACH ROW WHEN ((new.thank_you_sent_at IS NOT NULL)) EXECUTE FUNCTION private.queue_signup_mail('waitlist');

-- What the functions ask -------------------------------------------------------------------------------

-- submit-application's emailSent, through supabase/functions/_shared/thank-you/ledger.ts (a list's
-- sign-up learns the same from public.sign_up): the message queued for the newest sign-up of the type
-- and address made in the last 10 minutes and not yet confirmed, or NULL. Asking twice answers the same
-- message and queues nothing. A row stored without its mail (thank_you_sent_at null and its mailbox not
-- unsubscribed: written with the triggers off, or before the insert queued the mail) is queued here
-- once; the row is locked, so two calls at once queue one.
CREATE FUNCTION public.queued_thank_you_mail(p_type text, p_email text) RETURNS uuid
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
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
$_$;
REVOKE ALL ON FUNCTION public.queued_thank_you_mail(p_type text, p_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.queued_thank_you_mail(p_type text, p_email text) TO service_role;

-- A way back for an unconfirmed sign-up: signing up again with its mailbox queues a fresh confirmation
-- (new confirm and unsubscribe tokens; the earlier links keep working until they expire), at most 3 a
-- day per mailbox and list (confirmation-again-mailbox, limits.sql), and like every confirmation within
-- the person's budget of unconfirmed mail (mail-budget.sql: over it, the message is stored withheld).
-- Whether a message was queued is returned for the tests; the function sign-up answers the visitor's
-- duplicate the same either way.
CREATE FUNCTION public.queue_confirmation_again(p_type text, p_email text, p_message_id uuid, p_confirm_token_hash text, p_unsubscribe_token_hash text) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
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
$_$;
REVOKE ALL ON FUNCTION public.queue_confirmation_again(p_type text, p_email text, p_message_id uuid, p_confirm_token_hash text, p_unsubscribe_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.queue_confirmation_again(p_type text, p_email text, p_message_id uuid, p_confirm_token_hash text, p_unsubscribe_token_hash text) TO service_role;

-- Left from sending before the queue -------------------------------------------------------------------
--
-- Nothing in supabase/functions calls these: a row's thank-you mail is queued by its insert (above).
-- supabase/tests/mail-with-the-row.test.ts calls public.queue_thank_you_mail,
-- supabase/tests/migrations.test.ts public.claim_thank_you and public.release_thank_you_email, and
-- tools/local-supabase's tests public.claim_thank_you, as a function only the service role may call.

-- What the follow-up call of the browser (send-thank-you-email, gone since sign-ups are one request)
-- called in a release before the insert queued the mail: it answers public.queued_thank_you_mail and
-- stores nothing (the tokens are the worker's to store), so such a call mails nothing twice.
CREATE FUNCTION public.queue_thank_you_mail(p_type text, p_email text, p_message_id uuid, p_confirm_token_hash text, p_unsubscribe_token_hash text) RETURNS uuid
    LANGUAGE sql
    SET search_path TO ''
    AS $$ select public.queued_thank_you_mail(p_type, p_email) $$;
REVOKE ALL ON FUNCTION public.queue_thank_you_mail(p_type text, p_email text, p_message_id uuid, p_confirm_token_hash text, p_unsubscribe_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.queue_thank_you_mail(p_type text, p_email text, p_message_id uuid, p_confirm_token_hash text, p_unsubscribe_token_hash text) TO service_role;

-- Claims a fresh sign-up's thank-you mail: marks the row of the type and address made in the last 10
-- minutes and not yet marked (one caller wins the update) and answers its id and address (and, for the
-- waitlist and applications, fields that no mail carries).
CREATE FUNCTION public.claim_thank_you(p_type text, p_email text) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  claimed jsonb;
begin
  case p_type
    when 'early_access' then
      update public.early_access_signups
         set thank_you_sent_at = now()
       where lower(email) = lower(p_email)
         and thank_you_sent_at is null
         and created_at > now() - interval '10 minutes'
      returning jsonb_build_object('id', id, 'email', email) into claimed;
    when 'newsletter' then
      update public.newsletter_subscriptions
         set thank_you_sent_at = now()
       where lower(email) = lower(p_email)
         and thank_you_sent_at is null
         and created_at > now() - interval '10 minutes'
      returning jsonb_build_object('id', id, 'email', email) into claimed;
    when 'waitlist' then
      update public.waitlist_signups
         set thank_you_sent_at = now()
       where lower(email) = lower(p_email)
         and thank_you_sent_at is null
         and created_at > now() - interval '10 minutes'
      returning jsonb_build_object('id', id, 'email', email, 'first_name', first_name,
                                   'company', company, 'use_case', use_case) into claimed;
    when 'career' then
      update public.general_applications
         set thank_you_sent_at = now()
       where lower(email) = lower(p_email)
         and thank_you_sent_at is null
         and created_at > now() - interval '10 minutes'
      returning jsonb_build_object('id', id, 'email', email, 'first_name', first_name,
                                   'current_role', "current_role", 'current_company', current_company)
        into claimed;
    else
      raise exception 'unknown thank-you email type: %', p_type using errcode = '22023';
  end case;
  return claimed;
end;
$$;
REVOKE ALL ON FUNCTION public.claim_thank_you(p_type text, p_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.claim_thank_you(p_type text, p_email text) TO service_role;

-- Unmarks a claimed row, so that a later claim can mail it.
CREATE FUNCTION public.release_thank_you_email(p_type text, p_id uuid) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  case p_type
    when 'early_access' then
      update public.early_access_signups set thank_you_sent_at = null where id = p_id;
    when 'newsletter' then
      update public.newsletter_subscriptions set thank_you_sent_at = null where id = p_id;
    when 'waitlist' then
      update public.waitlist_signups set thank_you_sent_at = null where id = p_id;
    when 'career' then
      update public.general_applications set thank_you_sent_at = null where id = p_id;
    else
      raise exception 'unknown thank-you email type: %', p_type using errcode = '22023';
  end case;
end;
$$;
REVOKE ALL ON FUNCTION public.release_thank_you_email(p_type text, p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.release_thank_you_email(p_type text, p_id uuid) TO service_role;

