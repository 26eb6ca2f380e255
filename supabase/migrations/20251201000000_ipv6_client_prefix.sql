-- An IPv6 client is counted by its /48, not its /64 (docs/security.md, "Rate limits").
--
-- Migration 20250801000100 keyed an IPv6 client on its /64, one subscriber's network. But providers give
-- a home connection a /56 as a rule and a business a /48, so one subscriber owned 256 or 65,536 /64s and got every limit that many times: twelve /64s of one /56
-- signed up 120 times a minute where one address may sign up 10 times. A /48 is the widest prefix one
-- end site is normally given; a wider one would lump different customers of a provider together. The
-- cost: everyone behind one /48 shares its limits, as everyone behind one IPv4 address (a carrier's NAT,
-- an office) already does.
--
-- Every key of a client address goes through private.client_key: the sign-up tables' limits, every
-- function's limit, the referral cap per address, the visit counts, the CSP reports, the remote health
-- reports and the privacy links per requester. Keys counted before this migration were /64 keys; their
-- windows simply start again (at most a day, the longest window).

-- The width, written once here; supabase/functions/_shared/http/client-address.ts
-- (IPV6_CLIENT_PREFIX_LENGTH) holds the same, which supabase/tests/ipv6-client-prefix.test.ts checks.
create function private.ipv6_client_prefix_length()
returns integer
language sql
immutable
parallel safe
as $$ select 48 $$;
revoke all on function private.ipv6_client_prefix_length() from public;
grant execute on function private.ipv6_client_prefix_length() to anon, service_role;

-- As migration 20250801000100, with an IPv6 address cut to its network of the width above.
create or replace function private.client_key(p_address text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
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
