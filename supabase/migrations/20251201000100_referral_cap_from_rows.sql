-- The cap per referral code is re-decided from the rows (docs/growth.md, "Referral credit and its
-- defences"; docs/security.md, "Referrals").
--
-- Migration 20251129000000 held a confirmed referral as 'code_cap' when the code already had 10 credited
-- confirmations in the hour before it, and kept that hold for good. A code is public, so a stranger could
-- confirm 10 referrals of a catch-all domain within an hour, have a member's real friend held that hour,
-- then erase his own 10 through the privacy page: the member ended with no credit at all. And one person
-- could fill the hour alone, with ten Gmail spellings of one mailbox.
--
-- Now the hold is a function of the rows, decided again whenever the rows it rests on change:
--
-- * A confirmed referral of a code is held as 'code_cap' when, among the code's other confirmed referrals
--   not held for another reason (held or not by the cap) in the hour of confirmations before it, there are
--   referral_code_cap_per_hour() different people (private.person_mailbox, as the credit counts them).
--   Counting the held ones too makes the decision of each referral depend on which rows exist, never on
--   the decisions of others, so it can be made again at any time with the same answer; and no hour
--   of confirmations credits more than the cap.
-- * It is decided when the referral is confirmed (public.confirm_signup), and again, for every referral
--   of the code confirmed in the hour after it, when a referral it counted is deleted: erasure, an
--   unsubscribe, anything. So a stranger who erases the referrals that filled an hour gives the real ones
--   of that hour their credit back. Deciding again only lifts holds: fewer rows can only lift them under
--   this rule, and a credit an earlier rule gave is never taken back.
-- * Time alone lifts no hold: the referrals of a full hour stay held while the rows that filled it stay.
--   Otherwise the cap would only delay farming by an hour.

-- Decides the cap for the referrals of p_code in public.<p_table> confirmed from p_from to an hour after
-- p_to (the ones whose hour of confirmations holds a moment of that range): 'code_cap' or no hold, for
-- those not held for another reason; with p_lift_only, for those held by the cap alone. Deciding again
-- after rows left the count can only lift holds under this rule, so lifting only changes nothing for
-- referrals decided by it, and never takes back a credit an earlier rule gave (migration 20251129000000
-- did not count the referrals it held). One decision of a code at a time (the lock), so that two
-- confirmations at once cannot both take the last credit.
create function private.decide_code_cap(
  p_table text,
  p_code text,
  p_from timestamptz,
  p_to timestamptz,
  p_lift_only boolean
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
$$;
revoke all on function private.decide_code_cap(text, text, timestamptz, timestamptz, boolean) from public;
grant execute on function private.decide_code_cap(text, text, timestamptz, timestamptz, boolean) to service_role;

-- As migration 20251129000000, and a cap hold may also be lifted, by private.decide_code_cap alone.
create or replace function private.keep_referral()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
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

-- After rows of a line are deleted, or stop counting under the cap (held for another reason): the
-- referrals of their codes confirmed in the hour after them are decided again.
create function private.redecide_code_caps()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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
revoke all on function private.redecide_code_caps() from public;

create trigger early_access_signups_redecide_code_caps
  after delete on public.early_access_signups referencing old table as gone_rows
  for each statement execute function private.redecide_code_caps();
create trigger waitlist_signups_redecide_code_caps
  after delete on public.waitlist_signups referencing old table as gone_rows
  for each statement execute function private.redecide_code_caps();
create trigger early_access_signups_redecide_code_caps_on_update
  after update on public.early_access_signups
  referencing old table as gone_rows new table as kept_rows
  for each statement execute function private.redecide_code_caps();
create trigger waitlist_signups_redecide_code_caps_on_update
  after update on public.waitlist_signups
  referencing old table as gone_rows new table as kept_rows
  for each statement execute function private.redecide_code_caps();

-- As migration 20251129000000, with the cap decided by private.decide_code_cap.
create or replace function public.confirm_signup(p_token_hash text, p_disposable_domain boolean default false)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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
$$;
