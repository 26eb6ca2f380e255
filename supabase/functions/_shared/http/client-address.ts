/**
 * The header that carries the client's address on hosted Supabase, whose API (the Data API and the edge
 * functions alike) is served through Cloudflare: Cloudflare sets it from the connection and overwrites any
 * value the client sent. `x-forwarded-for` is not trusted: its left entries are whatever the client wrote.
 * tools/local-supabase sets this header from the socket in the same way (docs/security.md, "Rate limits").
 */
export const CLIENT_ADDRESS_HEADER = 'cf-connecting-ip';

/**
 * An IPv6 client is counted by its network of this many bits (private.ipv6_client_prefix_length holds
 * the database's, which supabase/tests/ipv6-client-prefix.test.ts holds equal).
 */
export const IPV6_CLIENT_PREFIX_LENGTH = 48;

/** The address the gateway vouches for, or null when the header is missing (the limits then fail closed). */
export function clientAddressOf(request: Request): string | null {
  return request.headers.get(CLIENT_ADDRESS_HEADER);
}
