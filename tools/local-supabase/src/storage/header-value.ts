/**
 * Whether a stored value may be sent back as a response header: visible ASCII and spaces, bounded. A CR,
 * LF or other control character would end or break the header (Node refuses to send it at all).
 */
export function isHeaderSafe(value: string): boolean {
  return /^[\x20-\x7e]{1,1000}$/.test(value);
}
