-- One answer for every refused duplicate list sign-up, whatever made it a duplicate.
--
-- Until now a sign-up was refused by one of three things, each naming itself in the 409 answer:
--   * the same address in another letter case: the unique index <table>_email_key on lower(email);
--   * another spelling of the same mailbox (a +tag, upper case): <table>_mailbox_key on private.mailbox();
--   * a mailbox that unsubscribed within 30 days: private.refuse_suppressed_signup, which named
--     <table>_email_key.
-- So a +tag spelling of an address answered "…_mailbox_key" for a member but "…_email_key" for an
-- address that had unsubscribed: the suppression that docs/security.md calls indistinguishable was not.
--
-- Now one index decides for members: <table>_mailbox_key covers every row but the legacy duplicates
-- kept by migration 20250801000000, whose addresses all differ in lower case, so lower(email) needs no
-- index of its own; and the suppression names the same index, with the detail PostgreSQL gives for it.

drop index public.early_access_signups_email_key;
drop index public.newsletter_subscriptions_email_key;
drop index public.waitlist_signups_email_key;

create or replace function private.refuse_suppressed_signup()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
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
revoke all on function private.refuse_suppressed_signup() from public;
grant execute on function private.refuse_suppressed_signup() to anon, service_role;
