-- Abuse limits that hold on hosted Supabase itself, in SQL: per action and per client address (as the
-- gateway vouches for it; an IPv6 address by its /48), or per a key the caller chooses (a mailbox's
-- fingerprint, alone or with the requester's address). Each sign-up takes a token of its table's rule
-- (public.sign_up, signups.sql), each function call and each remote health report one of its own. Over a limit the call fails with SQLSTATE PT429,
-- which PostgREST answers as HTTP 429 (a few callers catch it: a referral over its cap is held, a
-- privacy link over its cap is not mailed). A refused call is not counted, and an accepted one is
-- counted in the same transaction as what it writes, so a burst loses no acknowledged sign-up.
-- docs/security.md ("Rate limits") has the research behind the client address.

-- One row per accepted request, under its action and key (client: a client address's key or the
-- caller's); kept only as long as the longest window. No API role may read it.
CREATE TABLE private.rate_limit_events (
    action text NOT NULL,
    client text NOT NULL,
    at timestamp with time zone NOT NULL
);
CREATE INDEX rate_limit_events_age ON private.rate_limit_events USING btree (at);
CREATE INDEX rate_limit_events_client ON private.rate_limit_events USING btree (action, client, at);

-- The limits, as configuration: production values here; test suites and the insert benchmark raise them
-- (tools/local-supabase/src/testing/rate-limits.ts), operators change them with an UPDATE.
CREATE TABLE public.rate_limit_rules (
    action text NOT NULL,
    max_requests integer NOT NULL,
    window_seconds integer NOT NULL,
    description text NOT NULL,
    CONSTRAINT rate_limit_rules_max_requests_check CHECK ((max_requests > 0)),
    CONSTRAINT rate_limit_rules_window_seconds_check CHECK (((window_seconds >= 1) AND (window_seconds <= 86400))),
    CONSTRAINT rate_limit_rules_pkey PRIMARY KEY (action)
);

ALTER TABLE ONLY public.rate_limit_rules FORCE ROW LEVEL SECURITY;
ALTER TABLE public.rate_limit_rules ENABLE ROW LEVEL SECURITY;
GRANT SELECT,UPDATE ON TABLE public.rate_limit_rules TO service_role;

-- The limits production runs with. A lasting change is made here and, by hand, in a migration (rows are
-- not diffed: docs/backend.md). A refusal's detail quotes the description.
insert into public.rate_limit_rules (action, max_requests, window_seconds, description) values
  ('early_access_signups', 10, 60, 'early-access sign-ups per client address'),
  ('newsletter_subscriptions', 10, 60, 'newsletter sign-ups per client address'),
  ('waitlist_signups', 10, 60, 'waitlist sign-ups per client address'),
  ('submit-application', 5, 3600, 'job applications (each may upload a résumé) per client address'),
  ('confirm-email', 30, 60, 'confirmation link uses per client address'),
  ('unsubscribe', 60, 60, 'unsubscribe requests per client address (mail providers send one-click ones)'),
  ('privacy-request', 5, 3600, 'erasure or copy requests per client address'),
  ('privacy-fulfil', 30, 60, 'erasure or copy link uses per client address'),
  ('privacy-link-mailbox-requester', 3, 86400, 'erasure or copy links mailed to one mailbox at the request of one client address'),
  ('privacy-link-mailbox', 10, 86400, 'erasure or copy links mailed to one mailbox, whoever asks'),
  ('confirmation-again-mailbox', 3, 86400, 'fresh confirmation mails sent to one unconfirmed sign-up of a list'),
  ('unconfirmed-mail-per-person', 3, 86400, 'mails to one person''s mailbox (private.person_mailbox) that nobody there confirmed wanting: confirmations of sign-ups and applications, fresh confirmations, erase and copy links'),
  ('remote_health_reports', 120, 60, 'remote health reports (up to three per page load) per client address'),
  ('referral-per-address', 3, 3600, 'referred sign-ups that may earn credit per client address'),
  ('record-visit', 60, 60, 'page views counted per client address'),
  ('signup-place', 30, 60, 'place link uses per client address'),
  ('csp-report', 60, 60, 'CSP violation reports counted per client address'),
  ('remote-health-releases-per-client', 3, 86400, 'releases of one remote whose health one client address reports a day (UTC)'),
  ('remote-health-releases-per-day', 20, 86400, 'releases of one remote whose health is counted a day (UTC), from all client addresses'),
  ('visit-reach', 20, 86400, 'page and source combinations of the day one client address adds its bucket to, for their reach'),
  ('console-sign-in-code', 10, 600, 'console sign-in code requests per client address'),
  ('console-sign-in-check', 30, 300, 'console sign-in code checks per client address');

-- Client addresses -------------------------------------------------------------------------------------

-- The bucket a client address counts in: an IPv4 address (an IPv4-mapped IPv6 address as its IPv4), or
-- an IPv6 address's network of private.ipv6_client_prefix_length() bits. Anything that is not an
-- address (the header missing) shares the one bucket 'unknown', so the limits fail closed. Every key of
-- a client address goes through here: the sign-up tables' limits, every function's limit, the referral
-- cap per address, the visit counts, the CSP reports, the remote health reports and the privacy links
-- per requester.
CREATE FUNCTION private.client_key(p_address text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
declare
  address inet;
begin
  begin
    address := btrim(p_address)::inet;
  exception when others then
    return 'unknown';
  end;
  if address is null then
    return 'unknown';
  end if;
  if family(address) = 6 and address << inet '::ffff:0.0.0.0/96' then
    address := regexp_replace(host(address), '^::ffff:', '')::inet;
  end if;
  if family(address) = 4 then
    return host(address);
  end if;
  return host(network(set_masklen(address, private.ipv6_client_prefix_length())))
         || '/' || private.ipv6_client_prefix_length();
end;
$$;
REVOKE ALL ON FUNCTION private.client_key(p_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.client_key(p_address text) TO anon;
GRANT ALL ON FUNCTION private.client_key(p_address text) TO service_role;

-- An IPv6 client is counted by its /48: providers give a home connection a /56 as a rule and a business
-- a /48, so counting by /64 would give one subscriber 256 or 65,536 times every limit. A /48 is the widest
-- prefix one end site is normally given; a wider one would lump different customers of a provider
-- together. The cost: everyone behind one /48 shares its limits, as everyone behind one IPv4 address (a
-- carrier's NAT, an office) does. The width is written once here;
-- supabase/functions/_shared/http/client-address.ts (IPV6_CLIENT_PREFIX_LENGTH) holds the same, which
-- supabase/tests/ipv6-client-prefix.test.ts checks.
CREATE FUNCTION private.ipv6_client_prefix_length() RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ select 48 $$;
REVOKE ALL ON FUNCTION private.ipv6_client_prefix_length() FROM PUBLIC;
GRANT ALL ON FUNCTION private.ipv6_client_prefix_length() TO anon;
GRANT ALL ON FUNCTION private.ipv6_client_prefix_length() TO service_role;

-- The visitor's address. A function that stores on a visitor's behalf says whose (public.sign_up sets
-- private.client_address for its transaction); otherwise the address the gateway vouches for, as
-- PostgREST hands the request's headers to SQL: hosted Supabase's API is served through Cloudflare,
-- which sets cf-connecting-ip to the address that connected and overwrites any value the client sent
-- (x-forwarded-for is not used: its left entries are whatever the client sent). tools/local-supabase
-- sets the same header from the socket.
CREATE FUNCTION private.request_client_address() RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(
    nullif(current_setting('private.client_address', true), ''),
    nullif(current_setting('request.headers', true), '')::json ->> 'cf-connecting-ip')
$$;
REVOKE ALL ON FUNCTION private.request_client_address() FROM PUBLIC;
GRANT ALL ON FUNCTION private.request_client_address() TO anon;
GRANT ALL ON FUNCTION private.request_client_address() TO service_role;

-- The limiter ------------------------------------------------------------------------------------------

-- Counts one request of p_action under p_key, or refuses it with PT429 when the window is full. The key
-- is the caller's choice (a client address's key, a mailbox's fingerprint), so a limit can hold per
-- recipient too. Requests of one action and key queue on an advisory lock, so concurrent ones cannot
-- both take the last slot. Each call also deletes a few events older than a day (the longest window),
-- of keys that never came back, skipping rows other requests hold. Runs as its owner, so anon's inserts
-- count without any right on the events.
CREATE FUNCTION private.take_keyed_rate_limit_token(p_action text, p_key text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_rule public.rate_limit_rules;
  v_now timestamptz;
  v_used integer;
begin
  select * into v_rule from public.rate_limit_rules where action = p_action;
  if not found then
    raise exception 'no rate limit rule for %', p_action using errcode = '22023';
  end if;

  perform pg_advisory_xact_lock(hashtextextended('rate limit ' || p_action || ' ' || p_key, 0));
  v_now := clock_timestamp();
  delete from private.rate_limit_events
   where action = p_action and client = p_key
     and at <= v_now - make_interval(secs => v_rule.window_seconds);
  select count(*) into v_used
    from private.rate_limit_events
   where action = p_action and client = p_key;
  if v_used >= v_rule.max_requests then
    raise sqlstate 'PT429' using
      message = 'Too many requests from this address',
      detail = format('At most %s in %s seconds: %s.', v_rule.max_requests, v_rule.window_seconds,
                      v_rule.description),
      hint = 'Wait a minute and try again.';
  end if;
  insert into private.rate_limit_events (action, client, at) values (p_action, p_key, v_now);

  delete from private.rate_limit_events
   where ctid in (select ctid from private.rate_limit_events
                   where at < v_now - interval '1 day'
                   limit 100 for update skip locked);
end;
$$;
REVOKE ALL ON FUNCTION private.take_keyed_rate_limit_token(p_action text, p_key text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.take_keyed_rate_limit_token(p_action text, p_key text) TO service_role;

-- The same by client address (private.client_key): what anon's inserts and the functions count by.
CREATE FUNCTION private.take_rate_limit_token(p_action text, p_client_address text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.take_keyed_rate_limit_token(p_action, private.client_key(p_client_address))
$$;
REVOKE ALL ON FUNCTION private.take_rate_limit_token(p_action text, p_client_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.take_rate_limit_token(p_action text, p_client_address text) TO anon;
GRANT ALL ON FUNCTION private.take_rate_limit_token(p_action text, p_client_address text) TO service_role;

-- The edge functions (service role) count their own calls, by the address of the request they serve.
CREATE FUNCTION public.take_rate_limit_token(p_action text, p_client_address text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.take_rate_limit_token(p_action, p_client_address)
$$;
REVOKE ALL ON FUNCTION public.take_rate_limit_token(p_action text, p_client_address text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.take_rate_limit_token(p_action text, p_client_address text) TO service_role;

-- Anonymous inserts ------------------------------------------------------------------------------------
