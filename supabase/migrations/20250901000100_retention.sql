-- Retention (issue 15, docs/security.md "Retention").
--
-- public.apply_retention(p_now) deletes list sign-ups still unconfirmed 30 days after they were made, and
-- tokens past their expiry. It takes the time as a parameter so tests can run it at any clock; the
-- schedules pass now(): pg_cron on hosted Supabase (below, every hour) and a timer in tools/local-supabase.
--
-- Sign-ups stored before this migration were never asked to confirm (their mail had no link), so their 30
-- days start when this migration runs, not when they signed up: public.retention_settings keeps that
-- moment. Operators who want to keep them on another basis have those 30 days to decide.
--
-- public.expire_applications(p_now) deletes applications (and queues their résumé files) 12 months after
-- they arrived, the period the careers mail states. Removing the files needs the storage API, so it is
-- not part of the SQL schedule: `npm run expire-applications` runs both steps (docs/security.md).

create table public.retention_settings (
  -- One row.
  id boolean primary key default true check (id),
  -- When confirmation by email began: unconfirmed rows older than this count from here.
  confirmation_required_since timestamptz not null default now()
);
insert into public.retention_settings default values;
alter table public.retention_settings enable row level security;
alter table public.retention_settings force row level security;
revoke all on table public.retention_settings from public, anon, authenticated;
grant select on table public.retention_settings to service_role;

create function public.apply_retention(p_now timestamptz)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_cutoff timestamptz := p_now - interval '30 days';
  v_since timestamptz;
  v_early_access integer;
  v_newsletter integer;
  v_waitlist integer;
  v_tokens integer;
begin
  if p_now is null then
    raise exception 'apply_retention needs the current time' using errcode = '22004';
  end if;
  select confirmation_required_since into v_since from public.retention_settings;
  delete from public.early_access_signups
   where confirmed_at is null and greatest(created_at, v_since) < v_cutoff;
  get diagnostics v_early_access = row_count;
  delete from public.newsletter_subscriptions
   where confirmed_at is null and greatest(created_at, v_since) < v_cutoff;
  get diagnostics v_newsletter = row_count;
  delete from public.waitlist_signups
   where confirmed_at is null and greatest(created_at, v_since) < v_cutoff;
  get diagnostics v_waitlist = row_count;
  delete from public.email_tokens where expires_at <= p_now;
  get diagnostics v_tokens = row_count;
  return jsonb_build_object(
    'unconfirmed', jsonb_build_object(
      'early_access', v_early_access, 'newsletter', v_newsletter, 'waitlist', v_waitlist),
    'expired_tokens', v_tokens);
end;
$$;

create function public.expire_applications(p_now timestamptz)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_applications integer;
  v_resumes text[];
begin
  if p_now is null then
    raise exception 'expire_applications needs the current time' using errcode = '22004';
  end if;
  with deleted as (
    delete from public.general_applications where created_at < p_now - interval '12 months'
    returning resume_path
  )
  select count(*), coalesce(array_agg(resume_path) filter (where resume_path is not null), '{}')
    into v_applications, v_resumes
    from deleted;
  insert into public.resume_removals (path) select unnest(v_resumes) on conflict do nothing;
  return jsonb_build_object('applications', v_applications, 'resume_paths', to_jsonb(v_resumes));
end;
$$;

revoke all on function public.apply_retention(timestamptz) from public, anon, authenticated;
revoke all on function public.expire_applications(timestamptz) from public, anon, authenticated;
grant execute on function public.apply_retention(timestamptz) to service_role;
grant execute on function public.expire_applications(timestamptz) to service_role;

-- The hosted schedule. pg_cron is available on hosted Supabase (Integrations > Cron) but not in every
-- PostgreSQL (not in PGlite, where tools/local-supabase runs the same function on a timer), so the
-- extension is created only where it exists. cron.schedule with a job name replaces a job of that name,
-- so running this again changes nothing.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
    perform cron.schedule('agentora-retention', '7 * * * *', 'select public.apply_retention(now())');
  end if;
end
$$;
