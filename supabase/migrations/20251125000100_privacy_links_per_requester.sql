-- Erase and copy links: strangers may no longer spend a mailbox owner's daily links.
--
-- Migration 20250901000000 mailed at most 3 links a day to a mailbox, counted for the mailbox alone: three
-- requests for someone's address, from anywhere, used up the day, and the owner's own request then
-- answered as usual and mailed nothing for 24 hours. Now a mailbox gets at most 3 links a day at one
-- client address's request, and at most 10 a day in all: a stranger at one address spends 3 of them,
-- never the owner's, and taking a whole day's links from an owner needs requests from four addresses
-- (each also held to 5 requests an hour by the 'privacy-request' limit).

insert into public.rate_limit_rules (action, max_requests, window_seconds, description) values
  ('privacy-link-mailbox-requester', 3, 86400,
   'erasure or copy links mailed to one mailbox at the request of one client address');

update public.rate_limit_rules
   set max_requests = 10,
       description = 'erasure or copy links mailed to one mailbox, whoever asks'
 where action = 'privacy-link-mailbox';

-- Stores an erase or copy token (1 hour) for the address's mailbox and says whether to mail the link:
-- only when the mailbox has records here and neither cap is reached. A capped request takes neither
-- count. The same work is done either way, so the time it takes tells the caller nothing.
create function public.issue_privacy_token(
  p_email text,
  p_purpose text,
  p_token_hash text,
  p_client_address text
)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_mailbox text := private.mailbox_sha256(p_email);
  v_requester text := coalesce(private.client_key(p_client_address), 'unknown');
  v_capped boolean := false;
begin
  if p_purpose not in ('erase', 'copy') then
    raise exception 'not a privacy request: %', p_purpose using errcode = '22023';
  end if;
  insert into public.email_tokens (token_hash, purpose, mailbox_sha256, expires_at)
  values (p_token_hash, p_purpose, v_mailbox, now() + interval '1 hour');
  begin
    perform private.take_keyed_rate_limit_token(
      'privacy-link-mailbox-requester', 'mailbox ' || v_mailbox || ' from ' || v_requester);
    perform private.take_keyed_rate_limit_token('privacy-link-mailbox', 'mailbox ' || v_mailbox);
  exception when sqlstate 'PT429' then
    -- The block's counts are rolled back with it: a capped request spends nothing.
    v_capped := true;
  end;
  return private.mailbox_has_records(v_mailbox) and not v_capped;
end;
$$;
revoke all on function public.issue_privacy_token(text, text, text, text) from public, anon, authenticated;
grant execute on function public.issue_privacy_token(text, text, text, text) to service_role;

-- The functions deployed before this migration call the 3-argument form until the new ones are live:
-- their requests count as one requester.
create or replace function public.issue_privacy_token(p_email text, p_purpose text, p_token_hash text)
returns boolean
language sql
volatile
security invoker
set search_path = ''
as $$
  select public.issue_privacy_token(p_email, p_purpose, p_token_hash, null)
$$;
