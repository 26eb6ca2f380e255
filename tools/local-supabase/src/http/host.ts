import { isIP } from 'node:net';
import { LOOPBACK_HOSTNAMES } from './loopback.ts';

/** `name` or `name:port`, name possibly a bracketed IPv6 literal. */
const HOST_HEADER = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]]+)(?::\d{1,5})?$/;

export interface HostPolicy {
  allows(hostHeader: string | undefined): boolean;
}

/**
 * Which Host headers the server answers. A page on an attacker's domain that re-resolves to 127.0.0.1
 * (DNS rebinding) is same-origin with its own domain, so CORS does not stop it reading the outbox or
 * calling the API with the public keys; its requests still carry the attacker's name as Host, and are
 * refused here. `listenHost` is what the server was told to bind to: an IP literal other than a wildcard
 * is accepted too (no DNS name is involved), so `--host 192.168.1.5` keeps working from another device.
 */
export function createHostPolicy(listenHost: string): HostPolicy {
  const allowed = new Set(LOOPBACK_HOSTNAMES);
  const family = isIP(listenHost);
  if (family !== 0 && listenHost !== '0.0.0.0' && listenHost !== '::') {
    allowed.add(family === 6 ? `[${listenHost.toLowerCase()}]` : listenHost);
  }
  return {
    allows(hostHeader) {
      const name = hostHeader === undefined ? undefined : HOST_HEADER.exec(hostHeader)?.[1];
      return name !== undefined && allowed.has(name.toLowerCase());
    },
  };
}
