-- The lists that exist before the sync ships, and a segment set anew (docs/audience.md, "The
-- backfill"). `npm run audience -- backfill` calls public.audience_backfill, which queues every
-- confirmed member the sync has not made a contact of yet, behind the changes made on the site, and
-- asks for one look at what Resend already holds: the worker pages through Resend's contacts, learns
-- the ids of those that are there (a hand import the team made earlier), and knows every other address
-- absent, so each of those is made in one request instead of a look and a creation. Everything is in
-- the queue's rows, so a backfill stopped anywhere (kill -9 included) goes on where it was, and running
-- the command again queues only what is still missing.

-- Queues, at the backfill's priority, every confirmed member of p_list (every list with a segment when
-- NULL) whose address has no contact row, or whose row is in sync but not in the list's segment (and
-- not kept unsubscribed); asks for the look at Resend when it queued any and no look is under way.
-- Answers how many rows it queued.
CREATE FUNCTION public.audience_backfill(p_list text DEFAULT NULL::text) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_count integer;
begin
  if p_list is not null and not exists (select from public.audience_segments where list = p_list) then
    raise exception 'not a list with a segment: %', p_list using errcode = '22023';
  end if;
  insert into public.audience_contacts as c (address_sha256, mailbox_sha256, lists, priority)
  select m.address_sha256, m.mailbox_sha256, m.lists, 1
    from (select private.address_sha256(s.email) as address_sha256,
                 min(private.mailbox_sha256(s.email)) as mailbox_sha256,
                 array_agg(distinct s.list order by s.list) as lists
            from (select 'early_access' as list, e.email from public.early_access_signups e
                   where e.confirmed_at is not null
                  union all
                  select 'newsletter', n.email from public.newsletter_subscriptions n
                   where n.confirmed_at is not null
                  union all
                  select 'waitlist', w.email from public.waitlist_signups w
                   where w.confirmed_at is not null) s
           where p_list is null or s.list = p_list
           group by 1) m
  on conflict (address_sha256) do update
     set status = 'queued', priority = 1, attempts = 0, available_at = now(), queued_at = now(),
         lists = array(select distinct l from unnest(c.lists || excluded.lists) l order by l)
   where c.status = 'synced' and c.unsubscribed is distinct from true
     and not (excluded.lists <@ coalesce(c.in_segments, '{}'));
  get diagnostics v_count = row_count;
  if v_count > 0 then
    update public.audience_scan
       set requested_at = now(), started_at = null, cursor = null, pages = 0, done_at = null,
           gave_up = false, attempts = 0, available_at = now(), last_error = null
     where requested_at is null or done_at is not null;
  end if;
  return v_count;
end;
$$;
REVOKE ALL ON FUNCTION public.audience_backfill(p_list text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.audience_backfill(p_list text) TO service_role;

-- A page of the look at Resend (public.settle_audience_change, for the scan's lease): done with
-- {data: [{id, email, unsubscribed}], has_more} as Resend listed them, newest first; each contact the
-- site was about to look for or make is known now (its segments are asked next; one found unsubscribed
-- is private.audience_found_unsubscribed's), and after the last page every row queued before the look
-- began and still without a contact is absent. A look that fails its tries, or is refused, gives up:
-- the backfill then looks at each contact alone.
CREATE FUNCTION private.settle_audience_scan(p_lease uuid, p_outcome text, p_result jsonb, p_error text, p_delay interval) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_scan public.audience_scan;
  v_item jsonb;
  v_row public.audience_contacts;
  v_last text;
  v_give_up boolean;
begin
  select * into v_scan from public.audience_scan where lease = p_lease for update;
  if not found then
    return null;
  end if;
  if p_outcome = 'done' then
    for v_item in select * from jsonb_array_elements(coalesce(p_result -> 'data', '[]'::jsonb)) loop
      continue when jsonb_typeof(v_item -> 'email') is distinct from 'string'
                 or jsonb_typeof(v_item -> 'id') is distinct from 'string';
      v_last := v_item ->> 'id';
      update public.audience_contacts
         set contact_id = v_item ->> 'id', absent = false, in_segments = null,
             unsubscribed = coalesce((v_item ->> 'unsubscribed')::boolean, false), unsubscribed_set_at = now()
       where address_sha256 = private.address_sha256(v_item ->> 'email')
         and contact_id is null and status <> 'sending'
      returning * into v_row;
      if found and v_row.unsubscribed then
        perform private.audience_found_unsubscribed(v_row);
      end if;
    end loop;
    update public.audience_scan
       set cursor = coalesce(v_last, cursor), pages = pages + 1, attempts = 0, last_error = null,
           available_at = now(), lease = null, leased_until = null,
           done_at = case when coalesce((p_result ->> 'has_more')::boolean, false) then null else now() end;
    if not coalesce((p_result ->> 'has_more')::boolean, false) then
      update public.audience_contacts
         set absent = true
       where contact_id is null and address is null and not absent and created_at <= v_scan.started_at;
    end if;
    return 'scan';
  end if;
  v_give_up := p_outcome in ('dead', 'missing')
               or (p_outcome = 'retry' and v_scan.attempts >= private.mail_max_attempts());
  update public.audience_scan
     set attempts = case when p_outcome in ('throttled', 'released') then greatest(attempts - 1, 0)
                         else attempts end,
         available_at = now() + p_delay, last_error = coalesce(p_error, last_error),
         gave_up = v_give_up, done_at = case when v_give_up then now() end,
         lease = null, leased_until = null;
  return 'scan';
end;
$$;
REVOKE ALL ON FUNCTION private.settle_audience_scan(p_lease uuid, p_outcome text, p_result jsonb, p_error text, p_delay interval) FROM PUBLIC;
GRANT ALL ON FUNCTION private.settle_audience_scan(p_lease uuid, p_outcome text, p_result jsonb, p_error text, p_delay interval) TO service_role;

-- The team points a list at another segment (p_segment_id, one it made in Resend), or at none (NULL:
-- the worker finds or makes one of the list's name): every contact the old segment held is queued to
-- join the new one, at the backfill's priority. The old segment is left in Resend as it is, for the team
-- to delete. Answers how many contacts it queued. Do it when nothing of the list is being sent (a
-- request under way for the old segment would count for the new).
CREATE FUNCTION public.audience_use_segment(p_list text, p_segment_id text) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_count integer;
begin
  update public.audience_segments
     set segment_id = p_segment_id, looked_up_at = null, attempts = 0, available_at = now(),
         last_error = null
   where list = p_list;
  if not found then
    raise exception 'not a list with a segment: %', p_list using errcode = '22023';
  end if;
  update public.audience_contacts
     set in_segments = array_remove(in_segments, p_list),
         lists = array(select distinct l from unnest(lists || array[p_list]) l order by l),
         status = case when status = 'sending' then status else 'queued' end,
         priority = case when status = 'synced' then 1 else priority end,
         attempts = case when status = 'dead' then 0 else attempts end,
         available_at = case when status in ('synced', 'dead') then now() else available_at end,
         queued_at = case when status in ('synced', 'dead') then now() else queued_at end,
         dead_at = null
   where p_list = any(in_segments);
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
REVOKE ALL ON FUNCTION public.audience_use_segment(p_list text, p_segment_id text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.audience_use_segment(p_list text, p_segment_id text) TO service_role;
