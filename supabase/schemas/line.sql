-- The line a list's members stand in, kept with the rows so that a place is read without ranking
-- everyone (docs/growth.md, "How the line is kept"): confirmed members in the order they confirmed
-- (confirmed_at, then id), each moved up by its referral credit. Two tables are kept in the transaction
-- of every change to the rows a place rests on, by statement triggers on the early-access and waitlist
-- tables, and equal to the rows at all times: private.rebuild_line makes them again from the rows, and
-- private.check_line (places.sql) names any difference. Reading a place from them is places.sql.

-- The kept tables --------------------------------------------------------------------------------------

-- The line in order, cut into chunks of consecutive members. A chunk starts at a key (lo_at, lo_id),
-- the (confirmed_at, id) of its first member, and runs to the next chunk's; it keeps how many members it
-- holds, how many of them have credit, and their smallest and largest credit, so that a count of
-- members with credit can take a whole chunk from its numbers. Nothing stores an arrival or a place: a
-- member who leaves, or confirms at an earlier time than others, changes one chunk's size.
CREATE TABLE private.line_chunks (
    list text NOT NULL,
    lo_at timestamp with time zone NOT NULL,
    lo_id uuid NOT NULL,
    size integer NOT NULL,
    credited integer DEFAULT 0 NOT NULL,
    min_credit integer,
    max_credit integer,
    CONSTRAINT line_chunks_credit_check CHECK ((((credited = 0) = (min_credit IS NULL)) AND ((credited = 0) = (max_credit IS NULL)) AND (min_credit <= max_credit))),
    CONSTRAINT line_chunks_credited_check CHECK ((credited >= 0)),
    CONSTRAINT line_chunks_list_check CHECK ((list = ANY (ARRAY['early_access'::text, 'waitlist'::text]))),
    CONSTRAINT line_chunks_size_check CHECK ((size >= 0)),
    CONSTRAINT line_chunks_pkey PRIMARY KEY (list, lo_at, lo_id)
);

-- Each line starts as one empty chunk below every member, at ('-infinity', nil uuid), which is never
-- dropped.
insert into private.line_chunks (list, lo_at, lo_id, size) values
  ('early_access', '-infinity', '00000000-0000-0000-0000-000000000000', 0),
  ('waitlist', '-infinity', '00000000-0000-0000-0000-000000000000', 0);

-- Each member with credit (1 or more) and its credit, as private.line_credits_from_rows (places.sql)
-- counts it from the rows; indexed in the line's order with the credit, so a chunk's members with credit
-- are one index range.
CREATE TABLE private.line_credits (
    list text NOT NULL,
    id uuid NOT NULL,
    confirmed_at timestamp with time zone NOT NULL,
    credited integer NOT NULL,
    CONSTRAINT line_credits_credited_check CHECK ((credited > 0)),
    CONSTRAINT line_credits_list_check CHECK ((list = ANY (ARRAY['early_access'::text, 'waitlist'::text]))),
    CONSTRAINT line_credits_pkey PRIMARY KEY (list, id)
);
CREATE INDEX line_credits_order ON private.line_credits USING btree (list, confirmed_at, id) INCLUDE (credited);

-- The numbers and the lock -----------------------------------------------------------------------------

-- Members per chunk when a line is rebuilt or a chunk split; a chunk holds at most twice as many. Near
-- the square root of a line of a million: a place reads about as many chunks as members inside one.
CREATE FUNCTION private.line_chunk_size() RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$ select 1024 $$;
REVOKE ALL ON FUNCTION private.line_chunk_size() FROM PUBLIC;

-- The table of a line; 22023 for any list without one.
CREATE FUNCTION private.line_table(p_list text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  if p_list is null or p_list not in ('early_access', 'waitlist') then
    raise exception 'not a list with a line: %', coalesce(p_list, 'null') using errcode = '22023';
  end if;
  return private.signup_table(p_list);
end;
$$;
REVOKE ALL ON FUNCTION private.line_table(p_list text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.line_table(p_list text) TO service_role;

-- One change of the lines at a time, held to the end of the transaction: each change then counts from
-- the rows as committed before it, so two confirmations at once cannot miss each other's credit. It is
-- taken before the per-code lock of private.decide_code_cap (referrals.sql) on every path, so the two
-- cannot deadlock.
CREATE FUNCTION private.lock_lines() RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$ select pg_advisory_xact_lock(hashtextextended('lines of places', 0)) $$;
REVOKE ALL ON FUNCTION private.lock_lines() FROM PUBLIC;

-- Keeping the chunks -----------------------------------------------------------------------------------

-- A member joins (p_step 1) or leaves (p_step -1) the line at the key (p_at, p_id): its chunk's size.
CREATE FUNCTION private.move_line_member(p_list text, p_at timestamp with time zone, p_id uuid, p_step integer) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update private.line_chunks c
     set size = c.size + p_step
    from (select k.lo_at, k.lo_id
            from private.line_chunks k
           where k.list = p_list and (k.lo_at, k.lo_id) <= (p_at, p_id)
           order by k.lo_at desc, k.lo_id desc
           limit 1) k
   where c.list = p_list and c.lo_at = k.lo_at and c.lo_id = k.lo_id;
  if not found then
    raise exception 'The % line has no first chunk: rebuild it with private.rebuild_line', p_list;
  end if;
end;
$$;
REVOKE ALL ON FUNCTION private.move_line_member(p_list text, p_at timestamp with time zone, p_id uuid, p_step integer) FROM PUBLIC;

-- Counts again the members with credit of the chunk starting at (p_lo_at, p_lo_id), and their credits.
CREATE FUNCTION private.count_line_chunk(p_list text, p_lo_at timestamp with time zone, p_lo_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_hi_at timestamptz;
  v_hi_id uuid;
  v_credited integer;
  v_min integer;
  v_max integer;
begin
  select c.lo_at, c.lo_id into v_hi_at, v_hi_id
    from private.line_chunks c
   where c.list = p_list and (c.lo_at, c.lo_id) > (p_lo_at, p_lo_id)
   order by c.lo_at, c.lo_id
   limit 1;
  -- Two statements rather than one with "no next chunk or below it", which no index range could serve.
  if found then
    select count(*), min(x.credited), max(x.credited) into v_credited, v_min, v_max
      from private.line_credits x
     where x.list = p_list and (x.confirmed_at, x.id) >= (p_lo_at, p_lo_id)
       and (x.confirmed_at, x.id) < (v_hi_at, v_hi_id);
  else
    select count(*), min(x.credited), max(x.credited) into v_credited, v_min, v_max
      from private.line_credits x
     where x.list = p_list and (x.confirmed_at, x.id) >= (p_lo_at, p_lo_id);
  end if;
  update private.line_chunks c
     set credited = v_credited, min_credit = v_min, max_credit = v_max
   where c.list = p_list and c.lo_at = p_lo_at and c.lo_id = p_lo_id
     and (c.credited, c.min_credit, c.max_credit) is distinct from (v_credited, v_min, v_max);
end;
$$;
REVOKE ALL ON FUNCTION private.count_line_chunk(p_list text, p_lo_at timestamp with time zone, p_lo_id uuid) FROM PUBLIC;

-- Counts the credit of the sign-ups p_ids again from the rows (those that are not members, or have no
-- credit, keep none), and the numbers of each chunk where one of them was or is.
CREATE FUNCTION private.credit_line_members(p_list text, p_ids uuid[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_gone_at timestamptz[];
  v_gone_id uuid[];
  v_made_at timestamptz[];
  v_made_id uuid[];
  v_chunk record;
begin
  with gone as (
    delete from private.line_credits x
     where x.list = p_list and x.id = any(p_ids)
    returning x.confirmed_at, x.id
  )
  select coalesce(array_agg(g.confirmed_at order by g.id), '{}'), coalesce(array_agg(g.id order by g.id), '{}')
    into v_gone_at, v_gone_id
    from gone g;
  with made as (
    insert into private.line_credits (list, id, confirmed_at, credited)
    select p_list, c.id, c.confirmed_at, c.credited
      from private.line_credits_from_rows(p_list, p_ids) c
    returning confirmed_at, id
  )
  select coalesce(array_agg(m.confirmed_at order by m.id), '{}'), coalesce(array_agg(m.id order by m.id), '{}')
    into v_made_at, v_made_id
    from made m;
  for v_chunk in
    select distinct c.lo_at, c.lo_id
      from unnest(v_gone_at || v_made_at, v_gone_id || v_made_id) as k(at, id)
     cross join lateral (select c.lo_at, c.lo_id
                           from private.line_chunks c
                          where c.list = p_list and (c.lo_at, c.lo_id) <= (k.at, k.id)
                          order by c.lo_at desc, c.lo_id desc
                          limit 1) c
  loop
    perform private.count_line_chunk(p_list, v_chunk.lo_at, v_chunk.lo_id);
  end loop;
end;
$$;
REVOKE ALL ON FUNCTION private.credit_line_members(p_list text, p_ids uuid[]) FROM PUBLIC;

-- Splits the chunk starting at (p_lo_at, p_lo_id) while it holds more than 2 × private.line_chunk_size()
-- members: its first private.line_chunk_size() stay, the rest start a chunk of their own.
CREATE FUNCTION private.split_line_chunk(p_list text, p_lo_at timestamp with time zone, p_lo_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_chunk_size integer := private.line_chunk_size();
  v_size integer;
  v_at timestamptz;
  v_id uuid;
begin
  loop
    select c.size into v_size
      from private.line_chunks c
     where c.list = p_list and c.lo_at = p_lo_at and c.lo_id = p_lo_id;
    exit when v_size <= 2 * v_chunk_size;
    execute format(
      'select s.confirmed_at, s.id from public.%I s
        where s.confirmed_at is not null and (s.confirmed_at, s.id) >= ($1, $2)
        order by s.confirmed_at, s.id
       offset $3 limit 1',
      private.line_table(p_list))
       into v_at, v_id
      using p_lo_at, p_lo_id, v_chunk_size;
    update private.line_chunks c
       set size = v_chunk_size
     where c.list = p_list and c.lo_at = p_lo_at and c.lo_id = p_lo_id;
    insert into private.line_chunks (list, lo_at, lo_id, size)
    values (p_list, v_at, v_id, v_size - v_chunk_size);
    perform private.count_line_chunk(p_list, p_lo_at, p_lo_id);
    perform private.count_line_chunk(p_list, v_at, v_id);
    p_lo_at := v_at;
    p_lo_id := v_id;
  end loop;
end;
$_$;
REVOKE ALL ON FUNCTION private.split_line_chunk(p_list text, p_lo_at timestamp with time zone, p_lo_id uuid) FROM PUBLIC;

-- Once every member of a statement has joined or left (so that the sizes are the rows' again), the
-- chunks holding the keys p_at, p_id: an empty one goes (its range joins the chunk before, which it adds
-- no member to; the first chunk stays), one past 2 × private.line_chunk_size() members is split.
CREATE FUNCTION private.tidy_line_chunks(p_list text, p_at timestamp with time zone[], p_id uuid[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_chunk record;
begin
  for v_chunk in
    select distinct c.lo_at, c.lo_id, c.size
      from unnest(p_at, p_id) as k(at, id)
     cross join lateral (select c.lo_at, c.lo_id, c.size
                           from private.line_chunks c
                          where c.list = p_list and (c.lo_at, c.lo_id) <= (k.at, k.id)
                          order by c.lo_at desc, c.lo_id desc
                          limit 1) c
  loop
    if v_chunk.size = 0
       and (v_chunk.lo_at, v_chunk.lo_id)
           <> ('-infinity'::timestamptz, '00000000-0000-0000-0000-000000000000'::uuid) then
      delete from private.line_chunks c
       where c.list = p_list and c.lo_at = v_chunk.lo_at and c.lo_id = v_chunk.lo_id;
    elsif v_chunk.size > 2 * private.line_chunk_size() then
      perform private.split_line_chunk(p_list, v_chunk.lo_at, v_chunk.lo_id);
    end if;
  end loop;
end;
$$;
REVOKE ALL ON FUNCTION private.tidy_line_chunks(p_list text, p_at timestamp with time zone[], p_id uuid[]) FROM PUBLIC;

-- Makes the list's kept tables again from the rows: every member with credit, and chunks of
-- private.line_chunk_size() members in order. private.keep_line does this instead of its steps for a
-- statement that changes more members than a chunk holds; an operator does it for a line that
-- private.check_line finds different from its rows.
CREATE FUNCTION private.rebuild_line(p_list text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
begin
  perform private.line_table(p_list);
  perform private.lock_lines();
  delete from private.line_credits x where x.list = p_list;
  delete from private.line_chunks c where c.list = p_list;
  insert into private.line_credits (list, id, confirmed_at, credited)
  select p_list, c.id, c.confirmed_at, c.credited
    from private.line_credits_from_rows(p_list, null) c;
  execute format(
    'insert into private.line_chunks (list, lo_at, lo_id, size, credited, min_credit, max_credit)
     with m as (
       select s.confirmed_at, s.id, row_number() over (order by s.confirmed_at, s.id) - 1 as n
         from public.%I s
        where s.confirmed_at is not null
     ),
     g as (
       select m.n / $2 as k, min(m.n) as first, count(*) as size, count(x.id) as credited,
              min(x.credited) as min_credit, max(x.credited) as max_credit
         from m
         left join private.line_credits x on x.list = $1 and x.id = m.id
        group by m.n / $2
     )
     select $1,
            case when g.k = 0 then ''-infinity''::timestamptz else m.confirmed_at end,
            case when g.k = 0 then ''00000000-0000-0000-0000-000000000000''::uuid else m.id end,
            g.size, g.credited, g.min_credit, g.max_credit
       from g
       join m on m.n = g.first',
    private.line_table(p_list))
  using p_list, private.line_chunk_size();
  insert into private.line_chunks (list, lo_at, lo_id, size)
  select p_list, '-infinity', '00000000-0000-0000-0000-000000000000', 0
   where not exists (select from private.line_chunks c where c.list = p_list);
end;
$_$;
REVOKE ALL ON FUNCTION private.rebuild_line(p_list text) FROM PUBLIC;

-- The triggers -----------------------------------------------------------------------------------------
--
-- On both tables, for each statement, and ENABLE ALWAYS: they fire also for rows written with
-- session_replication_role = replica (a fixture, a bulk load), so no way of writing rows skips the kept
-- tables.

-- Before a statement updates the columns a place rests on, or deletes rows: the lines' lock, so that it
-- comes before any row lock of the statement and before the per-code lock a later trigger takes. An
-- insert takes the lock only in private.keep_line, when it adds a confirmed member, which a visitor's
-- sign-up never is.
CREATE FUNCTION private.lock_lines_first() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.lock_lines();
  return null;
end;
$$;
REVOKE ALL ON FUNCTION private.lock_lines_first() FROM PUBLIC;

CREATE TRIGGER early_access_signups_line_lock BEFORE DELETE OR UPDATE OF confirmed_at, created_at, email, referral_hold, referred_by, referral_code ON public.early_access_signups FOR EACH STATEMENT EXECUTE FUNCTION private.lock_lines_first();

ALTER TABLE public.early_access_signups ENABLE ALWAYS TRIGGER early_access_signups_line_lock;

CREATE TRIGGER waitlist_signups_line_lock BEFORE DELETE OR UPDATE OF confirmed_at, created_at, email, referral_hold, referred_by, referral_code ON public.waitlist_signups FOR EACH STATEMENT EXECUTE FUNCTION private.lock_lines_first();

ALTER TABLE public.waitlist_signups ENABLE ALWAYS TRIGGER waitlist_signups_line_lock;

-- After a statement: the members who left (or moved), those who joined (or moved), and the credit of
-- every row it changed and of the referrers their referrals name, all from the rows. Only rows that are
-- or were confirmed count: an unconfirmed sign-up has no place and credits nobody. Without parallel
-- workers, for the reason private.line_place (places.sql) gives: each count here is of a chunk at most.
CREATE FUNCTION private.keep_line() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    SET max_parallel_workers_per_gather TO '0'
    AS $_$
declare
  v_list text := case tg_table_name when 'early_access_signups' then 'early_access' else 'waitlist' end;
  v_left_at timestamptz[];
  v_left_id uuid[];
  v_joined_at timestamptz[];
  v_joined_id uuid[];
  v_ids uuid[];
  v_codes text[];
  v_referrers uuid[];
begin
  -- Each statement names only the transition tables its trigger has (PL/pgSQL plans a statement when it
  -- first runs it).
  if tg_op = 'INSERT' then
    select '{}', '{}',
           coalesce(array_agg(n.confirmed_at order by n.id), '{}'), coalesce(array_agg(n.id order by n.id), '{}'),
           coalesce(array_agg(n.id), '{}'),
           coalesce(array_agg(n.referred_by) filter (where n.referred_by is not null), '{}')
      into v_left_at, v_left_id, v_joined_at, v_joined_id, v_ids, v_codes
      from new_rows n
     where n.confirmed_at is not null;
  elsif tg_op = 'DELETE' then
    select coalesce(array_agg(o.confirmed_at order by o.id), '{}'), coalesce(array_agg(o.id order by o.id), '{}'),
           '{}', '{}',
           coalesce(array_agg(o.id), '{}'),
           coalesce(array_agg(o.referred_by) filter (where o.referred_by is not null), '{}')
      into v_left_at, v_left_id, v_joined_at, v_joined_id, v_ids, v_codes
      from old_rows o
     where o.confirmed_at is not null;
  else
    select coalesce(array_agg(o.confirmed_at order by o.id)
                      filter (where o.confirmed_at is not null and o.confirmed_at is distinct from n.confirmed_at), '{}'),
           coalesce(array_agg(o.id order by o.id)
                      filter (where o.confirmed_at is not null and o.confirmed_at is distinct from n.confirmed_at), '{}'),
           coalesce(array_agg(n.confirmed_at order by n.id)
                      filter (where n.confirmed_at is not null and n.confirmed_at is distinct from o.confirmed_at), '{}'),
           coalesce(array_agg(n.id order by n.id)
                      filter (where n.confirmed_at is not null and n.confirmed_at is distinct from o.confirmed_at), '{}'),
           coalesce(array_agg(n.id), '{}'),
           coalesce(array_agg(o.referred_by) filter (where o.referred_by is not null), '{}')
             || coalesce(array_agg(n.referred_by) filter (where n.referred_by is not null), '{}')
      into v_left_at, v_left_id, v_joined_at, v_joined_id, v_ids, v_codes
      from old_rows o
      join new_rows n on n.id = o.id
     where (o.confirmed_at is not null or n.confirmed_at is not null)
       and (o.confirmed_at, o.created_at, o.email, o.referral_hold, o.referred_by, o.referral_code)
           is distinct from (n.confirmed_at, n.created_at, n.email, n.referral_hold, n.referred_by, n.referral_code);
  end if;
  if cardinality(v_ids) = 0 then
    return null;
  end if;
  perform private.lock_lines();
  if cardinality(v_ids) > private.line_chunk_size() then
    perform private.rebuild_line(v_list);
    return null;
  end if;
  for i in 1 .. cardinality(v_left_id) loop
    perform private.move_line_member(v_list, v_left_at[i], v_left_id[i], -1);
  end loop;
  for i in 1 .. cardinality(v_joined_id) loop
    perform private.move_line_member(v_list, v_joined_at[i], v_joined_id[i], 1);
  end loop;
  perform private.tidy_line_chunks(v_list, v_left_at || v_joined_at, v_left_id || v_joined_id);
  execute format('select coalesce(array_agg(r.id), ''{}'') from public.%I r where r.referral_code = any($1)',
                 tg_table_name)
     into v_referrers
    using v_codes;
  perform private.credit_line_members(v_list, v_ids || v_referrers);
  return null;
end;
$_$;
REVOKE ALL ON FUNCTION private.keep_line() FROM PUBLIC;

CREATE TRIGGER early_access_signups_line_insert AFTER INSERT ON public.early_access_signups REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.keep_line();

ALTER TABLE public.early_access_signups ENABLE ALWAYS TRIGGER early_access_signups_line_insert;

CREATE TRIGGER early_access_signups_line_update AFTER UPDATE ON public.early_access_signups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.keep_line();

ALTER TABLE public.early_access_signups ENABLE ALWAYS TRIGGER early_access_signups_line_update;

CREATE TRIGGER early_access_signups_line_delete AFTER DELETE ON public.early_access_signups REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.keep_line();

ALTER TABLE public.early_access_signups ENABLE ALWAYS TRIGGER early_access_signups_line_delete;

CREATE TRIGGER waitlist_signups_line_insert AFTER INSERT ON public.waitlist_signups REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.keep_line();

ALTER TABLE public.waitlist_signups ENABLE ALWAYS TRIGGER waitlist_signups_line_insert;

CREATE TRIGGER waitlist_signups_line_update AFTER UPDATE ON public.waitlist_signups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.keep_line();

ALTER TABLE public.waitlist_signups ENABLE ALWAYS TRIGGER waitlist_signups_line_update;

CREATE TRIGGER waitlist_signups_line_delete AFTER DELETE ON public.waitlist_signups REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.keep_line();

ALTER TABLE public.waitlist_signups ENABLE ALWAYS TRIGGER waitlist_signups_line_delete;
