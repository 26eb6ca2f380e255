-- Sign-up rows hold only plain addresses and real text (issue 13).
--
-- 1. Email: a plain `local@domain`, the rule of supabase/functions/_shared/rules/email-address.ts, which
--    the forms and the edge functions use too. The first migration's shape check let display names and
--    angle brackets through (`a<victim@example.org>`), so one mailbox could sign up many times.
-- 2. One sign-up per mailbox and table: the address is stored as typed, but letter case and a `+tag` in
--    the local part do not make another mailbox (docs/security.md, "Plus-addresses"). The unique index on
--    lower(email) from the first migration stays; this one is stricter.
-- 3. Text fields must contain something that shows: a name of no-break or zero-width spaces is blank.
--
-- The new CHECK constraints are NOT VALID: they hold for every row written from now on, while rows that
-- hosted projects stored before are kept as they are. Rows that already share a mailbox are kept too; all
-- but the earliest of them are marked legacy_duplicate_mailbox and left out of the new unique index, so a
-- new sign-up still collides with the earliest one.

create schema if not exists private;
revoke all on schema private from public;
-- Not exposed by the Data API (supabase/config.toml lists only public). The roles need USAGE because the
-- constraints and indexes below call these functions while they insert.
grant usage on schema private to anon, authenticated, service_role;

create function private.is_plain_email_address(p_address text)
returns boolean
language sql
immutable
strict
parallel safe
as $$
  select char_length(p_address) <= 254
     and position('@' in p_address) between 2 and 65
     and p_address ~ '^[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$'
$$;

-- The mailbox an address delivers to: lower case, without the local part's +tag.
create function private.mailbox(p_address text)
returns text
language sql
immutable
strict
parallel safe
as $$
  select lower(split_part(split_part(p_address, '@', 1), '+', 1) || '@' || split_part(p_address, '@', 2))
$$;

-- At least one character outside INVISIBLE_RANGES of supabase/functions/_shared/rules/visible-text.ts.
create function private.has_visible_text(p_value text)
returns boolean
language sql
immutable
strict
parallel safe
as $$
  select p_value ~ '[^\u0001-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f-\u1160\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\U000e0000-\U000e007f]'
$$;

revoke all on function private.is_plain_email_address(text) from public;
revoke all on function private.mailbox(text) from public;
revoke all on function private.has_visible_text(text) from public;
grant execute on function private.is_plain_email_address(text) to anon, authenticated, service_role;
grant execute on function private.mailbox(text) to anon, authenticated, service_role;
grant execute on function private.has_visible_text(text) to anon, authenticated, service_role;

do $$
declare
  signup_table text;
begin
  foreach signup_table in array array[
    'early_access_signups', 'newsletter_subscriptions', 'waitlist_signups', 'general_applications'
  ] loop
    execute format('alter table public.%I drop constraint %I', signup_table, signup_table || '_email_check');
    execute format(
      'alter table public.%I add constraint %I check (private.is_plain_email_address(email)) not valid',
      signup_table, signup_table || '_email_plain_check');

    execute format(
      'alter table public.%I add column legacy_duplicate_mailbox boolean not null default false',
      signup_table);
    execute format(
      'update public.%1$I later set legacy_duplicate_mailbox = true
        where exists (select from public.%1$I earlier
                       where private.mailbox(earlier.email) = private.mailbox(later.email)
                         and (earlier.created_at, earlier.id) < (later.created_at, later.id))',
      signup_table);
    execute format(
      'create unique index %I on public.%I (private.mailbox(email)) where not legacy_duplicate_mailbox',
      signup_table || '_mailbox_key', signup_table);
  end loop;
end;
$$;

alter table public.waitlist_signups
  add constraint waitlist_signups_first_name_visible_check
    check (private.has_visible_text(first_name)) not valid,
  add constraint waitlist_signups_last_name_visible_check
    check (private.has_visible_text(last_name)) not valid,
  add constraint waitlist_signups_company_visible_check
    check (private.has_visible_text(company)) not valid,
  add constraint waitlist_signups_role_visible_check
    check (role is null or private.has_visible_text(role)) not valid,
  add constraint waitlist_signups_use_case_visible_check
    check (use_case is null or private.has_visible_text(use_case)) not valid;

alter table public.general_applications
  add constraint general_applications_first_name_visible_check
    check (private.has_visible_text(first_name)) not valid,
  add constraint general_applications_last_name_visible_check
    check (private.has_visible_text(last_name)) not valid,
  add constraint general_applications_why_join_visible_check
    check (private.has_visible_text(why_join)) not valid,
  add constraint general_applications_phone_visible_check
    check (phone is null or private.has_visible_text(phone)) not valid,
  add constraint general_applications_location_visible_check
    check (location is null or private.has_visible_text(location)) not valid,
  add constraint general_applications_current_role_visible_check
    check ("current_role" is null or private.has_visible_text("current_role")) not valid,
  add constraint general_applications_current_company_visible_check
    check (current_company is null or private.has_visible_text(current_company)) not valid,
  add constraint general_applications_skills_visible_check
    check (skills is null or private.has_visible_text(skills)) not valid,
  add constraint general_applications_salary_expectation_visible_check
    check (salary_expectation is null or private.has_visible_text(salary_expectation)) not valid,
  add constraint general_applications_resume_filename_visible_check
    check (resume_filename is null or private.has_visible_text(resume_filename)) not valid,
  add constraint general_applications_cover_letter_visible_check
    check (cover_letter is null or private.has_visible_text(cover_letter)) not valid;
