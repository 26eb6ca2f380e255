import type { IncomingMessage } from 'node:http';
import { CLIENT_ADDRESS_HEADER } from '@agentora/backend/http/client-address';

/** The peer of the connection, with an IPv4-mapped IPv6 address written as plain IPv4. */
export function socketAddress(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

/**
 * The request's headers as the hosted gateway hands them on to PostgREST (which gives them to SQL as
 * request.headers) and to the edge functions: the client's own, except that the client
 * address header is set from the socket (whatever the client sent in it is dropped) and the socket
 * address is appended to x-forwarded-for, whose earlier entries stay as the client wrote them.
 */
export function forwardedHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const address = socketAddress(req);
  headers[CLIENT_ADDRESS_HEADER] = address;
  headers['x-forwarded-for'] = headers['x-forwarded-for']
    ? `${headers['x-forwarded-for']}, ${address}`
    : address;
  return headers;
}
