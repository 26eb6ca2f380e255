-- A place in line that holds at a million members (docs/growth.md, "How the line is kept";
-- docs/security.md, "What a stranger can make the database do").
--
-- private.line_places ranked every confirmed member of a list on each read, so the place page, each place
-- mail and each confirmation paid for a sort of the whole line, and anyone holding a place link could
-- make the database do that as often as the place page's rate limit allows.
--
-- The rule does not change: confirmed members in the order they confirmed (confirmed_at, then id), each
-- at arrival − 10 × credited referrals, a member with credit ahead of one without that it draws level
-- with, other ties by arrival; credit as private.line_credits_from_rows counts it from the rows (the rule
-- of migration 20251129000000, one person once as private.person_mailbox says). What changes is how a
-- place is found. Two tables are kept in the transaction of every change to the rows:
--
-- * private.line_credits: each member with credit (1 or more) and its credit.
-- * private.line_chunks: the line in order, cut into runs of consecutive members. A chunk starts at a
--   key (confirmed_at, id) and runs to the next chunk's; it keeps how many members it holds, how many
--   of them have credit, and their smallest and largest credit. The first chunk starts at
--   ('-infinity', nil uuid) and is always there.
--
-- A member's arrival is the sizes of the chunks before its own plus a count inside its chunk (an index
-- range of at most 2 × private.line_chunk_size() members). Its place follows from the arrivals and credits
-- of the members with credit, which are few next to the line or counted a chunk at a time:
--
--   without credit: arrival + the members with credit behind it whose arrival − 10 × credited reaches it
--   with credit:    1 + the members without credit who arrived before arrival − 10 × credited
--                     + the members with credit ahead of it by (arrival − 10 × credited, arrival)
--
-- Counting members with credit by arrival − 10 × credited takes each chunk as a whole when all of its
-- members with credit are surely on one side of the mark (from its size, the sizes before it and its
-- smallest and largest credit), and ranks inside only a chunk that straddles the mark. Nothing stores an
-- arrival or a place: a member who goes, or confirms earlier than others, changes one chunk's size, and a
-- credit changes one row of private.line_credits and its chunk's numbers. A chunk past
-- 2 × private.line_chunk_size() members is split in two; an empty one (but the first) is dropped.
--
-- So a place costs a pass over the chunks (the line's length / private.line_chunk_size() rows) and a few
-- counts of at most a chunk each, not a sort of the line; and keeping the tables costs each change a few
-- index lookups and at most a chunk's members.
--
-- It stays equal to the rows:
-- * Statement triggers on both tables keep it, also with session_replication_role = replica (ENABLE
--   ALWAYS), so rows written with the other triggers off (a fixture, a bulk load) are counted too. A
--   statement that changes more members than a chunk holds rebuilds the list's tables instead.
-- * One change of the lines at a time: private.lock_lines, taken before any row of either table is updated or
--   deleted (a statement trigger), and before the tables are touched after an insert. Every change then
--   recomputes what it touches from the rows as committed before it, so two confirmations at once cannot
--   both miss each other. It is taken before the per-code lock of private.decide_code_cap, in every path.
-- * private.rebuild_line(list) makes both tables again from the rows; private.check_line(list) names any
--   difference between them and the rows; private.line_places_from_rows ranks the whole line as before,
--   and private.line_places reads every member's place from the kept tables, for the tests that hold the
--   two equal (supabase/tests/line-kept.test.ts).
--
-- Plain SQL for PGlite (18), PostgreSQL 15 and hosted 17.

-- 1. The numbers and the lock ---------------------------------------------------------------------------

-- Members per chunk when a line is rebuilt or a chunk split; a chunk holds at most twice as many. Near
-- the square root of a line of a million: a place reads about as many chunks as members inside one.
create function private.line_chunk_size()
returns integer
language sql
immutable
as $$ select 1024 $$;
revoke all on function private.line_chunk_size() from public;

-- One change of the lines at a time, held to the end of the transaction.
create function private.lock_lines()
returns void
language sql
volatile
set search_path = ''
as $$ select pg_advisory_xact_lock(hashtextextended('lines of places', 0)) $$;
revoke all on function private.lock_lines() from public;

-- The table of a line; 22023 for any list without one.
create function private.line_table(p_list text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_list is null or p_list not in ('early_access', 'waitlist') then
    raise exception 'not a list with a line: %', coalesce(p_list, 'null') using errcode = '22023';
  end if;
  return private.signup_table(p_list);
end;
$$;
revoke all on function private.line_table(text) from public;
grant execute on function private.line_table(text) to service_role;

-- 2. What is kept ---------------------------------------------------------------------------------------

create table private.line_credits (
  list text not null check (list in ('early_access', 'waitlist')),
  id uuid not null,
  confirmed_at timestamptz not null,
  credited integer not null check (credited > 0),
  primary key (list, id)
);
create index line_credits_order on private.line_credits (list, confirmed_at, id) include (credited);
revoke all on table private.line_credits from public, anon, authenticated, service_role;

create table private.line_chunks (
  list text not null check (list in ('early_access', 'waitlist')),
  lo_at timestamptz not null,
  lo_id uuid not null,
  size integer not null check (size >= 0),
  credited integer not null default 0 check (credited >= 0),
  min_credit integer,
  max_credit integer,
  primary key (list, lo_at, lo_id),
  constraint line_chunks_credit_check
    check ((credited = 0) = (min_credit is null) and (credited = 0) = (max_credit is null)
           and min_credit <= max_credit)
);
revoke all on table private.line_chunks from public, anon, authenticated, service_role;

-- The members of a line in order: an arrival inside a chunk is a range of this index.
create index early_access_signups_line_order on public.early_access_signups (confirmed_at, id)
  where confirmed_at is not null;
create index waitlist_signups_line_order on public.waitlist_signups (confirmed_at, id)
  where confirmed_at is not null;

-- 3. Credit, from the rows --------------------------------------------------------------------------------

-- The members of the line with credit, of p_ids (all when NULL), and their credit: the referrals naming
-- their code that are confirmed, not held, and made after them, one person once (private.person_mailbox).
-- The rule of migration 20251129000000's private.line_places, written once here.
create function private.line_credits_from_rows(p_list text, p_ids uuid[])
returns table (id uuid, confirmed_at timestamptz, credited integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- EXECUTE plans with the values given, so a few ids are looked up by key, and NULL reads the line.
  return query execute format(
    'select m.id, m.confirmed_at, count(distinct private.person_mailbox(x.email))::integer
       from public.%1$I m
       join public.%1$I x on x.referred_by = m.referral_code
      where m.confirmed_at is not null
        and ($1::uuid[] is null or m.id = any($1::uuid[]))
        and x.confirmed_at is not null
        and x.referral_hold is null
        and x.created_at > m.created_at
      group by m.id, m.confirmed_at',
    private.line_table(p_list))
  using p_ids;
end;
$$;
revoke all on function private.line_credits_from_rows(text, uuid[]) from public;

-- 4. Keeping the chunks -----------------------------------------------------------------------------------

-- Counts again the members with credit of the chunk starting at (p_lo_at, p_lo_id), and their credits.
create function private.count_line_chunk(p_list text, p_lo_at timestamptz, p_lo_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
revoke all on function private.count_line_chunk(text, timestamptz, uuid) from public;

-- Splits the chunk starting at (p_lo_at, p_lo_id) while it holds more than 2 × private.line_chunk_size()
-- members: its first private.line_chunk_size() stay, the rest start a chunk of their own.
create function private.split_line_chunk(p_list text, p_lo_at timestamptz, p_lo_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
$$;
revoke all on function private.split_line_chunk(text, timestamptz, uuid) from public;

-- A member joins (p_step 1) or leaves (p_step -1) the line at the key (p_at, p_id): its chunk's size.
create function private.move_line_member(p_list text, p_at timestamptz, p_id uuid, p_step integer)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
revoke all on function private.move_line_member(text, timestamptz, uuid, integer) from public;

-- Once every member of a statement has joined or left (so that the sizes are the rows' again), the
-- chunks holding the keys p_at, p_id: an empty one goes (its range joins the chunk before, which it adds
-- no member to; the first chunk stays), one past 2 × private.line_chunk_size() members is split.
create function private.tidy_line_chunks(p_list text, p_at timestamptz[], p_id uuid[])
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
revoke all on function private.tidy_line_chunks(text, timestamptz[], uuid[]) from public;

-- Counts the credit of the sign-ups p_ids again from the rows (those that are not members, or have no
-- credit, keep none), and the numbers of each chunk where one of them was or is.
create function private.credit_line_members(p_list text, p_ids uuid[])
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
revoke all on function private.credit_line_members(text, uuid[]) from public;

-- Makes the list's kept tables again from the rows: every member with credit, and chunks of
-- private.line_chunk_size() members in order.
create function private.rebuild_line(p_list text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
$$;
revoke all on function private.rebuild_line(text) from public;

-- 5. Keeping them with the rows -------------------------------------------------------------------------

-- Before a statement updates the columns a place rests on, or deletes rows: the lines' lock, so that it
-- comes before any row lock of the statement and before the per-code lock a later trigger takes.
create function private.lock_lines_first()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.lock_lines();
  return null;
end;
$$;
revoke all on function private.lock_lines_first() from public;

-- After a statement: the members who left (or moved), those who joined (or moved), and the credit of
-- every row it changed and of the referrers their referrals name, all from the rows. Only rows that are or
-- were confirmed count: an unconfirmed sign-up has no place and credits nobody. Without parallel workers,
-- as private.line_place (below) says why: each count here is of a chunk at most.
create function private.keep_line()
returns trigger
language plpgsql
security definer
set search_path = ''
set max_parallel_workers_per_gather = 0
as $$
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
$$;
revoke all on function private.keep_line() from public;

do $$
declare
  v_table text;
begin
  foreach v_table in array array['early_access_signups', 'waitlist_signups'] loop
    execute format(
      'create trigger %1$I
         before update of confirmed_at, created_at, email, referral_hold, referred_by, referral_code or delete
         on public.%2$I
         for each statement execute function private.lock_lines_first()',
      v_table || '_line_lock', v_table);
    execute format(
      'create trigger %1$I after insert on public.%2$I referencing new table as new_rows
         for each statement execute function private.keep_line()',
      v_table || '_line_insert', v_table);
    execute format(
      'create trigger %1$I after update on public.%2$I
         referencing old table as old_rows new table as new_rows
         for each statement execute function private.keep_line()',
      v_table || '_line_update', v_table);
    execute format(
      'create trigger %1$I after delete on public.%2$I referencing old table as old_rows
         for each statement execute function private.keep_line()',
      v_table || '_line_delete', v_table);
    -- Also for rows written with session_replication_role = replica: the kept tables are never skipped.
    execute format('alter table public.%1$I enable always trigger %2$I', v_table, v_table || '_line_lock');
    execute format('alter table public.%1$I enable always trigger %2$I', v_table, v_table || '_line_insert');
    execute format('alter table public.%1$I enable always trigger %2$I', v_table, v_table || '_line_update');
    execute format('alter table public.%1$I enable always trigger %2$I', v_table, v_table || '_line_delete');
  end loop;
end;
$$;

-- 6. Reading a place -----------------------------------------------------------------------------------

-- Where the key (p_at, p_id) stands: its arrival (the members up to and including it) and how many
-- members with credit arrived before it.
create function private.line_position(
  p_list text,
  p_at timestamptz,
  p_id uuid,
  out arrival bigint,
  out credited_before bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_lo_at timestamptz;
  v_lo_id uuid;
  v_inside bigint;
begin
  select c.lo_at, c.lo_id into v_lo_at, v_lo_id
    from private.line_chunks c
   where c.list = p_list and (c.lo_at, c.lo_id) <= (p_at, p_id)
   order by c.lo_at desc, c.lo_id desc
   limit 1;
  if not found then
    raise exception 'The % line has no first chunk: rebuild it with private.rebuild_line', p_list;
  end if;
  select coalesce(sum(c.size), 0), coalesce(sum(c.credited), 0) into arrival, credited_before
    from private.line_chunks c
   where c.list = p_list and (c.lo_at, c.lo_id) < (v_lo_at, v_lo_id);
  execute format(
    'select count(*) from public.%I s
      where s.confirmed_at is not null
        and (s.confirmed_at, s.id) >= ($1, $2) and (s.confirmed_at, s.id) <= ($3, $4)',
    private.line_table(p_list))
     into v_inside
    using v_lo_at, v_lo_id, p_at, p_id;
  arrival := arrival + v_inside;
  select credited_before + count(*) into credited_before
    from private.line_credits x
   where x.list = p_list and (x.confirmed_at, x.id) >= (v_lo_at, v_lo_id)
     and (x.confirmed_at, x.id) < (p_at, p_id);
end;
$$;
revoke all on function private.line_position(text, timestamptz, uuid) from public;

-- How many members with credit arrived at or before arrival p_arrival.
create function private.line_credited_within(p_list text, p_arrival bigint)
returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_lo_at timestamptz;
  v_lo_id uuid;
  v_before bigint;
  v_credited_before bigint;
  v_at timestamptz;
  v_id uuid;
begin
  if p_arrival < 1 then
    return 0;
  end if;
  select c.lo_at, c.lo_id, c.upto - c.size, c.credited_upto - c.credited
    into v_lo_at, v_lo_id, v_before, v_credited_before
    from (select c.lo_at, c.lo_id, c.size, c.credited,
                 sum(c.size) over w as upto, sum(c.credited) over w as credited_upto
            from private.line_chunks c
           where c.list = p_list
          window w as (order by c.lo_at, c.lo_id rows between unbounded preceding and current row)) c
   where c.upto >= p_arrival
   order by c.lo_at, c.lo_id
   limit 1;
  if not found then
    return (select coalesce(sum(c.credited), 0) from private.line_chunks c where c.list = p_list);
  end if;
  execute format(
    'select s.confirmed_at, s.id from public.%I s
      where s.confirmed_at is not null and (s.confirmed_at, s.id) >= ($1, $2)
      order by s.confirmed_at, s.id
     offset $3 limit 1',
    private.line_table(p_list))
     into v_at, v_id
    using v_lo_at, v_lo_id, p_arrival - v_before - 1;
  return v_credited_before
    + (select count(*) from private.line_credits x
        where x.list = p_list and (x.confirmed_at, x.id) >= (v_lo_at, v_lo_id)
          and (x.confirmed_at, x.id) <= (v_at, v_id));
end;
$$;
revoke all on function private.line_credited_within(text, bigint) from public;

-- Inside one chunk (its first key, the next chunk's or NULL for the last, its size and the members
-- before it): how many of its members with credit are ahead of the mark,
-- (arrival − 10 × credited, confirmed_at, id) < (p_key, p_at, p_id).
create function private.line_chunk_credited_ahead(
  p_list text,
  p_lo_at timestamptz,
  p_lo_id uuid,
  p_hi_at timestamptz,
  p_hi_id uuid,
  p_size integer,
  p_before bigint,
  p_key bigint,
  p_at timestamptz,
  p_id uuid
)
returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_count bigint;
begin
  -- The chunk's members are the first p_size from its first key (its size is kept exactly), numbered;
  -- its members with credit are an index range of private.line_credits, bounded by the next chunk.
  execute format(
    'select count(*)
       from (select s.id, s.confirmed_at, $5 + row_number() over (order by s.confirmed_at, s.id) as arrival
               from (select s.id, s.confirmed_at from public.%I s
                      where s.confirmed_at is not null and (s.confirmed_at, s.id) >= ($2, $3)
                      order by s.confirmed_at, s.id
                      limit $4) s) m
       join (select x.id, x.credited from private.line_credits x
              where x.list = $1 and (x.confirmed_at, x.id) >= ($2, $3) %s) x on x.id = m.id
      where (m.arrival - $9 * x.credited, m.confirmed_at, m.id) < ($6, $7, $8)',
    private.line_table(p_list),
    case when p_hi_at is not null then 'and (x.confirmed_at, x.id) < ($10, $11)' else '' end)
     into v_count
    using p_list, p_lo_at, p_lo_id, p_size, p_before, p_key, p_at, p_id, private.places_per_referral(),
          p_hi_at, p_hi_id;
  return v_count;
end;
$$;
revoke all on function private.line_chunk_credited_ahead(text, timestamptz, uuid, timestamptz, uuid, integer, bigint, bigint, timestamptz, uuid) from public;

-- How many members with credit are ahead of the mark (arrival − 10 × credited, confirmed_at, id) <
-- (p_key, p_at, p_id). A chunk whose members with credit all stand before the mark, or all after it, by
-- its numbers counts as a whole; only one that straddles it is ranked inside.
create function private.line_credited_ahead(p_list text, p_key bigint, p_at timestamptz, p_id uuid)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(case
           when c.before + c.size - private.places_per_referral() * c.min_credit < p_key then c.credited
           when c.before + 1 - private.places_per_referral() * c.max_credit > p_key then 0
           else private.line_chunk_credited_ahead(p_list, c.lo_at, c.lo_id, c.hi_at, c.hi_id, c.size,
                                                  c.before, p_key, p_at, p_id)
         end), 0)::bigint
    from (select c.lo_at, c.lo_id, c.size, c.credited, c.min_credit, c.max_credit,
                 coalesce(sum(c.size) over (order by c.lo_at, c.lo_id
                                            rows between unbounded preceding and 1 preceding), 0) as before,
                 lead(c.lo_at) over (order by c.lo_at, c.lo_id) as hi_at,
                 lead(c.lo_id) over (order by c.lo_at, c.lo_id) as hi_id
            from private.line_chunks c
           where c.list = p_list) c
   where c.credited > 0
$$;
revoke all on function private.line_credited_ahead(text, bigint, timestamptz, uuid) from public;

-- A member's place and credit now, from the kept tables; both NULL when the sign-up is not (or no longer)
-- a confirmed member of the line. Without parallel workers: the planner takes a range of (confirmed_at,
-- id) for a third of the table, and starting workers for the count of a chunk costs many times more than
-- the whole read.
create function private.line_place(p_list text, p_id uuid, out place bigint, out credited integer)
language plpgsql
stable
security definer
set search_path = ''
set max_parallel_workers_per_gather = 0
as $$
declare
  v_at timestamptz;
  v_arrival bigint;
  v_credited_before bigint;
  v_key bigint;
begin
  execute format('select confirmed_at from public.%I where id = $1', private.line_table(p_list))
     into v_at
    using p_id;
  if v_at is null then
    return;
  end if;
  select coalesce((select x.credited from private.line_credits x where x.list = p_list and x.id = p_id), 0)
    into credited;
  select p.arrival, p.credited_before into v_arrival, v_credited_before
    from private.line_position(p_list, v_at, p_id) p;
  if credited = 0 then
    -- Its arrival, and one more for each member with credit behind it that reaches it (arrival −
    -- 10 × credited at most its arrival): of those that reach it, the ones that arrived before it are
    -- counted in its arrival already.
    place := v_arrival
      + private.line_credited_ahead(p_list, v_arrival + 1, '-infinity', '00000000-0000-0000-0000-000000000000')
      - v_credited_before;
  else
    v_key := v_arrival - private.places_per_referral() * credited;
    -- The members without credit who arrived before its mark, then those with credit ahead of it.
    place := 1 + greatest(v_key - 1, 0) - private.line_credited_within(p_list, v_key - 1)
      + private.line_credited_ahead(p_list, v_key, v_at, p_id);
  end if;
end;
$$;
revoke all on function private.line_place(text, uuid) from public;
grant execute on function private.line_place(text, uuid) to service_role;

-- As migration 20251129000000, from the kept tables: {list, position, referral_code, credited}, or NULL
-- when the sign-up is not (or no longer) a confirmed member of the line.
create or replace function public.signup_place(p_list text, p_id uuid)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_code text;
  v_place bigint;
  v_credited integer;
begin
  execute format('select referral_code from public.%I where id = $1 and confirmed_at is not null',
                 private.line_table(p_list))
     into v_code
    using p_id;
  if v_code is null then
    return null;
  end if;
  select l.place, l.credited into v_place, v_credited from private.line_place(p_list, p_id) l;
  return jsonb_build_object('list', p_list, 'position', v_place, 'referral_code', v_code,
                            'credited', v_credited);
end;
$$;

-- Every member of the line with its place and credit, read from the kept tables one member at a time:
-- for checks and tests (a page or a mail reads one place, private.line_place).
create or replace function private.line_places(p_list text)
returns table (id uuid, place bigint, credited bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query execute format(
    'select s.id, p.place, p.credited::bigint
       from public.%I s
      cross join lateral private.line_place($1, s.id) p
      where s.confirmed_at is not null',
    private.line_table(p_list))
  using p_list;
end;
$$;

-- Every member of the line with its place and credit, ranked from the rows alone as migration
-- 20251129000000 did on every read: what the kept tables must always give.
create function private.line_places_from_rows(p_list text)
returns table (id uuid, place bigint, credited bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query execute format(
    'with members as (
       select m.id, row_number() over (order by m.confirmed_at, m.id) as arrival
         from public.%I m
        where m.confirmed_at is not null
     )
     select m.id,
            row_number() over (
              order by m.arrival - private.places_per_referral() * coalesce(c.credited, 0),
                       c.credited is null, m.arrival),
            coalesce(c.credited, 0)::bigint
       from members m
       left join private.line_credits_from_rows($1, null) c on c.id = m.id',
    private.line_table(p_list))
  using p_list;
end;
$$;
revoke all on function private.line_places_from_rows(text) from public;

-- What differs between the list's kept tables and its rows, one line of text each; none when they agree.
-- Reads the whole line (and each chunk's members once): for tests and for an operator's check.
create function private.check_line(p_list text)
returns setof text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
    select 'credit of ' || coalesce(k.id, r.id) || ': kept ' || coalesce(k.credited::text, 'none')
           || ', from the rows ' || coalesce(r.credited::text, 'none')
      from (select x.id, x.confirmed_at, x.credited from private.line_credits x where x.list = p_list) k
      full join private.line_credits_from_rows(p_list, null) r on r.id = k.id
     where k.id is null or r.id is null or (k.confirmed_at, k.credited) <> (r.confirmed_at, r.credited);
  if not exists (select from private.line_chunks c
                  where c.list = p_list and c.lo_at = '-infinity'
                    and c.lo_id = '00000000-0000-0000-0000-000000000000') then
    return next 'no first chunk';
  end if;
  -- Each member belongs to the last chunk starting at or before its key: in one pass over the chunks'
  -- starts and the members in order, a member's chunk is the number of starts before it.
  return query execute format(
    'with kept as (
       select c.*, row_number() over (order by c.lo_at, c.lo_id) as n
         from private.line_chunks c
        where c.list = $1
     ),
     line as (
       select k.n as chunk, null::integer as credited, 0 as kind, k.lo_at as at, k.lo_id as id
         from kept k
       union all
       select null, x.credited, 1, s.confirmed_at, s.id
         from public.%I s
         left join private.line_credits x on x.list = $1 and x.id = s.id
        where s.confirmed_at is not null
     ),
     counted as (
       select max(l.chunk) over (order by l.at, l.id, l.kind rows unbounded preceding) as chunk, l.credited, l.kind
         from line l
     ),
     per_chunk as (
       select c.chunk, count(*) filter (where c.kind = 1)::integer as size,
              count(c.credited)::integer as credited, min(c.credited) as min_credit, max(c.credited) as max_credit
         from counted c
        group by c.chunk
     )
     select ''chunk at '' || k.lo_at || '' '' || k.lo_id || '': kept ''
            || row(k.size, k.credited, k.min_credit, k.max_credit)::text || '', counted ''
            || row(c.size, c.credited, c.min_credit, c.max_credit)::text
       from kept k
       join per_chunk c on c.chunk = k.n
      where row(k.size, k.credited, k.min_credit, k.max_credit)
            is distinct from row(c.size, c.credited, c.min_credit, c.max_credit)
         or k.size > 2 * $2
         or (k.size = 0 and k.n > 1)',
    private.line_table(p_list))
  using p_list, private.line_chunk_size();
end;
$$;
revoke all on function private.check_line(text) from public;

-- 7. The console's referrals: each referrer's place from the kept tables -------------------------------

-- The suspected-farming numbers are one row. A set-returning function is taken for 1,000 rows unless it
-- says otherwise, and console_referrals crosses its codes with it twice: the estimate grew a
-- thousandfold, past jit_above_cost, and compiling the query took most of its time on a server with JIT.
alter function private.suspected_farming_rules() rows 1;

-- As migration 20251129000100, but the place of each referrer on the page is read alone
-- (private.line_place) instead of ranking both lines whenever a page holds one of their referrers.
create or replace function public.console_referrals(
  p_from date,
  p_to date,
  p_suspected boolean,
  p_limit integer,
  p_offset integer
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_from timestamptz;
  v_to timestamptz;
  v_limit integer;
  v_offset integer;
  v_total bigint;
  v_rows jsonb;
begin
  perform private.require_staff();
  perform private.console_check_range(p_from, p_to);
  v_limit := private.console_limit(p_limit, 50, 200);
  v_offset := private.console_offset(p_offset);
  v_from := coalesce(private.utc_day_start(p_from), '-infinity');
  v_to := coalesce(private.utc_day_start(p_to + 1), 'infinity');

  -- One statement: a STABLE function may not keep the codes in a table of its own between two.
  with rules as (
    select s.* from private.suspected_farming_rules() s
  ),
  referred as (
    select 'early_access' as list, x.referred_by as code, x.email, x.created_at, x.confirmed_at,
           x.referral_hold
      from public.early_access_signups x
     where x.referred_by is not null and x.created_at >= v_from and x.created_at < v_to
    union all
    select 'waitlist', x.referred_by, x.email, x.created_at, x.confirmed_at, x.referral_hold
      from public.waitlist_signups x
     where x.referred_by is not null and x.created_at >= v_from and x.created_at < v_to
  ),
  referrers as (
    select 'early_access' as list, r.id, r.email, r.referral_code, r.created_at, r.confirmed_at
      from public.early_access_signups r
     where r.referral_code in (select d.code from referred d where d.list = 'early_access')
    union all
    select 'waitlist', r.id, r.email, r.referral_code, r.created_at, r.confirmed_at
      from public.waitlist_signups r
     where r.referral_code in (select d.code from referred d where d.list = 'waitlist')
  ),
  counted as (
    select d.list, d.code, r.id as referrer_id, r.email,
           count(*) as referred,
           count(*) filter (where d.confirmed_at is not null) as confirmed,
           count(distinct private.person_mailbox(d.email))
             filter (where d.confirmed_at is not null and d.referral_hold is null
                       and r.confirmed_at is not null and d.created_at > r.created_at) as credited,
           count(*) filter (where d.referral_hold = 'self') as held_self,
           count(*) filter (where d.referral_hold = 'address_cap') as held_address_cap,
           count(*) filter (where d.referral_hold = 'code_cap') as held_code_cap,
           count(*) filter (where d.referral_hold = 'disposable') as held_disposable,
           count(*) filter (where d.confirmed_at is null) as unconfirmed,
           count(*) filter (where d.referral_hold is not null) as held,
           count(*) filter (where d.created_at <= now() - make_interval(hours => s.settle_hours)) as settled,
           count(*) filter (where d.created_at <= now() - make_interval(hours => s.settle_hours)
                              and d.confirmed_at is not null) as settled_confirmed
      from referred d
      cross join rules s
      left join referrers r on r.list = d.list and r.referral_code = d.code
     group by d.list, d.code, r.id, r.email
  ),
  codes as (
    select c.*,
           array_remove(array[
             case when c.held >= s.min_held then 'held' end,
             case when c.settled >= s.min_settled
                   and c.settled_confirmed < c.settled * s.min_confirmed_share then 'unconfirmed' end
           ], null) as suspected_because
      from counted c
      cross join rules s
  ),
  chosen as (
    select c.*, cardinality(c.suspected_because) > 0 as suspected,
           row_number() over (order by cardinality(c.suspected_because) > 0 desc, c.referred desc,
                                       c.list, c.code) as n
      from codes c
     where not coalesce(p_suspected, false) or cardinality(c.suspected_because) > 0
  ),
  page as (
    select * from chosen c
     where c.n > v_offset and c.n <= v_offset + v_limit
  )
  select (select count(*) from chosen),
         coalesce(jsonb_agg(jsonb_build_object(
           'list', p.list, 'email', p.email, 'referral_code', p.code,
           'place', (select l.place from private.line_place(p.list, p.referrer_id) l),
           'referred', p.referred, 'confirmed', p.confirmed, 'credited', p.credited,
           'held_self', p.held_self, 'held_address_cap', p.held_address_cap,
           'held_code_cap', p.held_code_cap, 'held_disposable', p.held_disposable,
           'unconfirmed', p.unconfirmed, 'suspected', p.suspected,
           'suspected_because', to_jsonb(p.suspected_because))
         order by p.n), '[]'::jsonb)
    into v_total, v_rows
    from page p;
  return jsonb_build_object('total', v_total, 'rows', v_rows);
end;
$$;

-- 8. The lines as they are ------------------------------------------------------------------------------

select private.rebuild_line('early_access');
select private.rebuild_line('waitlist');
