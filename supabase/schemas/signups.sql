-- The four things a visitor sends (early access, newsletter, waitlist, a job application) and the rules
-- the database holds them to, whatever the client checked: a plain address, lengths, visible text, the
-- select fields' values, the attribution columns' shapes. The same rules in TypeScript are
-- supabase/functions/_shared/rules (the forms and the functions use them). Also here: an application's
-- status workflow and its history, the referral code of a sign-up of a line, the table of each list
-- (private.signup_table), and the résumés' bucket.
--
-- A list's row is written only by public.sign_up (below), which the function sign-up calls once the
-- visitor passed the bot check; an application only by submit-application. What else happens to a new
-- row lives with its concern: triggers named <table>_suppressed (consent.sql), _queue_mail and _mark_mail
-- (mail-kinds.sql), _line_* (line.sql), _vet_referral, _keep_referral and _redecide_code_caps
-- (referrals.sql), _scrub_audit (staff.sql). The staff's read policies on these tables are in staff.sql.

-- The rules --------------------------------------------------------------------------------------------

-- Functions the CHECKs call. Pure SQL without a SET clause, so a CHECK inlines them; the API roles may
-- run them because a CHECK runs as the role that inserts.

-- Text that shows: at least one character outside INVISIBLE_RANGES of
-- supabase/functions/_shared/rules/visible-text.ts (supabase/tests/visible-text.test.ts holds the two
-- equal), so a name of no-break or zero-width spaces is blank.
CREATE FUNCTION private.has_visible_text(p_value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
  select p_value ~ '[^\u0001-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f-\u1160\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\U000e0000-\U000e007f]'
$$;
REVOKE ALL ON FUNCTION private.has_visible_text(p_value text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.has_visible_text(p_value text) TO anon;
GRANT ALL ON FUNCTION private.has_visible_text(p_value text) TO authenticated;
GRANT ALL ON FUNCTION private.has_visible_text(p_value text) TO service_role;

-- The shapes of rules/attribution.ts: CAMPAIGN_TAG_PATTERN, HOST_PATTERN (at most 253 characters),
-- PATH_PATTERN (supabase/tests/attribution-rules.test.ts holds them equal).
CREATE FUNCTION private.is_campaign_tag(p_value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $_$
  select p_value ~ '^[a-z0-9][a-z0-9._~+-]{0,99}$'
$_$;
REVOKE ALL ON FUNCTION private.is_campaign_tag(p_value text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_campaign_tag(p_value text) TO anon;
GRANT ALL ON FUNCTION private.is_campaign_tag(p_value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_campaign_tag(p_value text) TO service_role;

CREATE FUNCTION private.is_host_name(p_value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $_$
  select char_length(p_value) <= 253
     and p_value ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$'
$_$;
REVOKE ALL ON FUNCTION private.is_host_name(p_value text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_host_name(p_value text) TO anon;
GRANT ALL ON FUNCTION private.is_host_name(p_value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_host_name(p_value text) TO service_role;

-- A plain local@domain, the rule of rules/email-address.ts: no display name, angle brackets, quotes or
-- comments, so one mailbox cannot hide behind many spellings (supabase/tests/email-rule.test.ts runs one
-- list of samples through both).
CREATE FUNCTION private.is_plain_email_address(p_address text) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $_$
  select char_length(p_address) <= 254
     and position('@' in p_address) between 2 and 65
     and p_address ~ '^[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$'
$_$;
REVOKE ALL ON FUNCTION private.is_plain_email_address(p_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_plain_email_address(p_address text) TO anon;
GRANT ALL ON FUNCTION private.is_plain_email_address(p_address text) TO authenticated;
GRANT ALL ON FUNCTION private.is_plain_email_address(p_address text) TO service_role;

CREATE FUNCTION private.is_site_path(p_value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $_$
  select p_value ~ '^/[A-Za-z0-9._~/-]{0,199}$'
$_$;
REVOKE ALL ON FUNCTION private.is_site_path(p_value text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_site_path(p_value text) TO anon;
GRANT ALL ON FUNCTION private.is_site_path(p_value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_site_path(p_value text) TO service_role;

-- A sign-up's referral code (the default of referral_code, which runs as the inserting role): 16
-- lowercase hex digits, all random: a version 4 uuid's digits without its version digit (the 13th,
-- always 4) and its variant digit (the 17th, two fixed bits). 64 bits: two codes of a million sign-ups
-- collide with a chance of about 1 in 37 million, and the unique constraint refuses that insert.
CREATE FUNCTION private.new_referral_code() RETURNS text
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select substr(u.hex, 1, 12) || substr(u.hex, 14, 3) || substr(u.hex, 18, 1)
    from (select replace(gen_random_uuid()::text, '-', '') as hex) u
$$;
REVOKE ALL ON FUNCTION private.new_referral_code() FROM PUBLIC;
GRANT ALL ON FUNCTION private.new_referral_code() TO anon;
GRANT ALL ON FUNCTION private.new_referral_code() TO authenticated;
GRANT ALL ON FUNCTION private.new_referral_code() TO service_role;

-- The four sign-up tables ------------------------------------------------------------------------------

-- No API role but the service role writes these tables, and anything anon could read, anyone could: a
-- visitor's sign-up arrives through the function sign-up and public.sign_up, which sets only the columns
-- a form sends (private.signup_form_columns: never id, created_at, thank_you_sent_at, confirmed_at, the
-- referral code or hold). Row-level security is forced, so not even the owner slips past it by accident.
-- Optional fields hold NULL, never '' (the function sends NULL for a blank field): each CHECK takes NULL
-- or a real value.
--
-- One sign-up per mailbox and table: <table>_mailbox_key. Rows that already shared a mailbox when that
-- rule came are kept, all but the earliest marked legacy_duplicate_mailbox and left out of the index, so
-- a new sign-up still collides with the earliest. The rules that came after rows were stored in
-- production (the *_email_plain_check and *_visible_check constraints) are NOT VALID: those rows are
-- kept as they are, and every row written since holds them.
--
-- Besides: thank_you_sent_at, when the row's thank-you mail was queued with it (mail-kinds.sql);
-- confirmed_at (the lists), when its confirmation link was used (consent.sql); the visit's source
-- (utm_*, referrer_host, landing_path; docs/growth.md). The indexes serve erasure, copies and
-- suppressions (_mailbox_sha256), the console's pages (_created, _email_order and the like: one index
-- walk a page) and, for a line, its places (_line_order, _referred_by).

-- Early access: an address, and a place in line with a referral code (referral_code, the database's;
-- referred_by, the code the visitor's link carried; referral_hold, why a referral earns no credit,
-- referrals.sql).
CREATE TABLE public.early_access_signups (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    email text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    thank_you_sent_at timestamp with time zone,
    legacy_duplicate_mailbox boolean DEFAULT false NOT NULL,
    confirmed_at timestamp with time zone,
    utm_source text,
    utm_medium text,
    utm_campaign text,
    referrer_host text,
    landing_path text,
    referral_code text DEFAULT private.new_referral_code() NOT NULL,
    referred_by text,
    referral_hold text,
    CONSTRAINT early_access_signups_landing_path_check CHECK (((landing_path IS NULL) OR private.is_site_path(landing_path))),
    CONSTRAINT early_access_signups_referral_code_check CHECK ((referral_code ~ '^[0-9a-f]{16}$'::text)),
    CONSTRAINT early_access_signups_referral_hold_check CHECK ((referral_hold = ANY (ARRAY['self'::text, 'address_cap'::text, 'code_cap'::text, 'disposable'::text]))),
    CONSTRAINT early_access_signups_referral_hold_referred_check CHECK (((referral_hold IS NULL) OR (referred_by IS NOT NULL))),
    CONSTRAINT early_access_signups_referred_by_check CHECK ((referred_by ~ '^[0-9a-f]{16}$'::text)),
    CONSTRAINT early_access_signups_referrer_host_check CHECK (((referrer_host IS NULL) OR private.is_host_name(referrer_host))),
    CONSTRAINT early_access_signups_utm_campaign_check CHECK (((utm_campaign IS NULL) OR private.is_campaign_tag(utm_campaign))),
    CONSTRAINT early_access_signups_utm_medium_check CHECK (((utm_medium IS NULL) OR private.is_campaign_tag(utm_medium))),
    CONSTRAINT early_access_signups_utm_source_check CHECK (((utm_source IS NULL) OR private.is_campaign_tag(utm_source))),
    CONSTRAINT early_access_signups_pkey PRIMARY KEY (id),
    CONSTRAINT early_access_signups_referral_code_key UNIQUE (referral_code)
);

ALTER TABLE ONLY public.early_access_signups FORCE ROW LEVEL SECURITY;
ALTER TABLE public.early_access_signups
    ADD CONSTRAINT early_access_signups_email_plain_check CHECK (private.is_plain_email_address(email)) NOT VALID;
CREATE INDEX early_access_signups_created ON public.early_access_signups USING btree (created_at, id);
CREATE INDEX early_access_signups_email_order ON public.early_access_signups USING btree (lower(email), id);
CREATE INDEX early_access_signups_line_order ON public.early_access_signups USING btree (confirmed_at, id) WHERE (confirmed_at IS NOT NULL);
CREATE UNIQUE INDEX early_access_signups_mailbox_key ON public.early_access_signups USING btree (private.mailbox(email)) WHERE (NOT legacy_duplicate_mailbox);
CREATE INDEX early_access_signups_mailbox_sha256 ON public.early_access_signups USING btree (private.mailbox_sha256(email));
CREATE INDEX early_access_signups_referred_by ON public.early_access_signups USING btree (referred_by) WHERE (referred_by IS NOT NULL);
ALTER TABLE public.early_access_signups ENABLE ROW LEVEL SECURITY;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.early_access_signups TO service_role;
GRANT SELECT ON TABLE public.early_access_signups TO authenticated;

-- The newsletter: an address. No line, so no referral.
CREATE TABLE public.newsletter_subscriptions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    email text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    thank_you_sent_at timestamp with time zone,
    legacy_duplicate_mailbox boolean DEFAULT false NOT NULL,
    confirmed_at timestamp with time zone,
    utm_source text,
    utm_medium text,
    utm_campaign text,
    referrer_host text,
    landing_path text,
    CONSTRAINT newsletter_subscriptions_landing_path_check CHECK (((landing_path IS NULL) OR private.is_site_path(landing_path))),
    CONSTRAINT newsletter_subscriptions_referrer_host_check CHECK (((referrer_host IS NULL) OR private.is_host_name(referrer_host))),
    CONSTRAINT newsletter_subscriptions_utm_campaign_check CHECK (((utm_campaign IS NULL) OR private.is_campaign_tag(utm_campaign))),
    CONSTRAINT newsletter_subscriptions_utm_medium_check CHECK (((utm_medium IS NULL) OR private.is_campaign_tag(utm_medium))),
    CONSTRAINT newsletter_subscriptions_utm_source_check CHECK (((utm_source IS NULL) OR private.is_campaign_tag(utm_source))),
    CONSTRAINT newsletter_subscriptions_pkey PRIMARY KEY (id)
);

ALTER TABLE ONLY public.newsletter_subscriptions FORCE ROW LEVEL SECURITY;
ALTER TABLE public.newsletter_subscriptions
    ADD CONSTRAINT newsletter_subscriptions_email_plain_check CHECK (private.is_plain_email_address(email)) NOT VALID;
CREATE INDEX newsletter_subscriptions_created ON public.newsletter_subscriptions USING btree (created_at, id);
CREATE INDEX newsletter_subscriptions_email_order ON public.newsletter_subscriptions USING btree (lower(email), id);
CREATE UNIQUE INDEX newsletter_subscriptions_mailbox_key ON public.newsletter_subscriptions USING btree (private.mailbox(email)) WHERE (NOT legacy_duplicate_mailbox);
CREATE INDEX newsletter_subscriptions_mailbox_sha256 ON public.newsletter_subscriptions USING btree (private.mailbox_sha256(email));
ALTER TABLE public.newsletter_subscriptions ENABLE ROW LEVEL SECURITY;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.newsletter_subscriptions TO service_role;
GRANT SELECT ON TABLE public.newsletter_subscriptions TO authenticated;

-- The waitlist: the form's fields, a place in line with its referral columns as on early access, and
-- the invitation staff send (invited_at and invited_by together, set by public.console_invite_waitlist;
-- invited_by a staff address or an erased one's marker, as application_status_changes.changed_by).
CREATE TABLE public.waitlist_signups (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text NOT NULL,
    company text NOT NULL,
    role text,
    company_size text,
    use_case text,
    hear_about text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    thank_you_sent_at timestamp with time zone,
    legacy_duplicate_mailbox boolean DEFAULT false NOT NULL,
    confirmed_at timestamp with time zone,
    invited_at timestamp with time zone,
    invited_by text,
    utm_source text,
    utm_medium text,
    utm_campaign text,
    referrer_host text,
    landing_path text,
    referral_code text DEFAULT private.new_referral_code() NOT NULL,
    referred_by text,
    referral_hold text,
    CONSTRAINT waitlist_signups_company_check CHECK (((char_length(btrim(company)) >= 1) AND (char_length(btrim(company)) <= 200))),
    CONSTRAINT waitlist_signups_company_size_check CHECK (((company_size IS NULL) OR (company_size = ANY (ARRAY['1-10'::text, '11-50'::text, '51-200'::text, '201-1000'::text, '1000+'::text])))),
    CONSTRAINT waitlist_signups_first_name_check CHECK (((char_length(btrim(first_name)) >= 1) AND (char_length(btrim(first_name)) <= 100))),
    CONSTRAINT waitlist_signups_hear_about_check CHECK (((hear_about IS NULL) OR (hear_about = ANY (ARRAY['search'::text, 'social'::text, 'referral'::text, 'blog'::text, 'event'::text, 'other'::text])))),
    CONSTRAINT waitlist_signups_invited_by_check CHECK (((invited_by IS NULL) OR ((invited_by = lower(invited_by)) AND private.is_plain_email_address(invited_by)) OR (invited_by ~ '^erased staff member [0-9a-f]{12}$'::text))),
    CONSTRAINT waitlist_signups_invited_check CHECK (((invited_at IS NULL) = (invited_by IS NULL))),
    CONSTRAINT waitlist_signups_landing_path_check CHECK (((landing_path IS NULL) OR private.is_site_path(landing_path))),
    CONSTRAINT waitlist_signups_last_name_check CHECK (((char_length(btrim(last_name)) >= 1) AND (char_length(btrim(last_name)) <= 100))),
    CONSTRAINT waitlist_signups_referral_code_check CHECK ((referral_code ~ '^[0-9a-f]{16}$'::text)),
    CONSTRAINT waitlist_signups_referral_hold_check CHECK ((referral_hold = ANY (ARRAY['self'::text, 'address_cap'::text, 'code_cap'::text, 'disposable'::text]))),
    CONSTRAINT waitlist_signups_referral_hold_referred_check CHECK (((referral_hold IS NULL) OR (referred_by IS NOT NULL))),
    CONSTRAINT waitlist_signups_referred_by_check CHECK ((referred_by ~ '^[0-9a-f]{16}$'::text)),
    CONSTRAINT waitlist_signups_referrer_host_check CHECK (((referrer_host IS NULL) OR private.is_host_name(referrer_host))),
    CONSTRAINT waitlist_signups_role_check CHECK (((role IS NULL) OR ((char_length(btrim(role)) >= 1) AND (char_length(btrim(role)) <= 200)))),
    CONSTRAINT waitlist_signups_use_case_check CHECK (((use_case IS NULL) OR ((char_length(btrim(use_case)) >= 1) AND (char_length(btrim(use_case)) <= 2000)))),
    CONSTRAINT waitlist_signups_utm_campaign_check CHECK (((utm_campaign IS NULL) OR private.is_campaign_tag(utm_campaign))),
    CONSTRAINT waitlist_signups_utm_medium_check CHECK (((utm_medium IS NULL) OR private.is_campaign_tag(utm_medium))),
    CONSTRAINT waitlist_signups_utm_source_check CHECK (((utm_source IS NULL) OR private.is_campaign_tag(utm_source))),
    CONSTRAINT waitlist_signups_pkey PRIMARY KEY (id),
    CONSTRAINT waitlist_signups_referral_code_key UNIQUE (referral_code)
);

ALTER TABLE ONLY public.waitlist_signups FORCE ROW LEVEL SECURITY;
ALTER TABLE public.waitlist_signups
    ADD CONSTRAINT waitlist_signups_company_visible_check CHECK (private.has_visible_text(company)) NOT VALID;
ALTER TABLE public.waitlist_signups
    ADD CONSTRAINT waitlist_signups_email_plain_check CHECK (private.is_plain_email_address(email)) NOT VALID;
ALTER TABLE public.waitlist_signups
    ADD CONSTRAINT waitlist_signups_first_name_visible_check CHECK (private.has_visible_text(first_name)) NOT VALID;
ALTER TABLE public.waitlist_signups
    ADD CONSTRAINT waitlist_signups_last_name_visible_check CHECK (private.has_visible_text(last_name)) NOT VALID;
ALTER TABLE public.waitlist_signups
    ADD CONSTRAINT waitlist_signups_role_visible_check CHECK (((role IS NULL) OR private.has_visible_text(role))) NOT VALID;
ALTER TABLE public.waitlist_signups
    ADD CONSTRAINT waitlist_signups_use_case_visible_check CHECK (((use_case IS NULL) OR private.has_visible_text(use_case))) NOT VALID;
CREATE INDEX waitlist_signups_created ON public.waitlist_signups USING btree (created_at, id);
CREATE INDEX waitlist_signups_email_order ON public.waitlist_signups USING btree (lower(email), id);
CREATE INDEX waitlist_signups_invited_by ON public.waitlist_signups USING btree (private.mailbox_sha256(invited_by)) WHERE (invited_by IS NOT NULL);
CREATE INDEX waitlist_signups_line_order ON public.waitlist_signups USING btree (confirmed_at, id) WHERE (confirmed_at IS NOT NULL);
CREATE UNIQUE INDEX waitlist_signups_mailbox_key ON public.waitlist_signups USING btree (private.mailbox(email)) WHERE (NOT legacy_duplicate_mailbox);
CREATE INDEX waitlist_signups_mailbox_sha256 ON public.waitlist_signups USING btree (private.mailbox_sha256(email));
CREATE INDEX waitlist_signups_referred_by ON public.waitlist_signups USING btree (referred_by) WHERE (referred_by IS NOT NULL);
ALTER TABLE public.waitlist_signups ENABLE ROW LEVEL SECURITY;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.waitlist_signups TO service_role;
GRANT SELECT ON TABLE public.waitlist_signups TO authenticated;

-- Job applications. Only submit-application writes them (service role), after checking every field and
-- the résumé's bytes; anon has no grant here at all. resume_path is the résumé's object in the
-- applications bucket, in the one shape the function writes, kept with the file's original name (both
-- or neither). status moves as private.application_status_change_allowed says. An application is kept
-- 12 months (public.expire_applications, privacy.sql). "current_role" is an SQL keyword, hence the
-- quotes; PostgREST quotes every column, so clients still send it as current_role.
CREATE TABLE public.general_applications (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text NOT NULL,
    phone text,
    location text,
    linkedin_url text,
    portfolio_url text,
    "current_role" text,
    current_company text,
    experience_years text,
    skills text,
    why_join text NOT NULL,
    availability text,
    work_preference text,
    salary_expectation text,
    resume_filename text,
    cover_letter text,
    hear_about_us text,
    status text DEFAULT 'pending'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    thank_you_sent_at timestamp with time zone,
    legacy_duplicate_mailbox boolean DEFAULT false NOT NULL,
    resume_path text,
    utm_source text,
    utm_medium text,
    utm_campaign text,
    referrer_host text,
    landing_path text,
    CONSTRAINT general_applications_availability_check CHECK (((availability IS NULL) OR (availability = ANY (ARRAY['immediate'::text, '2-weeks'::text, '1-month'::text, '2-months'::text])))),
    CONSTRAINT general_applications_cover_letter_check CHECK (((cover_letter IS NULL) OR ((char_length(btrim(cover_letter)) >= 1) AND (char_length(btrim(cover_letter)) <= 10000)))),
    CONSTRAINT general_applications_current_company_check CHECK (((current_company IS NULL) OR ((char_length(btrim(current_company)) >= 1) AND (char_length(btrim(current_company)) <= 200)))),
    CONSTRAINT general_applications_current_role_check CHECK ((("current_role" IS NULL) OR ((char_length(btrim("current_role")) >= 1) AND (char_length(btrim("current_role")) <= 200)))),
    CONSTRAINT general_applications_experience_years_check CHECK (((experience_years IS NULL) OR (experience_years = ANY (ARRAY['0-1'::text, '1-3'::text, '3-5'::text, '5-10'::text, '10+'::text])))),
    CONSTRAINT general_applications_first_name_check CHECK (((char_length(btrim(first_name)) >= 1) AND (char_length(btrim(first_name)) <= 100))),
    CONSTRAINT general_applications_hear_about_us_check CHECK (((hear_about_us IS NULL) OR (hear_about_us = ANY (ARRAY['website'::text, 'linkedin'::text, 'referral'::text, 'job-board'::text, 'social-media'::text, 'other'::text])))),
    CONSTRAINT general_applications_landing_path_check CHECK (((landing_path IS NULL) OR private.is_site_path(landing_path))),
    CONSTRAINT general_applications_last_name_check CHECK (((char_length(btrim(last_name)) >= 1) AND (char_length(btrim(last_name)) <= 100))),
    CONSTRAINT general_applications_linkedin_url_check CHECK (((linkedin_url IS NULL) OR ((char_length(linkedin_url) <= 2048) AND (linkedin_url ~* '^https?://[^\s/?#]+[^\s]*$'::text)))),
    CONSTRAINT general_applications_location_check CHECK (((location IS NULL) OR ((char_length(btrim(location)) >= 1) AND (char_length(btrim(location)) <= 200)))),
    CONSTRAINT general_applications_phone_check CHECK (((phone IS NULL) OR ((char_length(btrim(phone)) >= 1) AND (char_length(btrim(phone)) <= 50)))),
    CONSTRAINT general_applications_portfolio_url_check CHECK (((portfolio_url IS NULL) OR ((char_length(portfolio_url) <= 2048) AND (portfolio_url ~* '^https?://[^\s/?#]+[^\s]*$'::text)))),
    CONSTRAINT general_applications_referrer_host_check CHECK (((referrer_host IS NULL) OR private.is_host_name(referrer_host))),
    CONSTRAINT general_applications_resume_filename_check CHECK (((resume_filename IS NULL) OR ((char_length(btrim(resume_filename)) >= 1) AND (char_length(btrim(resume_filename)) <= 255)))),
    CONSTRAINT general_applications_resume_pair_check CHECK (((resume_path IS NULL) = (resume_filename IS NULL))),
    CONSTRAINT general_applications_resume_path_check CHECK (((resume_path IS NULL) OR (resume_path ~ '^resumes/[0-9]{13}-[0-9a-f]{32}\.(pdf|doc|docx)$'::text))),
    CONSTRAINT general_applications_salary_expectation_check CHECK (((salary_expectation IS NULL) OR ((char_length(btrim(salary_expectation)) >= 1) AND (char_length(btrim(salary_expectation)) <= 200)))),
    CONSTRAINT general_applications_skills_check CHECK (((skills IS NULL) OR ((char_length(btrim(skills)) >= 1) AND (char_length(btrim(skills)) <= 2000)))),
    CONSTRAINT general_applications_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'reviewing'::text, 'interviewing'::text, 'offer'::text, 'rejected'::text, 'withdrawn'::text]))),
    CONSTRAINT general_applications_utm_campaign_check CHECK (((utm_campaign IS NULL) OR private.is_campaign_tag(utm_campaign))),
    CONSTRAINT general_applications_utm_medium_check CHECK (((utm_medium IS NULL) OR private.is_campaign_tag(utm_medium))),
    CONSTRAINT general_applications_utm_source_check CHECK (((utm_source IS NULL) OR private.is_campaign_tag(utm_source))),
    CONSTRAINT general_applications_why_join_check CHECK (((char_length(btrim(why_join)) >= 1) AND (char_length(btrim(why_join)) <= 5000))),
    CONSTRAINT general_applications_work_preference_check CHECK (((work_preference IS NULL) OR (work_preference = ANY (ARRAY['remote'::text, 'hybrid'::text, 'onsite'::text, 'flexible'::text])))),
    CONSTRAINT general_applications_pkey PRIMARY KEY (id)
);

ALTER TABLE ONLY public.general_applications FORCE ROW LEVEL SECURITY;
ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_cover_letter_visible_check CHECK (((cover_letter IS NULL) OR private.has_visible_text(cover_letter))) NOT VALID;
ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_current_company_visible_check CHECK (((current_company IS NULL) OR private.has_visible_text(current_company))) NOT VALID;
ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_current_role_visible_check CHECK ((("current_role" IS NULL) OR private.has_visible_text("current_role"))) NOT VALID;
ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_email_plain_check CHECK (private.is_plain_email_address(email)) NOT VALID;
ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_first_name_visible_check CHECK (private.has_visible_text(first_name)) NOT VALID;
ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_last_name_visible_check CHECK (private.has_visible_text(last_name)) NOT VALID;
ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_location_visible_check CHECK (((location IS NULL) OR private.has_visible_text(location))) NOT VALID;
ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_phone_visible_check CHECK (((phone IS NULL) OR private.has_visible_text(phone))) NOT VALID;
ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_resume_filename_visible_check CHECK (((resume_filename IS NULL) OR private.has_visible_text(resume_filename))) NOT VALID;
ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_salary_expectation_visible_check CHECK (((salary_expectation IS NULL) OR private.has_visible_text(salary_expectation))) NOT VALID;
ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_skills_visible_check CHECK (((skills IS NULL) OR private.has_visible_text(skills))) NOT VALID;
ALTER TABLE public.general_applications
    ADD CONSTRAINT general_applications_why_join_visible_check CHECK (private.has_visible_text(why_join)) NOT VALID;
CREATE INDEX general_applications_created ON public.general_applications USING btree (created_at, id);
CREATE UNIQUE INDEX general_applications_email_key ON public.general_applications USING btree (lower(email));
CREATE INDEX general_applications_email_order ON public.general_applications USING btree (lower(email), id);
CREATE UNIQUE INDEX general_applications_mailbox_key ON public.general_applications USING btree (private.mailbox(email)) WHERE (NOT legacy_duplicate_mailbox);
CREATE INDEX general_applications_mailbox_sha256 ON public.general_applications USING btree (private.mailbox_sha256(email));
CREATE INDEX general_applications_name_order ON public.general_applications USING btree (lower(last_name), lower(first_name), id);
CREATE INDEX general_applications_status_created ON public.general_applications USING btree (status, created_at, id);
ALTER TABLE public.general_applications ENABLE ROW LEVEL SECURITY;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.general_applications TO service_role;

-- An application's status ------------------------------------------------------------------------------

-- Whether an application may move from one status to another: pending → reviewing → interviewing →
-- offer; rejected or withdrawn from any status that is not final; offer, rejected and withdrawn are
-- final. The console's status change asks it, as its owner.
CREATE FUNCTION private.application_status_change_allowed(p_from text, p_to text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(case
    when p_from in ('offer', 'rejected', 'withdrawn') then false
    when p_to in ('rejected', 'withdrawn') then p_from in ('pending', 'reviewing', 'interviewing')
    else (p_from, p_to) in (('pending', 'reviewing'), ('reviewing', 'interviewing'), ('interviewing', 'offer'))
  end, false)
$$;
REVOKE ALL ON FUNCTION private.application_status_change_allowed(p_from text, p_to text) FROM PUBLIC;

-- An application's status history: each change, its note, who made it and when, written by
-- public.console_change_application_status (console-lists.sql). changed_by is a staff address or the
-- marker that replaces an erased one (private.erase_console_records, privacy.sql); that rule is written
-- out in each CHECK that needs it (changed_by, staff_audit_log.actor, waitlist_signups.invited_by)
-- rather than made a function, so inserting roles need no EXECUTE on one. The service role (an
-- operator) may read the table; staff see the history through the console's functions, and a copy of a
-- mailbox's records gives its statuses and notes, not who changed them.
CREATE TABLE public.application_status_changes (
    id bigint GENERATED ALWAYS AS IDENTITY,
    application_id uuid NOT NULL,
    from_status text NOT NULL,
    to_status text NOT NULL,
    note text,
    changed_by text NOT NULL,
    changed_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT application_status_changes_changed_by_check CHECK ((((changed_by = lower(changed_by)) AND private.is_plain_email_address(changed_by)) OR (changed_by ~ '^erased staff member [0-9a-f]{12}$'::text))),
    CONSTRAINT application_status_changes_note_check CHECK (((note IS NULL) OR ((char_length(note) <= 2000) AND private.has_visible_text(note)))),
    CONSTRAINT application_status_changes_to_status_check CHECK ((to_status = ANY (ARRAY['reviewing'::text, 'interviewing'::text, 'offer'::text, 'rejected'::text, 'withdrawn'::text]))),
    CONSTRAINT application_status_changes_pkey PRIMARY KEY (id)
);

ALTER TABLE ONLY public.application_status_changes FORCE ROW LEVEL SECURITY;
CREATE INDEX application_status_changes_application ON public.application_status_changes USING btree (application_id, changed_at);
CREATE INDEX application_status_changes_changed_by ON public.application_status_changes USING btree (private.mailbox_sha256(changed_by));
ALTER TABLE public.application_status_changes ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON TABLE public.application_status_changes TO service_role;

-- A status change goes with its application.
ALTER TABLE ONLY public.application_status_changes
    ADD CONSTRAINT application_status_changes_application_id_fkey FOREIGN KEY (application_id) REFERENCES public.general_applications(id) ON DELETE CASCADE;

-- Lists by name ----------------------------------------------------------------------------------------

-- The table a list's sign-ups live in, for the functions that know a list by its name (as mail_queue.list
-- and email_suppressions.list do). 'career' is the applications' list: its one mail is the confirmation
-- of an application, which needs no confirming.
CREATE FUNCTION private.signup_table(p_list text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT
    SET search_path TO ''
    AS $$
  select case p_list
    when 'early_access' then 'early_access_signups'
    when 'newsletter' then 'newsletter_subscriptions'
    when 'waitlist' then 'waitlist_signups'
    when 'career' then 'general_applications'
  end
$$;
REVOKE ALL ON FUNCTION private.signup_table(p_list text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.signup_table(p_list text) TO service_role;

-- Signing up -------------------------------------------------------------------------------------------

-- The columns each list's form sets: the function sign-up's rules (SIGNUP_FIELD_RULES of
-- supabase/functions/_shared/rules/signup-fields.ts; supabase/tests/sign-up.test.ts holds the two equal),
-- the visit's source, and for a list with a line the referral code of the link. Everything else of a
-- row is the database's.
CREATE FUNCTION private.signup_form_columns(p_list text) RETURNS text[]
    LANGUAGE sql IMMUTABLE STRICT
    SET search_path TO ''
    AS $$
  select case p_list
    when 'early_access' then array['email', 'referred_by']
    when 'newsletter' then array['email']
    when 'waitlist' then array['first_name', 'last_name', 'email', 'company', 'role', 'company_size',
                               'use_case', 'hear_about', 'referred_by']
  end || array['utm_source', 'utm_medium', 'utm_campaign', 'referrer_host', 'landing_path']
$$;
REVOKE ALL ON FUNCTION private.signup_form_columns(p_list text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.signup_form_columns(p_list text) TO service_role;

-- Signing up: the one way a list's row is written. The function sign-up calls it with the secret key
-- once the visitor passed the bot check and the form's fields were checked, giving the visitor's address
-- as the gateway vouched for it (null when it did not: the limits then count every such request as one
-- client, 'unknown'). In one transaction: the address's limit for the list (public.rate_limit_rules,
-- action = the table's name), the insert, whose triggers refuse a suppressed mailbox as a duplicate
-- (consent.sql), vet a referral by the same address (referrals.sql), keep the line (line.sql) and queue
-- the confirmation (mail-kinds.sql); and the answer the form shows: {"outcome": "stored", "email_sent":
-- the confirmation is queued and not held for a suppressed address}, or "duplicate", "rate_limited" or
-- "invalid" (a row the constraints refuse). A refused sign-up takes its token back with its row, so a
-- duplicate costs the visitor nothing of the limit.
CREATE FUNCTION public.sign_up(p_list text, p_row jsonb, p_client_address text) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  v_table text := private.signup_table(p_list);
  v_columns text;
  v_id uuid;
begin
  if p_list is null or p_list not in ('early_access', 'newsletter', 'waitlist') then
    raise exception 'not a list: %', p_list using errcode = '22023';
  end if;
  if jsonb_typeof(p_row) is distinct from 'object' then
    raise exception 'p_row must be a JSON object' using errcode = '22023';
  end if;
  select string_agg(format('%I', k), ', ' order by k) into v_columns
    from jsonb_object_keys(p_row) k;
  if exists (select from jsonb_object_keys(p_row) k
              where k <> all (private.signup_form_columns(p_list))) or v_columns is null then
    raise exception 'p_row may hold only the columns of the % form', p_list using errcode = '22023';
  end if;
  -- What the triggers count per client address reads this (private.request_client_address).
  perform set_config('private.client_address', coalesce(p_client_address, 'unknown'), true);
  begin
    perform private.take_rate_limit_token(v_table, p_client_address);
    execute format(
      'insert into public.%1$I (%2$s) select %2$s from jsonb_populate_record(null::public.%1$I, $1) returning id',
      v_table, v_columns)
      into v_id using p_row;
  exception
    when sqlstate 'PT429' then
      return jsonb_build_object('outcome', 'rate_limited');
    when unique_violation then
      return jsonb_build_object('outcome', 'duplicate');
    when check_violation or not_null_violation or string_data_right_truncation
         or invalid_text_representation then
      return jsonb_build_object('outcome', 'invalid');
  end;
  return jsonb_build_object(
    'outcome', 'stored',
    'email_sent', exists (
      select from public.mail_queue m
       where m.status <> 'dead'
         and case p_list
               when 'early_access' then m.early_access_id = v_id
               when 'newsletter' then m.newsletter_id = v_id
               else m.waitlist_id = v_id
             end));
end;
$_$;
REVOKE ALL ON FUNCTION public.sign_up(p_list text, p_row jsonb, p_client_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.sign_up(p_list text, p_row jsonb, p_client_address text) TO service_role;

-- Résumés ----------------------------------------------------------------------------------------------

-- Résumés: a private bucket (no public URL), 5 MB, PDF, DOC and DOCX only. It has no storage policy, so
-- only the secret key reaches its files: submit-application stores them, console-resume hands one to
-- staff (logged as an opening), privacy-fulfil signs a copy's links and removes erased ones, and the
-- team's commands sign one for an operator (`npm run resume-url`) or remove expired ones
-- (`npm run expire-applications`).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('applications', 'applications', false, 5242880, array[
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
]);
