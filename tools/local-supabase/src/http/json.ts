/**
 * Deeper than any body this API takes (a row is an object of scalars; a jsonb value a few levels), and
 * far below where recursive code gives up: V8's JSON.stringify overflows the stack at a few thousand
 * levels, and Postgres refuses deep values with "stack depth limit exceeded".
 */
export const MAX_JSON_DEPTH = 64;

export type JsonParse =
  { ok: true; value: unknown } | { ok: false; problem: 'invalid' | 'too-deep' };

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The deepest nesting in a JSON text, counted without recursion; stops counting beyond `limit`. */
function nestingDepth(bytes: Buffer, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      depth -= 1;
    }
  }
  return deepest;
}

/** JSON.parse for request bodies: a too deeply nested body is refused before anything recurses on it. */
export function parseBoundedJson(bytes: Buffer, maxDepth = MAX_JSON_DEPTH): JsonParse {
  if (nestingDepth(bytes, maxDepth) > maxDepth) return { ok: false, problem: 'too-deep' };
  try {
    return { ok: true, value: JSON.parse(bytes.toString('utf8')) };
  } catch {
    return { ok: false, problem: 'invalid' };
  }
}
