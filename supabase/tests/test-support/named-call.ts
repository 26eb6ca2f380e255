// A public function called with named arguments below the HTTP layer, as PostgREST's rpc() calls it
// (`fn(name := $1, …)`), for the tests and benchmarks that call SQL as a session would.

/** The statement and its values: null for null or undefined, JSON for objects, text for the rest. */
export function namedCall(
  fn: string,
  args: Record<string, unknown>,
): { sql: string; values: (string | null)[] } {
  const names = Object.keys(args);
  const sql = `select public.${fn}(${names.map((name, i) => `${name} := $${i + 1}`).join(', ')}) as r`;
  const values = names.map((name) => {
    const value = args[name];
    if (value === null || value === undefined) return null;
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
  return { sql, values };
}
