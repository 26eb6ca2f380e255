// The one assertion the Deno tests need, without fetching a standard library at run time.
export function assertEquals(actual: unknown, expected: unknown, message?: string): void {
  const a = JSON.stringify(normalize(actual));
  const e = JSON.stringify(normalize(expected));
  if (a !== e)
    throw new Error(`${message ?? 'Values differ'}:\n  actual:   ${a}\n  expected: ${e}`);
}

function normalize(value: unknown): unknown {
  if (value instanceof Uint8Array) return { bytes: [...value] };
  if (value instanceof Map) return { map: [...value.entries()].map(normalize) };
  if (Array.isArray(value)) return value.map(normalize);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, normalize(item)]),
    );
  }
  return value;
}
