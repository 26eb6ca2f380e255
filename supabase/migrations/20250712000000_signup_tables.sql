-- The four sign-up tables (docs/product/sign-up-forms.md, docs/product/careers.md).
--
-- Security model (docs/security.md): visitors use the public anon key, so anything anon may read, anyone
-- may read. Anon therefore gets INSERT only, and only on the columns a form sends; RLS is enabled and
-- forced; Supabase's default grants to anon/authenticated are revoked. The browser inserts without
-- RETURNING, which is why no SELECT is needed.
--
-- Optional form fields are stored as NULL, never as '': every CHECK below accepts NULL or a real value,
-- and the client (libs/data) sends NULL for a blank optional field.
--
-- thank_you_sent_at records that send-thank-you-email mailed the row (see the next migration).

create table public.early_access_signups (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  created_at timestamptz not null default now(),
  thank_you_sent_at timestamptz,
  constraint early_access_signups_email_check
    check (char_length(email) <= 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$')
);
-- A duplicate in any letter case must fail with SQLSTATE 23505 (docs/product/sign-up-forms.md).
create unique index early_access_signups_email_key on public.early_access_signups (lower(email));

create table public.newsletter_subscriptions (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  created_at timestamptz not null default now(),
  thank_you_sent_at timestamptz,
  constraint newsletter_subscriptions_email_check
    check (char_length(email) <= 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$')
);
create unique index newsletter_subscriptions_email_key on public.newsletter_subscriptions (lower(email));

create table public.waitlist_signups (
  id uuid primary key default gen_random_uuid(),
  first_name text not null,
  last_name text not null,
  email text not null,
  company text not null,
  role text,
  company_size text,
  use_case text,
  hear_about text,
  created_at timestamptz not null default now(),
  thank_you_sent_at timestamptz,
  constraint waitlist_signups_email_check
    check (char_length(email) <= 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  constraint waitlist_signups_first_name_check check (char_length(btrim(first_name)) between 1 and 100),
  constraint waitlist_signups_last_name_check check (char_length(btrim(last_name)) between 1 and 100),
  constraint waitlist_signups_company_check check (char_length(btrim(company)) between 1 and 200),
  constraint waitlist_signups_role_check
    check (role is null or char_length(btrim(role)) between 1 and 200),
  constraint waitlist_signups_company_size_check
    check (company_size is null or company_size in ('1-10', '11-50', '51-200', '201-1000', '1000+')),
  constraint waitlist_signups_use_case_check
    check (use_case is null or char_length(btrim(use_case)) between 1 and 2000),
  constraint waitlist_signups_hear_about_check
    check (hear_about is null or hear_about in ('search', 'social', 'referral', 'blog', 'event', 'other'))
);
create unique index waitlist_signups_email_key on public.waitlist_signups (lower(email));

-- "current_role" is an SQL keyword, hence the quotes; PostgREST quotes every column, so clients
-- still send it as current_role.
create table public.general_applications (
  id uuid primary key default gen_random_uuid(),
  first_name text not null,
  last_name text not null,
  email text not null,
  phone text,
  location text,
  linkedin_url text,
  portfolio_url text,
  "current_role" text,
  current_company text,
  experience_years text,
  skills text,
  why_join text not null,
  availability text,
  work_preference text,
  salary_expectation text,
  resume_url text,
  resume_filename text,
  cover_letter text,
  hear_about_us text,
  status text not null default 'pending',
  created_at timestamptz not null default now(),
  thank_you_sent_at timestamptz,
  constraint general_applications_email_check
    check (char_length(email) <= 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  constraint general_applications_first_name_check check (char_length(btrim(first_name)) between 1 and 100),
  constraint general_applications_last_name_check check (char_length(btrim(last_name)) between 1 and 100),
  constraint general_applications_phone_check
    check (phone is null or char_length(btrim(phone)) between 1 and 50),
  constraint general_applications_location_check
    check (location is null or char_length(btrim(location)) between 1 and 200),
  constraint general_applications_linkedin_url_check
    check (linkedin_url is null or (char_length(linkedin_url) <= 2048 and linkedin_url ~* '^https?://[^\s/?#]+[^\s]*$')),
  constraint general_applications_portfolio_url_check
    check (portfolio_url is null or (char_length(portfolio_url) <= 2048 and portfolio_url ~* '^https?://[^\s/?#]+[^\s]*$')),
  constraint general_applications_current_role_check
    check ("current_role" is null or char_length(btrim("current_role")) between 1 and 200),
  constraint general_applications_current_company_check
    check (current_company is null or char_length(btrim(current_company)) between 1 and 200),
  constraint general_applications_experience_years_check
    check (experience_years is null or experience_years in ('0-1', '1-3', '3-5', '5-10', '10+')),
  constraint general_applications_skills_check
    check (skills is null or char_length(btrim(skills)) between 1 and 2000),
  constraint general_applications_why_join_check check (char_length(btrim(why_join)) between 1 and 5000),
  constraint general_applications_availability_check
    check (availability is null or availability in ('immediate', '2-weeks', '1-month', '2-months')),
  constraint general_applications_work_preference_check
    check (work_preference is null or work_preference in ('remote', 'hybrid', 'onsite', 'flexible')),
  constraint general_applications_salary_expectation_check
    check (salary_expectation is null or char_length(btrim(salary_expectation)) between 1 and 200),
  constraint general_applications_resume_url_check
    check (resume_url is null or (char_length(resume_url) <= 2048 and resume_url ~* '^https?://[^\s/?#]+[^\s]*$')),
  constraint general_applications_resume_filename_check
    check (resume_filename is null or char_length(btrim(resume_filename)) between 1 and 255),
  -- A resume is a URL and its original file name together, or neither.
  constraint general_applications_resume_pair_check
    check ((resume_url is null) = (resume_filename is null)),
  constraint general_applications_cover_letter_check
    check (cover_letter is null or char_length(btrim(cover_letter)) between 1 and 10000),
  constraint general_applications_hear_about_us_check
    check (hear_about_us is null or hear_about_us in ('website', 'linkedin', 'referral', 'job-board', 'social-media', 'other')),
  constraint general_applications_status_check
    check (status in ('pending', 'reviewing', 'interviewing', 'rejected', 'hired'))
);
create unique index general_applications_email_key on public.general_applications (lower(email));

-- Row-level security, forced so that not even the table owner slips past it by accident.
alter table public.early_access_signups enable row level security;
alter table public.early_access_signups force row level security;
alter table public.newsletter_subscriptions enable row level security;
alter table public.newsletter_subscriptions force row level security;
alter table public.waitlist_signups enable row level security;
alter table public.waitlist_signups force row level security;
alter table public.general_applications enable row level security;
alter table public.general_applications force row level security;

-- Supabase's default privileges hand every new public table to anon and authenticated; take that back.
revoke all on table public.early_access_signups from public, anon, authenticated;
revoke all on table public.newsletter_subscriptions from public, anon, authenticated;
revoke all on table public.waitlist_signups from public, anon, authenticated;
revoke all on table public.general_applications from public, anon, authenticated;

-- Column-level INSERT: anon cannot choose id, created_at (which the email window depends on),
-- thank_you_sent_at, or anything a form does not send.
grant insert (email) on table public.early_access_signups to anon;
grant insert (email) on table public.newsletter_subscriptions to anon;
grant insert (first_name, last_name, email, company, role, company_size, use_case, hear_about)
  on table public.waitlist_signups to anon;
grant insert (first_name, last_name, email, phone, location, linkedin_url, portfolio_url, "current_role",
              current_company, experience_years, skills, why_join, availability, work_preference,
              salary_expectation, resume_url, resume_filename, cover_letter, hear_about_us, status)
  on table public.general_applications to anon;

-- The service role (server-side only: the email function, operators) reads and maintains rows.
grant select, insert, update, delete on table public.early_access_signups to service_role;
grant select, insert, update, delete on table public.newsletter_subscriptions to service_role;
grant select, insert, update, delete on table public.waitlist_signups to service_role;
grant select, insert, update, delete on table public.general_applications to service_role;

create policy early_access_signups_anon_insert on public.early_access_signups
  for insert to anon with check (thank_you_sent_at is null);
create policy newsletter_subscriptions_anon_insert on public.newsletter_subscriptions
  for insert to anon with check (thank_you_sent_at is null);
create policy waitlist_signups_anon_insert on public.waitlist_signups
  for insert to anon with check (thank_you_sent_at is null);
-- New applications always start as pending (docs/product/careers.md).
create policy general_applications_anon_insert on public.general_applications
  for insert to anon with check (status = 'pending' and thank_you_sent_at is null);
