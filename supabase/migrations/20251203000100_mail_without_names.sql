-- No mail carries text a visitor typed, confirmed or not (issue 37, hole 2; docs/security.md, "What a mail
-- may carry").
--
-- The place mail and the waitlist invitation greeted by the first name on the row, on the grounds that the
-- address was confirmed. But anyone may sign up anyone's address with a first name of their choosing
-- ("URGENT: verify at agentora-login.example/v"); the owner confirms the genuine mail, and the next one
-- greets them with the stranger's words, from our domain. Confirming proves the owner reads the mailbox,
-- not that they typed the row.
--
-- So take_queued_mail, which hands the worker what a message is about, no longer reads the name: as
-- migration 20251129000000 in every other way. 'first_name' stays in its answer as null, so a worker
-- deployed before this migration (which reads the key) greets "Hi there," until the functions follow;
-- the workers of this release ignore it.
--
-- Plain SQL for PGlite (18), PostgreSQL 15 and hosted 17.

create or replace function public.take_queued_mail(p_lease_seconds integer)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_message public.mail_queue;
  v_to text;
  v_place jsonb;
begin
  update public.mail_queue
     set status = 'dead', dead_at = now(), lease = null, leased_until = null,
         last_error = left(case
           when status = 'sending' and attempts >= private.mail_max_attempts() then
             'The worker stopped while sending, ' || attempts || ' times.'
           when kind = 'privacy_link' and created_at < now() - interval '1 hour' then
             'Its link expired (1 hour) before it could be sent.'
           else 'Not sent within 23 hours; last answer: ' || coalesce(last_error, 'none')
         end, 1000)
   where status in ('queued', 'sending')
     and (status = 'queued' or leased_until <= now())
     and ((status = 'sending' and attempts >= private.mail_max_attempts())
          or (kind = 'privacy_link' and created_at < now() - interval '1 hour')
          or created_at < now() - interval '23 hours');

  select * into v_message
    from public.mail_queue
   where (status = 'queued' and available_at <= now())
      or (status = 'sending' and leased_until <= now())
   order by available_at, created_at
   limit 1
     for update skip locked;
  if not found then
    return null;
  end if;
  update public.mail_queue
     set status = 'sending', attempts = attempts + 1, lease = gen_random_uuid(),
         leased_until = now() + make_interval(secs => greatest(p_lease_seconds, 1))
   where id = v_message.id
  returning * into v_message;

  if v_message.kind = 'invite' then
    select w.email into v_to
      from public.waitlist_signups w
     where w.id = v_message.waitlist_id
       and w.confirmed_at is not null
       and not exists (select from public.email_suppressions s
                        where s.mailbox_sha256 = private.mailbox_sha256(w.email) and s.list = 'waitlist');
    return jsonb_build_object(
      'id', v_message.id, 'lease', v_message.lease, 'kind', v_message.kind, 'list', v_message.list,
      'action', v_message.action, 'to', v_to, 'attempts', v_message.attempts,
      'first_name', null);
  end if;
  if v_message.kind = 'place' then
    if v_message.list = 'early_access' then
      select e.email into v_to
        from public.early_access_signups e
       where e.id = v_message.early_access_id
         and e.confirmed_at is not null
         and not exists (select from public.email_suppressions s
                          where s.mailbox_sha256 = private.mailbox_sha256(e.email) and s.list = 'early_access');
    else
      select w.email into v_to
        from public.waitlist_signups w
       where w.id = v_message.waitlist_id
         and w.confirmed_at is not null
         and not exists (select from public.email_suppressions s
                          where s.mailbox_sha256 = private.mailbox_sha256(w.email) and s.list = 'waitlist');
    end if;
    if v_to is not null then
      v_place := public.signup_place(v_message.list,
                                     coalesce(v_message.early_access_id, v_message.waitlist_id));
    end if;
    if v_place is null then
      v_to := null;
    end if;
    return jsonb_build_object(
      'id', v_message.id, 'lease', v_message.lease, 'kind', v_message.kind, 'list', v_message.list,
      'action', v_message.action, 'to', v_to, 'attempts', v_message.attempts,
      'position', v_place -> 'position', 'referral_code', v_place -> 'referral_code',
      'first_name', null);
  end if;
  v_to := case v_message.kind
    when 'privacy_link' then v_message.recipient
    else coalesce(
      (select email from public.early_access_signups where id = v_message.early_access_id),
      (select email from public.newsletter_subscriptions where id = v_message.newsletter_id),
      (select email from public.waitlist_signups where id = v_message.waitlist_id),
      (select email from public.general_applications where id = v_message.application_id))
  end;
  return jsonb_build_object(
    'id', v_message.id, 'lease', v_message.lease, 'kind', v_message.kind, 'list', v_message.list,
    'action', v_message.action, 'to', v_to, 'attempts', v_message.attempts);
end;
$$;
