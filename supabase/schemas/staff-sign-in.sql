-- How staff sign in to the console: a 10-digit code mailed by console-sign-in to a staff address only,
-- checked here with its own limits; a right code gets the function a one-time token for Supabase Auth,
-- under the staff row's Auth address (staff.sql). console-sign-in asks here for every address alike and
-- answers every address alike, so no answer tells a stranger who is staff; and a stranger's requests
-- store and mail nothing, so they spend nothing staff need (docs/security.md, "The console"). The codes
-- and the pace are private tables that only these functions, as their owner, read and write.

-- The codes mailed and not yet used: their HMAC (the function's key, from MAIL_LINK_SECRET, over the
-- address and the code), so a copy of the database signs nobody in. Each works for its lifetime, so the
-- code of any recent mail works, whatever order mails arrive in and whoever asked for them; an address
-- keeps at most mail_burst of them (the newest), which bounds what guessing gains from someone asking
-- for codes. A sign-in uses them all up.
CREATE TABLE private.console_sign_in_codes (
    id bigint GENERATED ALWAYS AS IDENTITY,
    staff_email text NOT NULL,
    code_mac text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    CONSTRAINT console_sign_in_codes_mac_check CHECK ((code_mac ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT console_sign_in_codes_pkey PRIMARY KEY (id),
    CONSTRAINT console_sign_in_codes_staff_email_fkey FOREIGN KEY (staff_email) REFERENCES public.staff(email) ON UPDATE CASCADE ON DELETE CASCADE
);
CREATE INDEX console_sign_in_codes_staff ON private.console_sign_in_codes USING btree (staff_email, expires_at);

-- How often each staff address is mailed: the generic cell rate algorithm's one timestamp, the moment the
-- address's allowance is next whole. A code is mailed when that moment is at most (burst - 1) intervals
-- ahead, and moves it one interval on.
CREATE TABLE private.console_sign_in_mail_pace (
    staff_email text NOT NULL,
    next_at timestamp with time zone NOT NULL,
    CONSTRAINT console_sign_in_mail_pace_pkey PRIMARY KEY (staff_email),
    CONSTRAINT console_sign_in_mail_pace_staff_email_fkey FOREIGN KEY (staff_email) REFERENCES public.staff(email) ON UPDATE CASCADE ON DELETE CASCADE
);

-- A code check: the staff member's Auth address when p_code_mac is one of their unexpired codes (then
-- every code of theirs is used up), else null, for a staff address or any other. Of two checks racing
-- with one code, one wins. The client address's limit comes first (PT429).
CREATE FUNCTION private.console_check_sign_in_code(p_email text, p_code_mac text, p_client_address text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_email text := lower(btrim(p_email));
  v_used integer;
  v_auth_email text;
begin
  perform private.take_rate_limit_token('console-sign-in-check', p_client_address);
  with used as (
    delete from private.console_sign_in_codes
     where staff_email = v_email and code_mac = p_code_mac and expires_at > now()
    returning id
  )
  select count(*) into v_used from used;
  if v_used = 0 then
    return null;
  end if;
  delete from private.console_sign_in_codes where staff_email = v_email;
  select auth_email into v_auth_email from public.staff where email = v_email;
  return v_auth_email;
end;
$$;
REVOKE ALL ON FUNCTION private.console_check_sign_in_code(p_email text, p_code_mac text, p_client_address text) FROM PUBLIC;

-- A code request for p_email from p_client_address, with the code's HMAC: true when the address is on
-- the staff list and its pace allows a mail (the code is stored, and the caller mails it), false for
-- every other address and when the pace does not allow (nothing is stored). The client address's limit
-- comes first and refuses with PT429 whatever the address. The caller answers the same in every case
-- but PT429, so neither the answer nor its content says who is staff.
CREATE FUNCTION private.console_request_sign_in_code(p_email text, p_code_mac text, p_client_address text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_rules record;
  v_email text := lower(btrim(p_email));
  v_now timestamptz := now();
  v_next timestamptz;
begin
  perform private.take_rate_limit_token('console-sign-in-code', p_client_address);
  if p_code_mac is null or p_code_mac !~ '^[0-9a-f]{64}$' then
    raise exception 'A code''s HMAC is 64 hex digits' using errcode = '22023';
  end if;
  -- Locked: two requests for one address take their turns with its pace.
  perform from public.staff where email = v_email for update;
  if not found then
    return false;
  end if;
  select * into v_rules from private.console_sign_in_rules();
  select greatest(p.next_at, v_now) into v_next
    from private.console_sign_in_mail_pace p where p.staff_email = v_email;
  v_next := coalesce(v_next, v_now);
  if v_next - v_now > make_interval(secs => v_rules.mail_interval_seconds * (v_rules.mail_burst - 1)) then
    return false;
  end if;
  insert into private.console_sign_in_mail_pace (staff_email, next_at)
  values (v_email, v_next + make_interval(secs => v_rules.mail_interval_seconds))
  on conflict (staff_email) do update set next_at = excluded.next_at;
  insert into private.console_sign_in_codes (staff_email, code_mac, created_at, expires_at)
  values (v_email, p_code_mac, v_now, v_now + make_interval(secs => v_rules.code_lifetime_seconds));
  delete from private.console_sign_in_codes c
   where c.staff_email = v_email
     and (c.expires_at <= v_now
          or c.id not in (select newest.id from private.console_sign_in_codes newest
                           where newest.staff_email = v_email
                           order by newest.id desc
                           limit v_rules.mail_burst));
  return true;
end;
$_$;
REVOKE ALL ON FUNCTION private.console_request_sign_in_code(p_email text, p_code_mac text, p_client_address text) FROM PUBLIC;

-- The numbers of rules/console-sign-in.ts (CONSOLE_SIGN_IN), which
-- supabase/tests/console-sign-in-codes.test.ts holds equal: a code's lifetime, and an address's mail pace
-- (one every interval, after a burst).
CREATE FUNCTION private.console_sign_in_rules() RETURNS TABLE(code_lifetime_seconds integer, mail_interval_seconds integer, mail_burst integer)
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$ select 600, 300, 3 $$;
REVOKE ALL ON FUNCTION private.console_sign_in_rules() FROM PUBLIC;

-- What the function console-sign-in calls, with the secret key (the Data API serves public only).
CREATE FUNCTION public.console_check_sign_in_code(p_email text, p_code_mac text, p_client_address text) RETURNS text
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$ select private.console_check_sign_in_code(p_email, p_code_mac, p_client_address) $$;
REVOKE ALL ON FUNCTION public.console_check_sign_in_code(p_email text, p_code_mac text, p_client_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_check_sign_in_code(p_email text, p_code_mac text, p_client_address text) TO service_role;

CREATE FUNCTION public.console_request_sign_in_code(p_email text, p_code_mac text, p_client_address text) RETURNS boolean
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$ select private.console_request_sign_in_code(p_email, p_code_mac, p_client_address) $$;
REVOKE ALL ON FUNCTION public.console_request_sign_in_code(p_email text, p_code_mac text, p_client_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_request_sign_in_code(p_email text, p_code_mac text, p_client_address text) TO service_role;
