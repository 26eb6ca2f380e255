-- The schema `private`: what the API never exposes (PostgREST serves `public` only), and the one
-- definition of a day every count uses. Every function here sets an empty search_path, so each name in
-- its body is schema-qualified.

CREATE SCHEMA private;

GRANT USAGE ON SCHEMA private TO anon;
GRANT USAGE ON SCHEMA private TO authenticated;
GRANT USAGE ON SCHEMA private TO service_role;

-- Days are UTC days: the first moment of a day, as timestamptz.
CREATE FUNCTION private.utc_day_start(p_day date) RETURNS timestamp with time zone
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select p_day::timestamp at time zone 'UTC'
$$;
REVOKE ALL ON FUNCTION private.utc_day_start(p_day date) FROM PUBLIC;
