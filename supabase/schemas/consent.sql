-- Consent (docs/security.md, "Consent"): a sign-up is confirmed by its link before anything else is
-- mailed to it; every mail to a sign-up carries a one-click unsubscribe; a mailbox that unsubscribed
-- from a list is refused a new sign-up of that list for 30 days, with the same answer as a duplicate.
-- Mail links are tokens stored only as SHA-256 hashes. The public functions here run as the caller, and
-- only the service role may run them: the edge functions call them with the secret key.

-- What an unsubscribe keeps: the mailbox's fingerprint (private.mailbox_sha256: letter case and +tag
-- ignored), the list and the day; the sign-up's row itself is deleted. A later sign-up of that mailbox
-- to that list within 30 days of the unsubscribe, or of the last sign-up let through (last_sign_up_on),
-- gets the answer a member gets, a duplicate, and nothing is stored or mailed; after that the sign-up is
-- stored and asks for confirmation once, like any other, and its confirmation lifts the suppression.
-- 'career' stops the applications' mail and refuses nothing. Erasure keeps these rows: they are what
-- keeps the mailbox unmailed. A bounce's or a complaint's suppression is public.mail_suppressions
-- (mail-delivery.sql).
CREATE TABLE public.email_suppressions (
    mailbox_sha256 text NOT NULL,
    list text NOT NULL,
    unsubscribed_on date DEFAULT CURRENT_DATE NOT NULL,
    last_sign_up_on date,
    CONSTRAINT email_suppressions_list_check CHECK ((list = ANY (ARRAY['early_access'::text, 'newsletter'::text, 'waitlist'::text, 'career'::text]))),
    CONSTRAINT email_suppressions_mailbox_sha256_check CHECK ((mailbox_sha256 ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT email_suppressions_pkey PRIMARY KEY (mailbox_sha256, list)
);

ALTER TABLE ONLY public.email_suppressions FORCE ROW LEVEL SECURITY;
ALTER TABLE public.email_suppressions ENABLE ROW LEVEL SECURITY;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.email_suppressions TO service_role;

-- The mail links' tokens. A token is derived from its mail's message id with MAIL_LINK_SECRET, which
-- only the functions hold; the table keeps its SHA-256 (hex), so a copy of the database opens no link.
-- Each token has one purpose: confirm (7 days, once), unsubscribe and place (as long as their sign-up:
-- no expiry), erase and copy (1 hour, once, naming a mailbox by its fingerprint rather than a row). A
-- sign-up's tokens go with its row. The worker stores a message's tokens when it takes it
-- (public.keep_mail_tokens); an erase or copy token is stored by the request that asks for it
-- (public.issue_privacy_token, privacy.sql). Expired ones are deleted by retention.
CREATE TABLE public.email_tokens (
    token_hash text NOT NULL,
    purpose text NOT NULL,
    early_access_id uuid,
    newsletter_id uuid,
    waitlist_id uuid,
    application_id uuid,
    mailbox_sha256 text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone,
    CONSTRAINT email_tokens_mailbox_sha256_check CHECK ((mailbox_sha256 ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT email_tokens_purpose_check CHECK ((purpose = ANY (ARRAY['confirm'::text, 'unsubscribe'::text, 'erase'::text, 'copy'::text, 'place'::text]))),
    CONSTRAINT email_tokens_subject_check CHECK (
CASE purpose
    WHEN 'confirm'::text THEN ((num_nonnulls(early_access_id, newsletter_id, waitlist_id) = 1) AND (application_id IS NULL) AND (mailbox_sha256 IS NULL) AND (expires_at IS NOT NULL))
    WHEN 'unsubscribe'::text THEN ((num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1) AND (mailbox_sha256 IS NULL))
    WHEN 'place'::text THEN ((num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 1) AND ((early_access_id IS NOT NULL) OR (waitlist_id IS NOT NULL)) AND (mailbox_sha256 IS NULL))
    ELSE ((num_nonnulls(early_access_id, newsletter_id, waitlist_id, application_id) = 0) AND (mailbox_sha256 IS NOT NULL) AND (expires_at IS NOT NULL))
END),
    CONSTRAINT email_tokens_token_hash_check CHECK ((token_hash ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT email_tokens_pkey PRIMARY KEY (token_hash),
    CONSTRAINT email_tokens_application_id_fkey FOREIGN KEY (application_id) REFERENCES public.general_applications(id) ON DELETE CASCADE,
    CONSTRAINT email_tokens_early_access_id_fkey FOREIGN KEY (early_access_id) REFERENCES public.early_access_signups(id) ON DELETE CASCADE,
    CONSTRAINT email_tokens_newsletter_id_fkey FOREIGN KEY (newsletter_id) REFERENCES public.newsletter_subscriptions(id) ON DELETE CASCADE,
    CONSTRAINT email_tokens_waitlist_id_fkey FOREIGN KEY (waitlist_id) REFERENCES public.waitlist_signups(id) ON DELETE CASCADE
);

ALTER TABLE ONLY public.email_tokens FORCE ROW LEVEL SECURITY;
CREATE INDEX email_tokens_application_id ON public.email_tokens USING btree (application_id);
CREATE INDEX email_tokens_early_access_id ON public.email_tokens USING btree (early_access_id);
CREATE INDEX email_tokens_expires_at ON public.email_tokens USING btree (expires_at);
CREATE INDEX email_tokens_mailbox_sha256 ON public.email_tokens USING btree (mailbox_sha256);
CREATE INDEX email_tokens_newsletter_id ON public.email_tokens USING btree (newsletter_id);
CREATE INDEX email_tokens_waitlist_id ON public.email_tokens USING btree (waitlist_id);
ALTER TABLE public.email_tokens ENABLE ROW LEVEL SECURITY;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.email_tokens TO service_role;

-- A suppressed mailbox signs up again ------------------------------------------------------------------

-- Before a list sign-up is stored: a mailbox that unsubscribed from the list is refused as a duplicate,
-- word for word the answer a member gets (the message of <table>_mailbox_key and, to a role that may
-- read the table, PostgreSQL's detail), so the answer tells nothing new; unless 30 days have passed
-- since the unsubscribe or the last sign-up let through. public.sign_up took the list's rate-limit
-- token in the same subtransaction, so a refused sign-up loses it in the rollback, as a duplicate does.
-- Runs as the inserting role, so the error shows the key exactly when PostgreSQL's own would: not to a
-- role under row-level security, to one that may read the table.
CREATE FUNCTION private.refuse_suppressed_signup() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_list text := case tg_table_name
    when 'early_access_signups' then 'early_access'
    when 'newsletter_subscriptions' then 'newsletter'
    when 'waitlist_signups' then 'waitlist'
  end;
  v_message text := format('duplicate key value violates unique constraint "%s"', tg_table_name || '_mailbox_key');
begin
  if not private.suppression_refuses(new.email, v_list) then
    return new;
  end if;
  -- What PostgreSQL says when the mailbox is stored (the unique index on private.mailbox(email)): the
  -- key only to a role that may read the table and is not under row-level security.
  if row_security_active(tg_relid) or not has_table_privilege(tg_relid, 'SELECT') then
    raise unique_violation using message = v_message;
  end if;
  raise unique_violation using
    message = v_message,
    detail = format('Key (private.mailbox(email))=(%s) already exists.', private.mailbox(new.email));
end;
$$;
REVOKE ALL ON FUNCTION private.refuse_suppressed_signup() FROM PUBLIC;
GRANT ALL ON FUNCTION private.refuse_suppressed_signup() TO anon;
GRANT ALL ON FUNCTION private.refuse_suppressed_signup() TO service_role;

-- Whether the mailbox's suppression for the list refuses a sign-up now; one let through is noted
-- (last_sign_up_on), so the next 30 days count from it. Reads and notes the suppression as its owner:
-- anon may not read it. The row is locked, so two sign-ups at once take their turns.
CREATE FUNCTION private.suppression_refuses(p_email text, p_list text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_suppression public.email_suppressions;
begin
  select * into v_suppression
    from public.email_suppressions
   where mailbox_sha256 = private.mailbox_sha256(p_email) and list = p_list
     for update;
  if not found then
    return false;
  end if;
  if coalesce(v_suppression.last_sign_up_on, v_suppression.unsubscribed_on) > current_date - 30 then
    return true;
  end if;
  update public.email_suppressions
     set last_sign_up_on = current_date
   where mailbox_sha256 = v_suppression.mailbox_sha256 and list = p_list;
  return false;
end;
$$;
REVOKE ALL ON FUNCTION private.suppression_refuses(p_email text, p_list text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.suppression_refuses(p_email text, p_list text) TO anon;
GRANT ALL ON FUNCTION private.suppression_refuses(p_email text, p_list text) TO service_role;

-- Each list's sign-ups pass the suppression (private.refuse_suppressed_signup).
CREATE TRIGGER early_access_signups_suppressed BEFORE INSERT ON public.early_access_signups FOR EACH ROW EXECUTE FUNCTION private.refuse_suppressed_signup();

CREATE TRIGGER newsletter_subscriptions_suppressed BEFORE INSERT ON public.newsletter_subscriptions FOR EACH ROW EXECUTE FUNCTION private.refuse_suppressed_signup();

CREATE TRIGGER waitlist_signups_suppressed BEFORE INSERT ON public.waitlist_signups FOR EACH ROW EXECUTE FUNCTION private.refuse_suppressed_signup();

-- Using a link -----------------------------------------------------------------------------------------

-- The domain of the sign-up a live confirm token names, lower case (the edge function checks it against
-- the disposable-domain list before it confirms); NULL for any other token. Uses nothing up.
CREATE FUNCTION public.confirm_token_email_domain(p_token_hash text) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select lower(split_part(coalesce(
           (select e.email from public.early_access_signups e where e.id = t.early_access_id),
           (select n.email from public.newsletter_subscriptions n where n.id = t.newsletter_id),
           (select w.email from public.waitlist_signups w where w.id = t.waitlist_id)), '@', 2))
    from public.email_tokens t
   where t.token_hash = p_token_hash and t.purpose = 'confirm' and t.expires_at > now()
$$;
REVOKE ALL ON FUNCTION public.confirm_token_email_domain(p_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.confirm_token_email_domain(p_token_hash text) TO service_role;

-- Uses a confirm token: once, within its 7 days. Marks the sign-up confirmed and lifts a suppression of
-- its mailbox for the list (a new, confirmed consent). For a sign-up of a line, a referral from a
-- disposable mailbox (p_disposable_domain, the edge function's finding) is held, and the first
-- confirmation decides the cap of the code it was referred by from the rows (private.decide_code_cap,
-- referrals.sql) and queues its 'place' mail. Answers {list, place}, place being {position,
-- referral_code} for a line and NULL for the newsletter; NULL for any other token.
CREATE FUNCTION public.confirm_signup(p_token_hash text, p_disposable_domain boolean DEFAULT false) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  v_token public.email_tokens;
  v_list text;
  v_table text;
  v_id uuid;
  v_email text;
  v_first boolean;
  v_place jsonb;
  v_code text;
begin
  delete from public.email_tokens
   where token_hash = p_token_hash and purpose = 'confirm' and expires_at > now()
  returning * into v_token;
  if not found then
    return null;
  end if;
  v_list := case
    when v_token.early_access_id is not null then 'early_access'
    when v_token.newsletter_id is not null then 'newsletter'
    else 'waitlist'
  end;
  v_table := private.signup_table(v_list);
  v_id := coalesce(v_token.early_access_id, v_token.newsletter_id, v_token.waitlist_id);
  -- Only the update that confirms it finds the row unconfirmed: a second confirm token of the same
  -- sign-up, even at the same moment, waits for the row and queues no second mail.
  execute format('update public.%I set confirmed_at = now() where id = $1 and confirmed_at is null
                  returning email', v_table)
     into v_email
    using v_id;
  v_first := v_email is not null;
  if not v_first then
    execute format('select email from public.%I where id = $1', v_table) into v_email using v_id;
  end if;
  delete from public.email_suppressions
   where mailbox_sha256 = private.mailbox_sha256(v_email) and list = v_list;
  if v_list = 'newsletter' then
    return jsonb_build_object('list', v_list, 'place', null);
  end if;

  if coalesce(p_disposable_domain, false) then
    execute format('update public.%I set referral_hold = ''disposable''
                     where id = $1 and referred_by is not null and referral_hold is null', v_table)
      using v_id;
  end if;
  -- The cap per code, decided by private.decide_code_cap from the rows (after the disposable hold:
  -- a disposable referral is held for that, whatever the hour holds).
  if v_first then
    execute format('select referred_by from public.%I where id = $1 and referral_hold is null', v_table)
       into v_code
      using v_id;
    if v_code is not null then
      perform private.decide_code_cap(v_table, v_code, now(), now(), false);
    end if;
  end if;
  if v_first then
    insert into public.mail_queue (id, kind, list, early_access_id, waitlist_id)
    values (gen_random_uuid(), 'place', v_list,
            case when v_list = 'early_access' then v_id end,
            case when v_list = 'waitlist' then v_id end);
  end if;
  v_place := public.signup_place(v_list, v_id);
  return jsonb_build_object(
    'list', v_list,
    'place', case when v_place is not null then
      jsonb_build_object('position', v_place -> 'position', 'referral_code', v_place -> 'referral_code')
    end);
end;
$_$;
REVOKE ALL ON FUNCTION public.confirm_signup(p_token_hash text, p_disposable_domain boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.confirm_signup(p_token_hash text, p_disposable_domain boolean) TO service_role;

-- What an unsubscribe does to one sign-up of a list, whoever asks (its link, a mailbox provider's
-- one-click button, or Resend's own unsubscribe link as its contact event reports it, audience.sql):
-- keeps the mailbox's fingerprint, the list and the date, and deletes the list sign-up with everything
-- else of it (its tokens go with it). An application is not a subscription: unsubscribing from its mail
-- stops the career list's mail and keeps the application, which its owner can erase on the privacy page.
-- Answers the row's address, or NULL when the row is gone.
CREATE FUNCTION private.unsubscribe_from_list(p_list text, p_id uuid) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  v_email text;
begin
  execute format('select email from public.%I where id = $1', private.signup_table(p_list))
     into v_email
    using p_id;
  if v_email is null then
    return null;
  end if;
  insert into public.email_suppressions (mailbox_sha256, list)
  values (private.mailbox_sha256(v_email), p_list)
  on conflict (mailbox_sha256, list) do update
    set unsubscribed_on = current_date, last_sign_up_on = null;
  if p_list <> 'career' then
    execute format('delete from public.%I where id = $1', private.signup_table(p_list)) using p_id;
  end if;
  return v_email;
end;
$_$;
REVOKE ALL ON FUNCTION private.unsubscribe_from_list(p_list text, p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.unsubscribe_from_list(p_list text, p_id uuid) TO service_role;

-- Uses an unsubscribe token: the unsubscribe of the sign-up (or application) it names, as
-- private.unsubscribe_from_list makes it. NULL for any other token.
CREATE FUNCTION public.unsubscribe_signup(p_token_hash text) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_token public.email_tokens;
  v_list text;
begin
  delete from public.email_tokens
   where token_hash = p_token_hash and purpose = 'unsubscribe'
     and (expires_at is null or expires_at > now())
  returning * into v_token;
  if not found then
    return null;
  end if;
  v_list := case
    when v_token.early_access_id is not null then 'early_access'
    when v_token.newsletter_id is not null then 'newsletter'
    when v_token.waitlist_id is not null then 'waitlist'
    else 'career'
  end;
  if private.unsubscribe_from_list(v_list, coalesce(v_token.early_access_id, v_token.newsletter_id,
                                                    v_token.waitlist_id, v_token.application_id)) is null then
    return null;
  end if;
  return jsonb_build_object('list', v_list);
end;
$$;
REVOKE ALL ON FUNCTION public.unsubscribe_signup(p_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.unsubscribe_signup(p_token_hash text) TO service_role;

-- Storing the links' tokens ----------------------------------------------------------------------------

-- The worker stores the hashes of the tokens it derived for the messages it holds under p_lease (the
-- database has no secret to derive them with): p_tokens is [{id, purpose, hash}], purpose confirm (7
-- days), unsubscribe or place, tied to the message's sign-up, or invite, an invitation's link into the
-- product, kept on the invitation whose message it is (public.invitations, launch-waves.sql; it expires
-- with the invitation). A hash stored before (a retry) is left as it is. Returns the ids of the messages
-- still held under the lease (the others' tokens are not stored), so the worker sends only those.
CREATE FUNCTION public.keep_mail_tokens(p_lease uuid, p_tokens jsonb) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  v_held jsonb;
begin
  if jsonb_typeof(p_tokens) <> 'array' then
    raise exception 'p_tokens must be an array' using errcode = '22023';
  end if;
  if exists (select from jsonb_array_elements(p_tokens) t
              where t ->> 'purpose' is null or t ->> 'purpose' not in ('confirm', 'unsubscribe', 'place', 'invite')
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
     and q.kind in ('thank_you', 'invite', 'place', 'invite_reminder')
   where t ->> 'purpose' <> 'invite'
  on conflict (token_hash) do nothing;
  update public.invitations i
     set token_hash = t ->> 'hash'
    from jsonb_array_elements(p_tokens) t
    join public.mail_queue q
      on q.id = (t ->> 'id')::uuid and q.lease = p_lease and q.status = 'sending' and q.kind = 'invite'
   where t ->> 'purpose' = 'invite' and i.message_id = q.id and i.token_hash is null;
  select coalesce(jsonb_agg(q.id), '[]'::jsonb) into v_held
    from public.mail_queue q
   where q.lease = p_lease and q.status = 'sending';
  return v_held;
end;
$_$;
REVOKE ALL ON FUNCTION public.keep_mail_tokens(p_lease uuid, p_tokens jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.keep_mail_tokens(p_lease uuid, p_tokens jsonb) TO service_role;

