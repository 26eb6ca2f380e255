-- What the team and staff see of the lists' audience in Resend (docs/audience.md, "Seeing it"), and the
-- sync's schedule. Every count is of what the site made Resend hold, as Resend answered it.

-- For the worker's report and the tests: the rows not in sync, and the backfill's look at Resend.
CREATE FUNCTION public.audience_pending() RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'queued', count(*) filter (where c.status = 'queued'),
    'due', count(*) filter (where c.status = 'queued' and c.available_at <= now()),
    'sending', count(*) filter (where c.status = 'sending'),
    'dead', count(*) filter (where c.status = 'dead'),
    'scanning', (select s.requested_at is not null and s.done_at is null from public.audience_scan s))
    from public.audience_contacts c
   where c.status <> 'synced'
$$;
REVOKE ALL ON FUNCTION public.audience_pending() FROM PUBLIC;
GRANT ALL ON FUNCTION public.audience_pending() TO service_role;

-- Per list: its segment, the contacts the site made Resend's segment hold, the changes waiting and the
-- dead ones (a change is about the lists it was queued for and the segments its contact is in), and
-- the reasons the dead ones died, the most frequent first. The console's Audience view and the team's
-- summary read it.
CREATE FUNCTION private.audience_lists() RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'list', s.list, 'name', s.name, 'segment_id', s.segment_id, 'segment_error', s.last_error,
           'contacts', (select count(*) from public.audience_contacts c
                         where c.contact_id is not null and s.list = any(c.in_segments)),
           'waiting', (select count(*) from public.audience_contacts c
                        where c.status in ('queued', 'sending')
                          and (s.list = any(c.lists) or s.list = any(c.in_segments))),
           'failed', (select count(*) from public.audience_contacts c
                       where c.status = 'dead' and (s.list = any(c.lists) or s.list = any(c.in_segments))),
           'failures', (select coalesce(jsonb_agg(jsonb_build_object('reason', f.reason, 'count', f.count)
                                                  order by f.count desc, f.reason), '[]'::jsonb)
                          from (select c.last_error as reason, count(*) as count
                                  from public.audience_contacts c
                                 where c.status = 'dead'
                                   and (s.list = any(c.lists) or s.list = any(c.in_segments))
                                 group by c.last_error
                                 order by count(*) desc, c.last_error
                                 limit 10) f))
         order by s.list), '[]'::jsonb)
    from public.audience_segments s
$$;
REVOKE ALL ON FUNCTION private.audience_lists() FROM PUBLIC;
GRANT ALL ON FUNCTION private.audience_lists() TO service_role;

-- The backfill's look at Resend, as the console shows it.
CREATE FUNCTION private.audience_scan_state() RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('requested_at', s.requested_at, 'pages', s.pages, 'done_at', s.done_at,
                            'gave_up', s.gave_up, 'last_error', s.last_error)
    from public.audience_scan s
$$;
REVOKE ALL ON FUNCTION private.audience_scan_state() FROM PUBLIC;
GRANT ALL ON FUNCTION private.audience_scan_state() TO service_role;

-- The console's Audience view (apps/backoffice/src/audience): {lists: private.audience_lists(), scan,
-- oldest_waiting}. Staff only; names no address.
CREATE FUNCTION public.console_audience() RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_staff();
  return jsonb_build_object(
    'lists', private.audience_lists(),
    'scan', private.audience_scan_state(),
    'oldest_waiting', (select min(c.queued_at) from public.audience_contacts c
                        where c.status in ('queued', 'sending')));
end;
$$;
REVOKE ALL ON FUNCTION public.console_audience() FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_audience() TO authenticated;

-- Whether Resend has each of a page's confirmed rows of one list (a JSON array of at most 200 ids), as
-- the console's Resend column shows it: {"<id>": {"state", "reason"}}: 'in_segment' (a contact in the
-- list's segment), 'unsubscribed' (a contact kept unsubscribed: the mailbox bounced or complained),
-- 'waiting' (a change queued), 'failed' (dead, with its reason), 'absent' (no contact: not backfilled
-- yet). Unconfirmed rows are left out: they never reach Resend. Staff only; not logged, as the lists
-- are not.
CREATE FUNCTION public.console_audience_states(p_list text, p_ids jsonb) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_ids uuid[];
  v_states jsonb;
begin
  perform private.require_staff();
  if p_list is null or p_list not in (select list from public.audience_segments) then
    raise exception 'not a list with a segment: %', p_list using errcode = '22023';
  end if;
  if jsonb_typeof(p_ids) is distinct from 'array' or jsonb_array_length(p_ids) > 200 then
    raise exception 'a list of at most 200 ids' using errcode = '22023';
  end if;
  select coalesce(array_agg(e::uuid), '{}') into v_ids from jsonb_array_elements_text(p_ids) e;
  execute format(
    'select coalesce(jsonb_object_agg(r.id, jsonb_build_object(
              ''state'', case
                when c.address_sha256 is null then ''absent''
                when c.status = ''dead'' then ''failed''
                when c.status in (''queued'', ''sending'') then ''waiting''
                when c.contact_id is not null and $2 = any(c.in_segments) then ''in_segment''
                when c.contact_id is not null and c.unsubscribed then ''unsubscribed''
                else ''absent'' end,
              ''reason'', case when c.status = ''dead'' then c.last_error end)), ''{}''::jsonb)
       from public.%I r
       left join public.audience_contacts c on c.address_sha256 = private.address_sha256(r.email)
      where r.id = any($1) and r.confirmed_at is not null',
    private.signup_table(p_list))
    into v_states using v_ids, p_list;
  return v_states;
end;
$_$;
REVOKE ALL ON FUNCTION public.console_audience_states(p_list text, p_ids jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.console_audience_states(p_list text, p_ids jsonb) TO authenticated;

-- For the team with the secret key (docs/audience.md, "For the team"): the same per list, and the dead
-- changes with why they died.
CREATE VIEW public.audience_summary WITH (security_invoker='true') AS
 SELECT (l.value ->> 'list'::text) AS list,
    (l.value ->> 'segment_id'::text) AS segment_id,
    ((l.value ->> 'contacts'::text))::integer AS contacts,
    ((l.value ->> 'waiting'::text))::integer AS waiting,
    ((l.value ->> 'failed'::text))::integer AS failed
   FROM jsonb_array_elements(private.audience_lists()) l(value);
GRANT SELECT ON TABLE public.audience_summary TO service_role;

CREATE VIEW public.audience_dead_letters WITH (security_invoker='true') AS
 SELECT audience_contacts.address_sha256,
    audience_contacts.lists,
    audience_contacts.in_segments,
    audience_contacts.attempts,
    audience_contacts.last_error,
    audience_contacts.queued_at,
    audience_contacts.dead_at
   FROM public.audience_contacts
  WHERE (audience_contacts.status = 'dead'::text);
GRANT SELECT ON TABLE public.audience_dead_letters TO service_role;

-- Tries dead changes again (one address's, by its fingerprint, or all when NULL) once their cause is
-- mended. Answers how many were queued.
CREATE FUNCTION public.requeue_dead_audience(p_address_sha256 text DEFAULT NULL::text) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_count integer;
begin
  update public.audience_contacts
     set status = 'queued', attempts = 0, available_at = now(), queued_at = now(), dead_at = null
   where status = 'dead' and (p_address_sha256 is null or address_sha256 = p_address_sha256);
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
REVOKE ALL ON FUNCTION public.requeue_dead_audience(p_address_sha256 text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.requeue_dead_audience(p_address_sha256 text) TO service_role;

-- The sync's schedule (docs/deploying-the-backend.md, "The audience's schedule"): every 10 seconds,
-- when a change waits, pg_net posts to sync-audience, which answers at once and syncs for 20 seconds
-- after, at the pace it shares with the mail, mail first. As the mail queue's job (mail-queue.sql), with
-- the same URL and key from Vault; elsewhere (PGlite, Debian's PostgreSQL) this block does nothing and
-- tools/local-supabase calls the function on a timer.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron')
     and exists (select from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_cron with schema pg_catalog;
    create extension if not exists pg_net with schema extensions;
    perform cron.schedule('agentora-sync-audience', '10 seconds', $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets
                 where name = 'agentora_functions_url') || '/sync-audience',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'apikey', (select decrypted_secret from vault.decrypted_secrets
                      where name = 'agentora_mail_worker_key')),
        body := '{"seconds": 20}'::jsonb,
        timeout_milliseconds := 5000)
      where exists (select from public.audience_contacts where status in ('queued', 'sending'))
         or exists (select from public.audience_scan where requested_at is not null and done_at is null)
    $job$);
  end if;
end
$$;
