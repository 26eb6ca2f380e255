-- Reading the line that line.sql keeps (docs/growth.md, "A place in line" and "How the line is kept").
-- A place is the rank of arrival − 10 × credited referrals among the confirmed members (arrival: the
-- order of confirmation), a member with credit ahead of one without that it draws level with, other
-- ties by arrival. It is read from the kept tables in a pass over the chunk rows and a few counts of at
-- most a chunk each, not a sort of the line: public.signup_place, for the confirmation page, the place
-- mail and the place page. The same places ranked from the rows alone, and a check that names every
-- difference between the kept tables and the rows, are for the tests, the benchmark and an operator.

-- The credit rule --------------------------------------------------------------------------------------

-- The members of the line with credit, of p_ids (all when NULL), and their credit: the referrals naming
-- their code that are confirmed, not held, and made after them (so no loop can form), one person once
-- (private.person_mailbox). The one statement of the credit rule: private.line_credits keeps what it
-- counts, and private.check_line compares the two.
CREATE FUNCTION private.line_credits_from_rows(p_list text, p_ids uuid[]) RETURNS TABLE(id uuid, confirmed_at timestamp with time zone, credited integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;
REVOKE ALL ON FUNCTION private.line_credits_from_rows(p_list text, p_ids uuid[]) FROM PUBLIC;

-- A place from the kept tables -------------------------------------------------------------------------

-- Where the key (p_at, p_id) stands: its arrival (the members up to and including it) and how many
-- members with credit arrived before it.
CREATE FUNCTION private.line_position(p_list text, p_at timestamp with time zone, p_id uuid, OUT arrival bigint, OUT credited_before bigint) RETURNS record
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;
REVOKE ALL ON FUNCTION private.line_position(p_list text, p_at timestamp with time zone, p_id uuid, OUT arrival bigint, OUT credited_before bigint) FROM PUBLIC;

-- How many members with credit arrived at or before arrival p_arrival.
CREATE FUNCTION private.line_credited_within(p_list text, p_arrival bigint) RETURNS bigint
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;
REVOKE ALL ON FUNCTION private.line_credited_within(p_list text, p_arrival bigint) FROM PUBLIC;

-- Inside one chunk (its first key, the next chunk's or NULL for the last, its size and the members
-- before it): how many of its members with credit are ahead of the mark,
-- (arrival − 10 × credited, confirmed_at, id) < (p_key, p_at, p_id).
CREATE FUNCTION private.line_chunk_credited_ahead(p_list text, p_lo_at timestamp with time zone, p_lo_id uuid, p_hi_at timestamp with time zone, p_hi_id uuid, p_size integer, p_before bigint, p_key bigint, p_at timestamp with time zone, p_id uuid) RETURNS bigint
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;
REVOKE ALL ON FUNCTION private.line_chunk_credited_ahead(p_list text, p_lo_at timestamp with time zone, p_lo_id uuid, p_hi_at timestamp with time zone, p_hi_id uuid, p_size integer, p_before bigint, p_key bigint, p_at timestamp with time zone, p_id uuid) FROM PUBLIC;

-- How many members with credit are ahead of the mark (arrival − 10 × credited, confirmed_at, id) <
-- (p_key, p_at, p_id). A chunk whose members with credit all stand before the mark, or all after it, by
-- its numbers counts as a whole; only one that straddles it is ranked inside.
CREATE FUNCTION private.line_credited_ahead(p_list text, p_key bigint, p_at timestamp with time zone, p_id uuid) RETURNS bigint
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
REVOKE ALL ON FUNCTION private.line_credited_ahead(p_list text, p_key bigint, p_at timestamp with time zone, p_id uuid) FROM PUBLIC;

-- A member's place and credit now, from the kept tables; both NULL when the sign-up is not (or no
-- longer) a confirmed member of the line. Without credit, a member stands at its arrival, one further
-- back for each member with credit behind it whose mark reaches it; with credit, after the members
-- without credit who arrived before its mark and the members with credit ahead of it. Without parallel
-- workers: the planner takes a range of (confirmed_at, id) for a third of the table, and starting
-- workers for the count of a chunk costs many times more than the whole read.
CREATE FUNCTION private.line_place(p_list text, p_id uuid, OUT place bigint, OUT credited integer) RETURNS record
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET max_parallel_workers_per_gather TO '0'
    AS $_$
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
$_$;
REVOKE ALL ON FUNCTION private.line_place(p_list text, p_id uuid, OUT place bigint, OUT credited integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.line_place(p_list text, p_id uuid, OUT place bigint, OUT credited integer) TO service_role;

-- The front of the line: every member whose place is at most p_upto, with that place, at once (a launch
-- wave walks the line from #1: public.console_invite_wave, launch-waves.sql). A member stands at or
-- behind its mark (arrival − 10 × credited), so the members at places 1 to p_upto are among those whose
-- mark is at most p_upto: the first p_upto to arrive, and the members with credit arriving later whose
-- mark reaches back that far. Those are found from the chunks' numbers (only a chunk whose largest
-- credit reaches back is read), then all of them ranked by the rule, so each gets the place
-- public.signup_place gives it, with when it confirmed. Rows with a place past p_upto are left out.
-- Without parallel workers, as private.line_place, and without JIT compilation: at a million members
-- the planner's estimate (the whole line) passes JIT's threshold, and compiling took 35 ms of a query
-- that reads the 20,000 rows of a wave in 70. Its rows are estimated at 100,000, not the default 1,000:
-- a wave deep in the line reads hundreds of thousands, and with 1,000 the planner joined them to the
-- invitations by one index lookup each (520,000 for the next 10,000 after 500,000).
CREATE FUNCTION private.line_front(p_list text, p_upto bigint) RETURNS TABLE(id uuid, place bigint, confirmed_at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 100000
    SET search_path TO ''
    SET max_parallel_workers_per_gather TO '0'
    SET jit TO 'off'
    AS $_$
begin
  return query execute format(
    'with front as (
       select s.id, s.confirmed_at, row_number() over (order by s.confirmed_at, s.id) as arrival
         from (select s.id, s.confirmed_at from public.%1$I s
                where s.confirmed_at is not null
                order by s.confirmed_at, s.id
                limit $2) s
     ),
     chunks as (
       select c.lo_at, c.lo_id, c.size, c.credited, c.max_credit,
              coalesce(sum(c.size) over (order by c.lo_at, c.lo_id
                                         rows between unbounded preceding and 1 preceding), 0) as before
         from private.line_chunks c
        where c.list = $1
     ),
     far as (
       select m.id, m.confirmed_at, c.before + m.n as arrival
         from chunks c
        cross join lateral (
          select s.id, s.confirmed_at, row_number() over (order by s.confirmed_at, s.id) as n
            from (select s.id, s.confirmed_at from public.%1$I s
                   where s.confirmed_at is not null and (s.confirmed_at, s.id) >= (c.lo_at, c.lo_id)
                   order by s.confirmed_at, s.id
                   limit c.size) s) m
        where c.credited > 0
          and c.before + c.size > $2
          and c.before + 1 - $3 * c.max_credit <= $2
          and c.before + m.n > $2
     ),
     marked as (
       select m.id, m.confirmed_at, m.arrival, coalesce(x.credited, 0) as credited
         from (select * from front union all select * from far) m
         left join private.line_credits x on x.list = $1 and x.id = m.id
        where m.arrival - $3 * coalesce(x.credited, 0) <= $2
     )
     select r.id, r.place, r.confirmed_at
       from (select m.id, m.confirmed_at,
                    row_number() over (order by m.arrival - $3 * m.credited, m.credited = 0, m.arrival) as place
               from marked m) r
      where r.place <= $2',
    private.line_table(p_list))
  using p_list, p_upto, private.places_per_referral();
end;
$_$;
REVOKE ALL ON FUNCTION private.line_front(p_list text, p_upto bigint) FROM PUBLIC;

-- What the functions call ------------------------------------------------------------------------------

-- A confirmed member's place now: {list, position, referral_code, credited}, or NULL when the sign-up
-- is not (or no longer) a confirmed member of the line. The confirmation page (public.confirm_signup,
-- consent.sql), the place mail (private.mail_details_place, mail-kinds.sql) and the place page
-- (public.place_for_token) show it.
CREATE FUNCTION public.signup_place(p_list text, p_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
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
$_$;
REVOKE ALL ON FUNCTION public.signup_place(p_list text, p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.signup_place(p_list text, p_id uuid) TO service_role;

-- What a place link shows (the function signup-place, through
-- supabase/functions/_shared/consent/link-ledger.ts): {list, position, referral_code} of its sign-up
-- now, or NULL for any other token and for a sign-up that is no longer a confirmed member. Viewing uses
-- nothing up: the link lives as long as the sign-up.
CREATE FUNCTION public.place_for_token(p_token_hash text) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v_token public.email_tokens;
  v_list text;
  v_place jsonb;
begin
  select * into v_token
    from public.email_tokens
   where token_hash = p_token_hash and purpose = 'place'
     and (expires_at is null or expires_at > now());
  if not found then
    return null;
  end if;
  v_list := case when v_token.early_access_id is not null then 'early_access' else 'waitlist' end;
  v_place := public.signup_place(v_list, coalesce(v_token.early_access_id, v_token.waitlist_id));
  if v_place is null then
    return null;
  end if;
  return jsonb_build_object('list', v_list, 'position', v_place -> 'position',
                            'referral_code', v_place -> 'referral_code');
end;
$$;
REVOKE ALL ON FUNCTION public.place_for_token(p_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.place_for_token(p_token_hash text) TO service_role;

-- Stores a place mail's two token hashes (the place page's and the unsubscribe link's, derived from
-- the message id with MAIL_LINK_SECRET, which only the functions hold) under the worker's lease.
-- Repeating it for a retry changes nothing. False when the lease is not the caller's any more or the
-- message is gone with its sign-up. The worker stores every kind's tokens with public.keep_mail_tokens
-- (consent.sql): nothing in supabase/functions calls this one; supabase/tests/growth-confirm.test.ts
-- does.
CREATE FUNCTION public.keep_place_tokens(p_id uuid, p_lease uuid, p_place_token_hash text, p_unsubscribe_token_hash text) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_early_access_id uuid;
  v_waitlist_id uuid;
begin
  select early_access_id, waitlist_id into v_early_access_id, v_waitlist_id
    from public.mail_queue
   where id = p_id and lease = p_lease and status = 'sending' and kind = 'place';
  if not found then
    return false;
  end if;
  insert into public.email_tokens (token_hash, purpose, early_access_id, waitlist_id)
  values (p_place_token_hash, 'place', v_early_access_id, v_waitlist_id),
         (p_unsubscribe_token_hash, 'unsubscribe', v_early_access_id, v_waitlist_id)
  on conflict (token_hash) do nothing;
  return true;
end;
$$;
REVOKE ALL ON FUNCTION public.keep_place_tokens(p_id uuid, p_lease uuid, p_place_token_hash text, p_unsubscribe_token_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.keep_place_tokens(p_id uuid, p_lease uuid, p_place_token_hash text, p_unsubscribe_token_hash text) TO service_role;

-- Checks -----------------------------------------------------------------------------------------------

-- Every member of the line with its place and credit, read from the kept tables one member at a time:
-- for checks and tests (a page or a mail reads one place, private.line_place).
CREATE FUNCTION private.line_places(p_list text) RETURNS TABLE(id uuid, place bigint, credited bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
begin
  return query execute format(
    'select s.id, p.place, p.credited::bigint
       from public.%I s
      cross join lateral private.line_place($1, s.id) p
      where s.confirmed_at is not null',
    private.line_table(p_list))
  using p_list;
end;
$_$;
REVOKE ALL ON FUNCTION private.line_places(p_list text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.line_places(p_list text) TO service_role;

-- Every member of the line with its place and credit, ranked from the rows alone (a sort of the whole
-- line): the rule itself, which the kept tables must always give. supabase/tests/line-kept.test.ts and
-- tools/db-bench/src/line-places.ts compare the two.
CREATE FUNCTION private.line_places_from_rows(p_list text) RETURNS TABLE(id uuid, place bigint, credited bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;
REVOKE ALL ON FUNCTION private.line_places_from_rows(p_list text) FROM PUBLIC;

-- What differs between the list's kept tables and its rows, one line of text each; none when they agree.
-- Reads the whole line (and each chunk's members once): for tests and for an operator's check, whose
-- cure is private.rebuild_line (line.sql).
CREATE FUNCTION private.check_line(p_list text) RETURNS SETOF text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;
REVOKE ALL ON FUNCTION private.check_line(p_list text) FROM PUBLIC;
