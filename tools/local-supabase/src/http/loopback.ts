/**
 * The names this machine's own loopback answers to, as they appear in a Host header or a URL's hostname
 * (IPv6 in brackets). Only these are trusted: any other name may be an attacker's domain that resolves
 * to 127.0.0.1 (DNS rebinding).
 */
export const LOOPBACK_HOSTNAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);
