-- The ledger behind send-thank-you-email, which must not be an open relay: it mails an address only when
-- a row of the matching table was created for it in the last 10 minutes and has not been mailed yet.
--
-- claim_thank_you_email marks such a row as mailed and returns its id in one UPDATE, so two concurrent
-- calls for the same sign-up cannot both send. If the mail then fails to go out, the function hands the
-- claim back with release_thank_you_email, so a retry within the window can still succeed.
--
-- Both run with the caller's rights (security invoker) and only the service role may execute them; the
-- edge function calls them with the service key, the browser never can.

create function public.claim_thank_you_email(p_type text, p_email text)
returns uuid
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  claimed uuid;
begin
  case p_type
    when 'early_access' then
      update public.early_access_signups
         set thank_you_sent_at = now()
       where lower(email) = lower(p_email)
         and thank_you_sent_at is null
         and created_at > now() - interval '10 minutes'
      returning id into claimed;
    when 'newsletter' then
      update public.newsletter_subscriptions
         set thank_you_sent_at = now()
       where lower(email) = lower(p_email)
         and thank_you_sent_at is null
         and created_at > now() - interval '10 minutes'
      returning id into claimed;
    when 'waitlist' then
      update public.waitlist_signups
         set thank_you_sent_at = now()
       where lower(email) = lower(p_email)
         and thank_you_sent_at is null
         and created_at > now() - interval '10 minutes'
      returning id into claimed;
    when 'career' then
      update public.general_applications
         set thank_you_sent_at = now()
       where lower(email) = lower(p_email)
         and thank_you_sent_at is null
         and created_at > now() - interval '10 minutes'
      returning id into claimed;
    else
      raise exception 'unknown thank-you email type: %', p_type using errcode = '22023';
  end case;
  return claimed;
end;
$$;

create function public.release_thank_you_email(p_type text, p_id uuid)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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

-- Functions are executable by PUBLIC by default, and Supabase's default privileges add anon and
-- authenticated; only the service role keeps the right.
revoke all on function public.claim_thank_you_email(text, text) from public, anon, authenticated;
revoke all on function public.release_thank_you_email(text, uuid) from public, anon, authenticated;
grant execute on function public.claim_thank_you_email(text, text) to service_role;
grant execute on function public.release_thank_you_email(text, uuid) to service_role;
