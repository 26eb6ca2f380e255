// RFC 8187 attr-char: what may stand unencoded in `filename*` (encodeURIComponent also leaves ' ( ) *).
const ATTR_CHAR = /^[A-Za-z0-9!#$&+\-.^_`|~]$/;

function encodeExtValue(value: string): string {
  return Array.from(new TextEncoder().encode(value), (byte) => {
    const char = String.fromCharCode(byte);
    return ATTR_CHAR.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

/**
 * `attachment` with a file name someone else chose (an applicant's résumé's), in both forms of RFC 6266:
 * `filename*` (UTF-8, percent-encoded) for browsers, and a plain-ASCII `filename` fallback in which
 * anything that could end the quoted string, escape, or be decoded (`"`, `\`, `%`, control and non-ASCII
 * characters) is `_`. Path separators become `_` too, so the name cannot point into a folder.
 */
export function attachmentDisposition(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001f\u007f]/g, '').replace(/[/\\]/g, '_');
  const filename = cleaned === '' ? 'download' : cleaned;
  const fallback = filename.replace(/[^\x20-\x7e]|["%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(filename)}`;
}
