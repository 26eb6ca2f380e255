-- Referral credit and its defences (docs/growth.md, "Referral credit and its defences"): a confirmed
-- sign-up that came through a member's referral link moves that member up the line, unless it is held.
-- A hold is a fact stored with the row (referral_hold): 'self' and 'address_cap' are decided at insert,
-- here; 'disposable' at confirmation (public.confirm_signup, consent.sql); 'code_cap' from the rows, at
-- confirmation and again whenever a referral it counted goes. The credit itself is computed from the
-- rows (private.line_credits_from_rows, places.sql). Also here: the numbers the rules share with
-- supabase/functions/_shared/rules/places.ts, and the thresholds of the console's farming flag.

-- The numbers ------------------------------------------------------------------------------------------

-- The places one credited referral moves its referrer up: PLACES_PER_REFERRAL of
-- supabase/functions/_shared/rules/places.ts (supabase/tests/place-rules.test.ts holds the two equal;
-- docs/growth.md, "A place in line", says why 10).
CREATE FUNCTION private.places_per_referral() RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$ select 10 $$;
REVOKE ALL ON FUNCTION private.places_per_referral() FROM PUBLIC;
GRANT ALL ON FUNCTION private.places_per_referral() TO service_role;

-- The people whose referrals of one code may be credited per hour of confirmations:
-- REFERRAL_CAPS.perCodePerHour of supabase/functions/_shared/rules/places.ts
-- (supabase/tests/referral-caps.test.ts holds the two equal).
CREATE FUNCTION private.referral_code_cap_per_hour() RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$ select 10 $$;
REVOKE ALL ON FUNCTION private.referral_code_cap_per_hour() FROM PUBLIC;
GRANT ALL ON FUNCTION private.referral_code_cap_per_hour() TO service_role;

-- When the console flags a referral code as suspected of farming: SUSPECTED_FARMING of
-- supabase/functions/_shared/rules/places.ts (supabase/tests/console-growth.test.ts holds the two
-- equal): min_held or more of its referrals held, or min_settled or more made settle_hours or more ago
-- of which under min_confirmed_share are confirmed. public.console_referrals (console-growth.sql) reads
-- it; the flag asks a person to look and changes nothing by itself.
CREATE FUNCTION private.suspected_farming_rules() RETURNS TABLE(min_held integer, min_settled integer, settle_hours integer, min_confirmed_share numeric)
    LANGUAGE sql IMMUTABLE ROWS 1 PARALLEL SAFE
    SET search_path TO ''
    AS $$ select 3, 5, 24, 0.5 $$;
REVOKE ALL ON FUNCTION private.suspected_farming_rules() FROM PUBLIC;

-- At insert --------------------------------------------------------------------------------------------

-- Before a sign-up of a line is stored: its own fresh code, no hold but the rules', and its referral
-- vetted. A code that names no sign-up of the same list is dropped. A referral by the same person
-- (private.person_mailbox) is held as 'self'; one over 3 an hour from the client address as
-- 'address_cap' (the rate limit referral-per-address, limits.sql; a held referral takes no count). The
-- cap per code is not counted here but at confirmation: a code is public, and a cap that unconfirmed
-- sign-ups used up would let anyone spend a stranger's hour of credit. Runs after public.sign_up took the
-- list's rate-limit token and after the suppression trigger (triggers fire in name order:
-- <table>_suppressed, <table>_vet_referral), so a refused sign-up counts nothing here; the client
-- address is the one public.sign_up was given. Runs as its owner: it reads the referrer's row and counts
-- in the rate limit's table.
CREATE FUNCTION private.hold_referral() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_referrer_email text;
begin
  new.referral_code := private.new_referral_code();
  new.referral_hold := null;
  if new.referred_by is null then
    return new;
  end if;
  execute format('select email from public.%I where referral_code = $1', tg_table_name)
     into v_referrer_email
    using new.referred_by;
  if v_referrer_email is null then
    new.referred_by := null;
    return new;
  end if;
  if private.person_mailbox(v_referrer_email) = private.person_mailbox(new.email) then
    new.referral_hold := 'self';
    return new;
  end if;
  begin
    perform private.take_keyed_rate_limit_token(
      'referral-per-address', private.client_key(private.request_client_address()));
  exception when sqlstate 'PT429' then
    new.referral_hold := 'address_cap';
  end;
  return new;
end;
$_$;
REVOKE ALL ON FUNCTION private.hold_referral() FROM PUBLIC;
GRANT ALL ON FUNCTION private.hold_referral() TO anon;
GRANT ALL ON FUNCTION private.hold_referral() TO service_role;

CREATE TRIGGER early_access_signups_vet_referral BEFORE INSERT ON public.early_access_signups FOR EACH ROW EXECUTE FUNCTION private.hold_referral();

CREATE TRIGGER waitlist_signups_vet_referral BEFORE INSERT ON public.waitlist_signups FOR EACH ROW EXECUTE FUNCTION private.hold_referral();

-- After insert, whoever updates the row (the service role included): its referral code and referrer
-- never change, and its hold only goes from none to 'disposable' or 'code_cap' (what confirmation
-- decides), or from 'code_cap' back to none by private.decide_code_cap alone (which sets
-- private.deciding_code_cap for the purpose). Anything else is refused with 42501: places and credit
-- rest on these columns.
CREATE FUNCTION private.keep_referral() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if new.referral_code is distinct from old.referral_code
     or new.referred_by is distinct from old.referred_by
     or (new.referral_hold is distinct from old.referral_hold
         and not (old.referral_hold is null and new.referral_hold in ('disposable', 'code_cap'))
         and not (old.referral_hold = 'code_cap' and new.referral_hold is null
                  and current_setting('private.deciding_code_cap', true) = 'on')) then
    raise exception 'A sign-up''s referral code, referrer and hold do not change'
      using errcode = '42501';
  end if;
  return new;
end;
$$;
REVOKE ALL ON FUNCTION private.keep_referral() FROM PUBLIC;
GRANT ALL ON FUNCTION private.keep_referral() TO service_role;

CREATE TRIGGER early_access_signups_keep_referral BEFORE UPDATE ON public.early_access_signups FOR EACH ROW EXECUTE FUNCTION private.keep_referral();

CREATE TRIGGER waitlist_signups_keep_referral BEFORE UPDATE ON public.waitlist_signups FOR EACH ROW EXECUTE FUNCTION private.keep_referral();

-- The cap per code -------------------------------------------------------------------------------------
--
-- A confirmed referral is held as 'code_cap' when, among its code's other confirmed referrals not held
-- for another reason (held by the cap or not) in the hour of confirmations before it, there are
-- private.referral_code_cap_per_hour() different people (private.person_mailbox, as the credit counts
-- them). Counting the held ones too makes each decision rest only on which rows exist, never on other
-- decisions, so it can be made again at any time with the same answer. Time alone lifts no hold, or the
-- cap would only delay farming (docs/security.md, "Referral credit: the cap per code").

-- Decides the cap for the referrals of p_code in public.<p_table> confirmed from p_from to an hour after
-- p_to (the ones whose hour of confirmations holds a moment of that range): 'code_cap' or no hold, for
-- those not held for another reason; with p_lift_only, for those held by the cap alone.
-- public.confirm_signup (consent.sql) decides at confirmation. private.redecide_code_caps, after rows
-- left the count, lifts only: fewer rows can only lift holds under this rule, and a referral credited
-- under the rule before it (which did not count held referrals) is never held after the fact. One
-- decision of a code at a time (the lock), so that two confirmations at once cannot both take the last
-- credit.
CREATE FUNCTION private.decide_code_cap(p_table text, p_code text, p_from timestamp with time zone, p_to timestamp with time zone, p_lift_only boolean) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
begin
  if p_table not in ('early_access_signups', 'waitlist_signups') then
    raise exception 'not a table with a line: %', coalesce(p_table, 'null') using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('referral code ' || p_code, 0));
  -- private.keep_referral lets a cap hold be lifted only here.
  perform set_config('private.deciding_code_cap', 'on', true);
  execute format(
    'with decided as (
       select x.id,
              case when (select count(distinct private.person_mailbox(o.email))
                           from public.%1$I o
                          where o.referred_by = x.referred_by
                            and o.confirmed_at is not null
                            and (o.referral_hold is null or o.referral_hold = ''code_cap'')
                            and o.confirmed_at > x.confirmed_at - interval ''1 hour''
                            and (o.confirmed_at, o.id) < (x.confirmed_at, x.id)
                            and private.person_mailbox(o.email) <> private.person_mailbox(x.email))
                        >= private.referral_code_cap_per_hour()
                   then ''code_cap'' end as hold
         from public.%1$I x
        where x.referred_by = $1
          and x.confirmed_at >= $2 and x.confirmed_at < $3 + interval ''1 hour''
          and (x.referral_hold = ''code_cap'' or (x.referral_hold is null and not $4))
     )
     update public.%1$I s
        set referral_hold = d.hold
       from decided d
      where s.id = d.id and s.referral_hold is distinct from d.hold',
    p_table)
    using p_code, p_from, p_to, p_lift_only;
  perform set_config('private.deciding_code_cap', '', true);
end;
$_$;
REVOKE ALL ON FUNCTION private.decide_code_cap(p_table text, p_code text, p_from timestamp with time zone, p_to timestamp with time zone, p_lift_only boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION private.decide_code_cap(p_table text, p_code text, p_from timestamp with time zone, p_to timestamp with time zone, p_lift_only boolean) TO service_role;

-- After rows of a line are deleted, or stop counting under the cap (unconfirmed, or held for another
-- reason): the referrals of their codes confirmed in the hour after them are decided again, so a
-- stranger who erases the referrals that filled an hour gives the real ones of that hour their credit
-- back.
CREATE FUNCTION private.redecide_code_caps() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_code record;
  v_codes jsonb;
begin
  -- Each statement names only the transition tables its trigger has (PL/pgSQL plans a statement when it
  -- first runs it).
  if tg_op = 'DELETE' then
    select coalesce(jsonb_agg(c), '[]') into v_codes
      from (select o.referred_by as code, min(o.confirmed_at) as first, max(o.confirmed_at) as last
              from gone_rows o
             where o.referred_by is not null and o.confirmed_at is not null
               and (o.referral_hold is null or o.referral_hold = 'code_cap')
             group by o.referred_by) c;
  else
    select coalesce(jsonb_agg(c), '[]') into v_codes
      from (select o.referred_by as code, min(o.confirmed_at) as first, max(o.confirmed_at) as last
              from gone_rows o
              join kept_rows n on n.id = o.id
             where o.referred_by is not null and o.confirmed_at is not null
               and (o.referral_hold is null or o.referral_hold = 'code_cap')
               and not (n.confirmed_at is not null
                        and (n.referral_hold is null or n.referral_hold = 'code_cap'))
             group by o.referred_by) c;
  end if;
  for v_code in
    select c.code, c.first, c.last
      from jsonb_to_recordset(v_codes) as c(code text, first timestamptz, last timestamptz)
  loop
    perform private.decide_code_cap(tg_table_name, v_code.code, v_code.first, v_code.last, true);
  end loop;
  return null;
end;
$$;
REVOKE ALL ON FUNCTION private.redecide_code_caps() FROM PUBLIC;

CREATE TRIGGER early_access_signups_redecide_code_caps AFTER DELETE ON public.early_access_signups REFERENCING OLD TABLE AS gone_rows FOR EACH STATEMENT EXECUTE FUNCTION private.redecide_code_caps();

CREATE TRIGGER early_access_signups_redecide_code_caps_on_update AFTER UPDATE ON public.early_access_signups REFERENCING OLD TABLE AS gone_rows NEW TABLE AS kept_rows FOR EACH STATEMENT EXECUTE FUNCTION private.redecide_code_caps();

CREATE TRIGGER waitlist_signups_redecide_code_caps AFTER DELETE ON public.waitlist_signups REFERENCING OLD TABLE AS gone_rows FOR EACH STATEMENT EXECUTE FUNCTION private.redecide_code_caps();

CREATE TRIGGER waitlist_signups_redecide_code_caps_on_update AFTER UPDATE ON public.waitlist_signups REFERENCING OLD TABLE AS gone_rows NEW TABLE AS kept_rows FOR EACH STATEMENT EXECUTE FUNCTION private.redecide_code_caps();
