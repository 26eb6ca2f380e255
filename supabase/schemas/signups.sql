-- The four things a visitor sends (early access, newsletter, waitlist, a job application) and the rules
-- the database holds them to, whatever the client checked: a plain address, lengths, visible text, the
-- select fields' values, the attribution columns' shapes. The same rules in TypeScript are
-- supabase/functions/_shared/rules (the forms and the functions use them). What else happens to a new
-- row lives with its concern: triggers named <table>_anon_limits (limits.sql), _suppressed (consent.sql),
-- _queue_mail and _mark_mail (mail-kinds.sql), _line_* (line.sql), _vet_referral, _keep_referral and
-- _redecide_code_caps (referrals.sql), _scrub_audit (staff.sql).

-- At least one character outside INVISIBLE_RANGES of supabase/functions/_shared/rules/visible-text.ts.
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
-- PATH_PATTERN. Pure, like private.is_plain_email_address, so the CHECKs can inline them.
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

-- 16 lowercase hex digits, all random: a version 4 uuid's digits without its version digit (the 13th,
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

-- A staff address, or the marker that replaces an erased one (see private.erase_console_records).
-- Inlined into the CHECKs below rather than a function, so inserting roles need no EXECUTE on it.
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
-- The sign-ups not yet confirmed, by when: a launch wave counts those it passes over (launch-waves.sql),
-- and retention deletes them after 30 days (privacy.sql).
CREATE INDEX early_access_signups_unconfirmed ON public.early_access_signups USING btree (created_at) WHERE (confirmed_at IS NULL);
ALTER TABLE public.early_access_signups ENABLE ROW LEVEL SECURITY;
CREATE POLICY early_access_signups_anon_insert ON public.early_access_signups FOR INSERT TO anon WITH CHECK (true);
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.early_access_signups TO service_role;
GRANT SELECT ON TABLE public.early_access_signups TO authenticated;
GRANT INSERT(email) ON TABLE public.early_access_signups TO anon;
GRANT INSERT(utm_source) ON TABLE public.early_access_signups TO anon;
GRANT INSERT(utm_medium) ON TABLE public.early_access_signups TO anon;
GRANT INSERT(utm_campaign) ON TABLE public.early_access_signups TO anon;
GRANT INSERT(referrer_host) ON TABLE public.early_access_signups TO anon;
GRANT INSERT(landing_path) ON TABLE public.early_access_signups TO anon;
GRANT INSERT(referred_by) ON TABLE public.early_access_signups TO anon;

-- "current_role" is an SQL keyword, hence the quotes; PostgREST quotes every column, so clients
-- still send it as current_role.
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
CREATE POLICY newsletter_subscriptions_anon_insert ON public.newsletter_subscriptions FOR INSERT TO anon WITH CHECK (true);
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.newsletter_subscriptions TO service_role;
GRANT SELECT ON TABLE public.newsletter_subscriptions TO authenticated;
GRANT INSERT(email) ON TABLE public.newsletter_subscriptions TO anon;
GRANT INSERT(utm_source) ON TABLE public.newsletter_subscriptions TO anon;
GRANT INSERT(utm_medium) ON TABLE public.newsletter_subscriptions TO anon;
GRANT INSERT(utm_campaign) ON TABLE public.newsletter_subscriptions TO anon;
GRANT INSERT(referrer_host) ON TABLE public.newsletter_subscriptions TO anon;
GRANT INSERT(landing_path) ON TABLE public.newsletter_subscriptions TO anon;

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
CREATE INDEX waitlist_signups_line_order ON public.waitlist_signups USING btree (confirmed_at, id) WHERE (confirmed_at IS NOT NULL);
CREATE UNIQUE INDEX waitlist_signups_mailbox_key ON public.waitlist_signups USING btree (private.mailbox(email)) WHERE (NOT legacy_duplicate_mailbox);
CREATE INDEX waitlist_signups_mailbox_sha256 ON public.waitlist_signups USING btree (private.mailbox_sha256(email));
CREATE INDEX waitlist_signups_referred_by ON public.waitlist_signups USING btree (referred_by) WHERE (referred_by IS NOT NULL);
ALTER TABLE public.waitlist_signups ENABLE ROW LEVEL SECURITY;
CREATE POLICY waitlist_signups_anon_insert ON public.waitlist_signups FOR INSERT TO anon WITH CHECK (true);
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.waitlist_signups TO service_role;
GRANT SELECT ON TABLE public.waitlist_signups TO authenticated;
GRANT INSERT(first_name) ON TABLE public.waitlist_signups TO anon;
GRANT INSERT(last_name) ON TABLE public.waitlist_signups TO anon;
GRANT INSERT(email) ON TABLE public.waitlist_signups TO anon;
GRANT INSERT(company) ON TABLE public.waitlist_signups TO anon;
GRANT INSERT(role) ON TABLE public.waitlist_signups TO anon;
GRANT INSERT(company_size) ON TABLE public.waitlist_signups TO anon;
GRANT INSERT(use_case) ON TABLE public.waitlist_signups TO anon;
GRANT INSERT(hear_about) ON TABLE public.waitlist_signups TO anon;
GRANT INSERT(utm_source) ON TABLE public.waitlist_signups TO anon;
GRANT INSERT(utm_medium) ON TABLE public.waitlist_signups TO anon;
GRANT INSERT(utm_campaign) ON TABLE public.waitlist_signups TO anon;
GRANT INSERT(referrer_host) ON TABLE public.waitlist_signups TO anon;
GRANT INSERT(landing_path) ON TABLE public.waitlist_signups TO anon;
GRANT INSERT(referred_by) ON TABLE public.waitlist_signups TO anon;

-- Whether an application may move from one status to another.
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

-- The table a list's sign-ups live in. 'career' is the applications' list: its one mail is the
-- confirmation of an application, which needs no confirming.
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

ALTER TABLE ONLY public.application_status_changes
    ADD CONSTRAINT application_status_changes_application_id_fkey FOREIGN KEY (application_id) REFERENCES public.general_applications(id) ON DELETE CASCADE;

-- Résumés: a private bucket (no public URL), 5 MB, PDF, DOC and DOCX only. Files go in and out only
-- through the functions (submit-application, console-resume) with the secret key.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('applications', 'applications', false, 5242880, array[
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
]);
