-- The schema `private`: what the API never exposes (the Data API serves `public` only, as
-- supabase/config.toml's [api] schemas says), and the start of a UTC day, with which the console turns a
-- range of days into moments.
--
-- Function bodies in both schemas name what they use with its schema. Most functions also set an empty
-- search_path; the small SQL ones that CHECKs, indexes and queries call per row set none, because a
-- function with a SET clause is never inlined.

CREATE SCHEMA private;

-- The API roles need USAGE: CHECKs, indexes, defaults and triggers call functions of this schema as the
-- role that inserts. What each role may run is granted function by function.
GRANT USAGE ON SCHEMA private TO anon;
GRANT USAGE ON SCHEMA private TO authenticated;
GRANT USAGE ON SCHEMA private TO service_role;

-- The first moment of a UTC day, as timestamptz: a range of days from p_from to p_to is
-- [utc_day_start(p_from), utc_day_start(p_to + 1)), whatever the session's time zone.
CREATE FUNCTION private.utc_day_start(p_day date) RETURNS timestamp with time zone
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select p_day::timestamp at time zone 'UTC'
$$;
REVOKE ALL ON FUNCTION private.utc_day_start(p_day date) FROM PUBLIC;
