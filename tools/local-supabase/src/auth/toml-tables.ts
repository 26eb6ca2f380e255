export type TomlValue = string | number | boolean | string[];

/** Each table's keys, by table name (`auth.email`); keys before the first table are under ''. */
export type TomlTables = ReadonlyMap<string, ReadonlyMap<string, TomlValue>>;

/** The line up to a `#` that is not inside a string. */
function withoutComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quote) {
      if (char === '\\' && quote === '"') i += 1;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '#') {
      return line.slice(0, i);
    }
  }
  return line;
}

function parseScalar(text: string, where: string): string | number | boolean {
  if (text.startsWith('"')) return JSON.parse(text) as string;
  if (text.startsWith("'") && text.endsWith("'") && text.length >= 2) return text.slice(1, -1);
  if (text === 'true' || text === 'false') return text === 'true';
  const number = Number(text.replace(/_/g, ''));
  if (text !== '' && Number.isFinite(number)) return number;
  throw new Error(`${where}: cannot read the value ${text}`);
}

function parseValue(text: string, where: string): TomlValue {
  if (!text.startsWith('[')) return parseScalar(text, where);
  const inner = text.slice(1, -1).trim();
  if (inner === '') return [];
  const items = (inner.match(/"(?:[^"\\]|\\.)*"|'[^']*'/g) ?? []).map((item) =>
    parseScalar(item, where),
  );
  return items.map(String);
}

/**
 * The tables, keys and plain values of a TOML file: strings, numbers, booleans and arrays of strings
 * (which may span lines), the subset supabase/config.toml uses for the settings read here.
 */
export function readTomlTables(toml: string, file: string): TomlTables {
  const tables = new Map<string, Map<string, TomlValue>>([['', new Map()]]);
  let table = tables.get('') as Map<string, TomlValue>;
  let pending: { key: string; text: string } | undefined;
  toml.split('\n').forEach((raw, index) => {
    const line = withoutComment(raw).trim();
    const where = `${file}:${index + 1}`;
    if (pending) {
      pending.text += ` ${line}`;
      if (line.endsWith(']')) {
        table.set(pending.key, parseValue(pending.text, where));
        pending = undefined;
      }
      return;
    }
    if (line === '') return;
    if (line.startsWith('[[')) {
      // An array of tables: none of them holds a setting read here.
      table = new Map();
      return;
    }
    const header = /^\[([A-Za-z0-9_.-]+)\]$/.exec(line);
    if (header) {
      table = tables.get(header[1]) ?? new Map();
      tables.set(header[1], table);
      return;
    }
    const setting = /^([A-Za-z0-9_-]+)\s*=\s*(.+)$/.exec(line);
    if (!setting) return;
    const [, key, value] = setting;
    if (value.startsWith('[') && !value.endsWith(']')) pending = { key, text: value };
    else table.set(key, parseValue(value, where));
  });
  return tables;
}
