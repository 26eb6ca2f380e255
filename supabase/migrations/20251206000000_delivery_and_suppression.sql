-- What became of a mail after Resend took it, and no more mail to a mailbox that bounced or complained
-- (docs/mail-queue.md, "Delivery and suppression").
--
-- Until now "sent" meant only that Resend accepted the request; a hard bounce or a spam complaint was
-- never learnt, and the mailbox was mailed again by every later sign-up, place mail or invitation. The
-- function resend-webhook now receives Resend's signed delivery events and records them here:
--
-- 1. public.mail_delivery_events: one row per event and recipient (delivered, delayed, bounced,
--    complained), with Resend's email id (what the queue keeps as provider_message_id when a message is
--    settled sent) and the mailbox's fingerprint (private.mailbox_sha256: lower case, +tag dropped, as
--    every other table finds a mailbox). Never the address itself. Kept 90 days.
-- 2. private.resend_webhook_ids: the webhook message ids already taken, kept a day (the signature's
--    tolerance is 5 minutes either side): a replay of a signed request records nothing twice.
-- 3. public.mail_suppressions: a mailbox that bounced for good, or whose owner marked our mail as spam,
--    by fingerprint, with the reason and when. The database itself keeps mail from it, whatever the
--    worker's code: when a suppression is recorded, every message to that mailbox still queued (or whose
--    worker's lease has ended) is settled dead with last_error 'suppressed'; and a message that becomes
--    queued for a suppressed mailbox (inserted, sent back to the queue by a retry, or requeued by hand)
--    is dead at once, for the same reason. A sign-up from a suppressed mailbox is stored as any other;
--    its mail is not sent, and the console says why.
--
--    The race left: a message already leased to a worker (status 'sending', lease running) when the
--    suppression lands is not touched; the worker already holds the address and may send it once more.
--
-- 4. For staff: public.console_mail_states (the delivery state of a page of rows of one list) and
--    public.console_mail_suppressions (the suppressed mailboxes, 50 a page, with the counts). Both
--    refuse anyone but staff with 42501 'Staff only', like the console's other reads, and are not
--    logged. For the team with the secret key: public.mail_delivery_summary.
--
-- Plain SQL for PGlite, PostgreSQL 15 and hosted 17.

create table public.mail_suppressions (
  mailbox_sha256 text primary key,
  reason text not null,
  suppressed_at timestamptz not null default now(),
  -- Resend's id of the mail that bounced or was complained about.
  email_id text,
  constraint mail_suppressions_mailbox_sha256_check check (mailbox_sha256 ~ '^[0-9a-f]{64}$'),
  constraint mail_suppressions_reason_check check (reason in ('bounced', 'complained')),
  constraint mail_suppressions_email_id_check check (char_length(email_id) <= 200)
);
create index mail_suppressions_suppressed_at on public.mail_suppressions (suppressed_at);

create table public.mail_delivery_events (
  id bigint generated always as identity primary key,
  email_id text not null,
  mailbox_sha256 text not null,
  event text not null,
  -- email.bounced only: Resend's bounce type as sent ('Permanent', 'Transient', 'Undetermined').
  bounce_type text,
  occurred_at timestamptz not null,
  received_at timestamptz not null default now(),
  constraint mail_delivery_events_event_check
    check (event in ('delivered', 'delayed', 'bounced', 'complained')),
  constraint mail_delivery_events_mailbox_sha256_check check (mailbox_sha256 ~ '^[0-9a-f]{64}$'),
  constraint mail_delivery_events_email_id_check check (char_length(email_id) between 1 and 200),
  constraint mail_delivery_events_bounce_type_check check (char_length(bounce_type) <= 40)
);
create index mail_delivery_events_email_id on public.mail_delivery_events (email_id, occurred_at);
create index mail_delivery_events_mailbox on public.mail_delivery_events (mailbox_sha256, occurred_at);
create index mail_delivery_events_received_at on public.mail_delivery_events (received_at);

create table private.resend_webhook_ids (
  id text primary key,
  received_at timestamptz not null default now(),
  constraint resend_webhook_ids_id_check check (char_length(id) between 1 and 256)
);
create index resend_webhook_ids_received_at on private.resend_webhook_ids (received_at);

-- The messages Resend looks up by id: sent ones, by the id it answered.
create index mail_queue_provider_message_id on public.mail_queue (provider_message_id)
  where provider_message_id is not null;

alter table public.mail_suppressions enable row level security;
alter table public.mail_suppressions force row level security;
alter table public.mail_delivery_events enable row level security;
alter table public.mail_delivery_events force row level security;
alter table private.resend_webhook_ids enable row level security;
alter table private.resend_webhook_ids force row level security;
revoke all on table public.mail_suppressions, public.mail_delivery_events from public, anon, authenticated;
revoke all on table private.resend_webhook_ids from public, anon, authenticated;
grant select, insert, update, delete on table public.mail_suppressions to service_role;
grant select, insert, delete on table public.mail_delivery_events to service_role;

-- The fingerprint of a message's mailbox: its sign-up's or application's address, or the stored
-- recipient of an erase or copy link. NULL when the row is gone.
create function private.mail_message_mailbox_sha256(p_message public.mail_queue)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select private.mailbox_sha256(coalesce(
    p_message.recipient,
    (select e.email from public.early_access_signups e where e.id = p_message.early_access_id),
    (select n.email from public.newsletter_subscriptions n where n.id = p_message.newsletter_id),
    (select w.email from public.waitlist_signups w where w.id = p_message.waitlist_id),
    (select a.email from public.general_applications a where a.id = p_message.application_id)))
$$;
revoke all on function private.mail_message_mailbox_sha256(public.mail_queue) from public;

-- Before a message becomes queued (inserted, back from a worker, requeued by hand): dead at once when
-- its mailbox is suppressed. Whatever takes messages from the queue then never sees it.
create function private.mail_queue_hold_suppressed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status <> 'queued' or (tg_op = 'UPDATE' and old.status = 'queued') then
    return new;
  end if;
  if exists (select from public.mail_suppressions s
              where s.mailbox_sha256 = private.mail_message_mailbox_sha256(new)) then
    new.status := 'dead';
    new.dead_at := now();
    new.lease := null;
    new.leased_until := null;
    new.last_error := 'suppressed';
  end if;
  return new;
end;
$$;
revoke all on function private.mail_queue_hold_suppressed() from public;

create trigger mail_queue_hold_suppressed
  before insert or update of status on public.mail_queue
  for each row execute function private.mail_queue_hold_suppressed();

-- When a mailbox is suppressed: every message to it not yet with a worker is settled dead. A message
-- whose lease is running is left to its worker (the race in the header).
create function private.mail_suppression_settles_queue()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.mail_queue q
     set status = 'dead', dead_at = now(), lease = null, leased_until = null, last_error = 'suppressed'
   where (q.status = 'queued' or (q.status = 'sending' and q.leased_until <= now()))
     and (q.early_access_id in (select e.id from public.early_access_signups e
                                 where private.mailbox_sha256(e.email) = new.mailbox_sha256)
          or q.newsletter_id in (select n.id from public.newsletter_subscriptions n
                                  where private.mailbox_sha256(n.email) = new.mailbox_sha256)
          or q.waitlist_id in (select w.id from public.waitlist_signups w
                                where private.mailbox_sha256(w.email) = new.mailbox_sha256)
          or q.application_id in (select a.id from public.general_applications a
                                   where private.mailbox_sha256(a.email) = new.mailbox_sha256)
          or (q.kind = 'privacy_link' and q.recipient is not null
              and private.mailbox_sha256(q.recipient) = new.mailbox_sha256));
  return null;
end;
$$;
revoke all on function private.mail_suppression_settles_queue() from public;

create trigger mail_suppression_settles_queue
  after insert on public.mail_suppressions
  for each row execute function private.mail_suppression_settles_queue();

-- Records one verified webhook of Resend (the function resend-webhook has checked its signature and
-- time): 'replayed' when its id was taken before (nothing recorded again), 'ignored' for an event kind
-- not kept (its id is still taken), else 'recorded': an event row per recipient and, for a permanent
-- bounce or a complaint, the recipient's suppression. A bounce without a type counts as permanent:
-- Resend documents email.bounced as the recipient's server rejecting the mail for good.
create function public.record_mail_delivery_event(
  p_webhook_id text,
  p_event text,
  p_email_id text,
  p_to jsonb,
  p_bounce_type text,
  p_occurred_at timestamptz
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_address text;
  v_mailbox text;
  v_suppress text;
begin
  if p_webhook_id is null or char_length(p_webhook_id) not between 1 and 256 then
    raise exception 'a webhook id of 1 to 256 characters is required' using errcode = '22023';
  end if;
  delete from private.resend_webhook_ids where received_at < now() - interval '1 day';
  insert into private.resend_webhook_ids (id) values (p_webhook_id) on conflict do nothing;
  if not found then
    return 'replayed';
  end if;
  if p_event is null or p_event not in ('delivered', 'delayed', 'bounced', 'complained') then
    return 'ignored';
  end if;
  if p_email_id is null or char_length(p_email_id) not between 1 and 200
     or jsonb_typeof(p_to) is distinct from 'array'
     or jsonb_array_length(p_to) not between 1 and 50
     or exists (select from jsonb_array_elements(p_to) e where jsonb_typeof(e) <> 'string') then
    raise exception 'an email id and 1 to 50 recipients are required' using errcode = '22023';
  end if;
  v_suppress := case
    when p_event = 'complained' then 'complained'
    when p_event = 'bounced' and lower(coalesce(p_bounce_type, 'permanent')) = 'permanent' then 'bounced'
  end;
  for v_address in select jsonb_array_elements_text(p_to) loop
    -- 'Name <address>' as well as a bare address; anything without an @ is not a mailbox.
    v_address := btrim(coalesce(substring(v_address from '<([^<>]*)>'), v_address));
    continue when v_address is null or position('@' in v_address) < 2 or char_length(v_address) > 254;
    v_mailbox := private.mailbox_sha256(v_address);
    insert into public.mail_delivery_events
      (email_id, mailbox_sha256, event, bounce_type, occurred_at)
    values
      (p_email_id, v_mailbox, p_event, left(p_bounce_type, 40), coalesce(p_occurred_at, now()));
    if v_suppress is not null then
      insert into public.mail_suppressions (mailbox_sha256, reason, email_id)
      values (v_mailbox, v_suppress, p_email_id)
      on conflict (mailbox_sha256) do nothing;
    end if;
  end loop;
  delete from public.mail_delivery_events where received_at < now() - interval '90 days';
  return 'recorded';
end;
$$;
revoke all on function public.record_mail_delivery_event(text, text, text, jsonb, text, timestamptz)
  from public, anon, authenticated;
grant execute on function public.record_mail_delivery_event(text, text, text, jsonb, text, timestamptz)
  to service_role;

-- One row's mail, as the console shows it: its newest message's fate, and after Resend took it, the
-- newest event Resend sent about it ('sent' until one arrives). With no message left (sent messages
-- are deleted after 7 days), the newest event for its mailbox since the row was made, else
-- 'suppressed' for a suppressed mailbox, else null. With the suppression's reason when there is one.
create function private.row_mail_state(
  p_message public.mail_queue,
  p_mailbox_sha256 text,
  p_since timestamptz
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_state text;
  v_reason text;
begin
  select s.reason into v_reason from public.mail_suppressions s where s.mailbox_sha256 = p_mailbox_sha256;
  if p_message.id is not null then
    v_state := case
      when p_message.status in ('queued', 'sending') then 'queued'
      when p_message.status = 'dead' and p_message.last_error = 'suppressed' then 'suppressed'
      when p_message.status = 'dead' then 'failed'
      else coalesce(
        (select e.event from public.mail_delivery_events e
          where e.email_id = p_message.provider_message_id
          order by e.occurred_at desc, (e.event in ('bounced', 'complained')) desc, e.id desc
          limit 1),
        'sent')
    end;
  else
    v_state := coalesce(
      (select e.event from public.mail_delivery_events e
        where e.mailbox_sha256 = p_mailbox_sha256 and e.occurred_at >= p_since
        order by e.occurred_at desc, (e.event in ('bounced', 'complained')) desc, e.id desc
        limit 1),
      case when v_reason is not null then 'suppressed' end);
  end if;
  if v_state is null then
    return null;
  end if;
  return jsonb_build_object('state', v_state, 'suppressed', v_reason);
end;
$$;
revoke all on function private.row_mail_state(public.mail_queue, text, timestamptz) from public;

-- The delivery state of each of a page's rows of one list (a JSON array of at most 200 ids):
-- {"<id>": {"state": …, "suppressed": null | 'bounced' | 'complained'}}, rows without a known state
-- left out. Staff only.
create function public.console_mail_states(p_list text, p_ids jsonb)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_table text;
  v_column text;
  v_states jsonb;
  v_ids uuid[];
begin
  perform private.require_staff();
  v_table := case p_list
    when 'early_access' then 'early_access_signups'
    when 'newsletter' then 'newsletter_subscriptions'
    when 'waitlist' then 'waitlist_signups'
    when 'career' then 'general_applications'
  end;
  if v_table is null then
    raise exception 'not a list: %', p_list using errcode = '22023';
  end if;
  if jsonb_typeof(p_ids) is distinct from 'array' or jsonb_array_length(p_ids) > 200 then
    raise exception 'a list of at most 200 ids' using errcode = '22023';
  end if;
  select coalesce(array_agg(e::uuid), '{}') into v_ids from jsonb_array_elements_text(p_ids) e;
  v_column := case p_list when 'career' then 'application_id' else p_list || '_id' end;
  execute format(
    'select coalesce(jsonb_object_agg(r.id, s.state) filter (where s.state is not null), ''{}''::jsonb)
       from public.%I r
       cross join lateral (
         select private.row_mail_state(
                  (select m from public.mail_queue m where m.%I = r.id
                    order by m.created_at desc, m.id limit 1),
                  private.mailbox_sha256(r.email), r.created_at) as state) s
      where r.id = any($1)',
    v_table, v_column)
    into v_states using v_ids;
  return v_states;
end;
$$;
revoke all on function public.console_mail_states(text, jsonb) from public, anon, authenticated;
grant execute on function public.console_mail_states(text, jsonb) to authenticated;

-- The suppressed mailboxes, newest first, a page at a time, with the counts of the whole list and of the
-- messages the suppressions stopped. A suppression holds a fingerprint, not an address: the address
-- shown is that of a sign-up or application of the mailbox (null once every one is gone). Staff only;
-- not logged (the rows name addresses the lists already show to staff).
create function public.console_mail_suppressions(p_limit integer, p_offset integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_limit integer;
  v_offset integer;
  v_counts jsonb;
  v_rows jsonb;
begin
  perform private.require_staff();
  v_limit := private.console_limit(p_limit, 50, 200);
  v_offset := private.console_offset(p_offset);
  select jsonb_build_object(
           'total', count(*),
           'bounced', count(*) filter (where s.reason = 'bounced'),
           'complained', count(*) filter (where s.reason = 'complained'),
           'suppressed_messages',
             (select count(*) from public.mail_queue q
               where q.status = 'dead' and q.last_error = 'suppressed'))
    into v_counts
    from public.mail_suppressions s;
  select coalesce(jsonb_agg(jsonb_build_object(
           'email', p.email, 'reason', p.reason, 'suppressed_at', p.suppressed_at)
         order by p.suppressed_at desc, p.mailbox_sha256), '[]'::jsonb)
    into v_rows
    from (select s.mailbox_sha256, s.reason, s.suppressed_at,
                 coalesce(
                   (select e.email from public.early_access_signups e
                     where private.mailbox_sha256(e.email) = s.mailbox_sha256 limit 1),
                   (select w.email from public.waitlist_signups w
                     where private.mailbox_sha256(w.email) = s.mailbox_sha256 limit 1),
                   (select n.email from public.newsletter_subscriptions n
                     where private.mailbox_sha256(n.email) = s.mailbox_sha256 limit 1),
                   (select a.email from public.general_applications a
                     where private.mailbox_sha256(a.email) = s.mailbox_sha256 limit 1)) as email
            from public.mail_suppressions s
           order by s.suppressed_at desc, s.mailbox_sha256
           limit v_limit offset v_offset) p;
  return v_counts || jsonb_build_object('rows', v_rows);
end;
$$;
revoke all on function public.console_mail_suppressions(integer, integer) from public, anon, authenticated;
grant execute on function public.console_mail_suppressions(integer, integer) to authenticated;

-- For the team (docs/mail-queue.md, "For the team"): Resend's events of the last 30 days per kind, the
-- suppressed mailboxes per reason, and the messages suppression stopped.
create view public.mail_delivery_summary
with (security_invoker = true)
as
select 'event' as counted, e.event as what, count(*)::integer as count, max(e.occurred_at) as latest
  from public.mail_delivery_events e
 where e.occurred_at >= now() - interval '30 days'
 group by e.event
union all
select 'suppressed mailboxes', s.reason, count(*)::integer, max(s.suppressed_at)
  from public.mail_suppressions s
 group by s.reason
union all
select 'messages', 'suppressed', count(*)::integer, max(q.dead_at)
  from public.mail_queue q
 where q.status = 'dead' and q.last_error = 'suppressed';

revoke all on table public.mail_delivery_summary from public, anon, authenticated;
grant select on table public.mail_delivery_summary to service_role;
