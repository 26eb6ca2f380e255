-- Thank-you emails say only what was stored (issue 13). send-thank-you-email used to render the mail from
-- the request, so anyone could send our branded mail with their own text to an address that had just
-- signed up. The request now names only the sign-up (type and address); claim_thank_you marks that row
-- as mailed, as before in one UPDATE so two calls cannot both send, and returns the columns the mail is
-- rendered from.
--
-- The claim is no longer handed back when the provider's answer is lost (the mail may have gone out);
-- release_thank_you_email of migration 20250712000100 is still used when the provider refused the mail.

drop function public.claim_thank_you_email(text, text);

create function public.claim_thank_you(p_type text, p_email text)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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

revoke all on function public.claim_thank_you(text, text) from public, anon, authenticated;
grant execute on function public.claim_thank_you(text, text) to service_role;
