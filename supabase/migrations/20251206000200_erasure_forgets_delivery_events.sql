-- Erasing a mailbox also forgets what Resend reported about its mail (public.mail_delivery_events, by
-- the mailbox's fingerprint). Its suppression (public.mail_suppressions) is kept, as an unsubscribe's
-- is: a mailbox that bounced or complained stays unmailed after its records are gone, and the
-- fingerprint is all that is kept (docs/security.md, "Resend's delivery events"). The answer is as
-- before: its `kept.suppressions` counts the unsubscribes the privacy page describes, not this.
-- Otherwise as migration 20251128000000.
--
-- Plain SQL for PGlite, PostgreSQL 15 and hosted 17.

create or replace function public.erase_mailbox_records(p_token_hash text)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_mailbox text;
  v_early_access integer;
  v_newsletter integer;
  v_waitlist integer;
  v_applications integer;
  v_resumes text[];
  v_suppressions integer;
begin
  delete from public.email_tokens
   where token_hash = p_token_hash and purpose = 'erase' and expires_at > now()
  returning mailbox_sha256 into v_mailbox;
  if not found then
    return null;
  end if;
  delete from public.early_access_signups where private.mailbox_sha256(email) = v_mailbox;
  get diagnostics v_early_access = row_count;
  delete from public.newsletter_subscriptions where private.mailbox_sha256(email) = v_mailbox;
  get diagnostics v_newsletter = row_count;
  delete from public.waitlist_signups where private.mailbox_sha256(email) = v_mailbox;
  get diagnostics v_waitlist = row_count;
  with deleted as (
    delete from public.general_applications where private.mailbox_sha256(email) = v_mailbox
    returning resume_path
  )
  select count(*), coalesce(array_agg(resume_path) filter (where resume_path is not null), '{}')
    into v_applications, v_resumes
    from deleted;
  insert into public.resume_removals (path) select unnest(v_resumes) on conflict do nothing;
  delete from public.email_tokens where mailbox_sha256 = v_mailbox;
  delete from public.mail_queue
   where kind = 'privacy_link' and recipient is not null
     and private.mailbox_sha256(recipient) = v_mailbox;
  -- What Resend reported about its mail: history, not needed to honour anything (migration
  -- 20251206000000). Its suppression stays, as an unsubscribe's does: it is what keeps it unmailed.
  delete from public.mail_delivery_events where mailbox_sha256 = v_mailbox;
  perform private.erase_console_records(v_mailbox);
  perform private.erase_auth_users(v_mailbox);
  select count(*) into v_suppressions from public.email_suppressions where mailbox_sha256 = v_mailbox;
  return jsonb_build_object(
    'erased', jsonb_build_object(
      'early_access', v_early_access,
      'newsletter', v_newsletter,
      'waitlist', v_waitlist,
      'applications', v_applications,
      'resumes', coalesce(array_length(v_resumes, 1), 0)),
    'resume_paths', to_jsonb(v_resumes),
    'kept', jsonb_build_object('suppressions', v_suppressions));
end;
$$;
