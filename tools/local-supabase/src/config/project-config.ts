import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, TomlError, type TomlTable } from 'smol-toml';

const isTable = (value: unknown): value is TomlTable =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/**
 * The project's supabase/config.toml, read once by smol-toml: what Auth, the functions gateway and the
 * seed read of it, each setting by its table (`auth.email`) and key, checked for the type it must have.
 */
export class ProjectConfig {
  /** Where the file is: messages name it, and relative paths in it are from its folder. */
  readonly file: string;
  private readonly root: TomlTable;

  constructor(toml: string, file: string) {
    this.file = file;
    try {
      this.root = parse(toml);
    } catch (error) {
      if (!(error instanceof TomlError)) throw error;
      // The message ends with the lines around the place, marked.
      throw new Error(`${file}:${error.line}:${error.column}: ${error.message}`);
    }
  }

  /** The table at a dotted name (`auth.hook.send_email`), or undefined. */
  table(name: string): TomlTable | undefined {
    let table: unknown = this.root;
    for (const part of name.split('.')) table = isTable(table) ? table[part] : undefined;
    return isTable(table) ? table : undefined;
  }

  /** The subtables of a table by name (`functions` gives each `[functions.<name>]`), in file order. */
  tables(name: string): [string, TomlTable][] {
    return Object.entries(this.table(name) ?? {}).filter((entry): entry is [string, TomlTable] =>
      isTable(entry[1]),
    );
  }

  private fail(table: string, key: string, expected: string): never {
    throw new Error(`${this.file}: [${table}] ${key} must be ${expected}`);
  }

  boolean(table: string, key: string, fallback: boolean): boolean {
    const value = this.table(table)?.[key];
    if (value === undefined) return fallback;
    return typeof value === 'boolean' ? value : this.fail(table, key, 'true or false');
  }

  integer(table: string, key: string, fallback: number, min: number, max: number): number {
    const value = this.table(table)?.[key];
    if (value === undefined) return fallback;
    if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max)
      return value;
    return this.fail(table, key, `a whole number from ${min} to ${max}`);
  }

  /** A Go duration ("60s", "1m30s"), as the Supabase CLI writes them; in seconds. */
  duration(table: string, key: string, fallback: number): number {
    const value = this.table(table)?.[key];
    if (value === undefined) return fallback;
    const seconds = typeof value === 'string' ? parseGoDuration(value) : undefined;
    return seconds ?? this.fail(table, key, 'a duration such as "60s" or "1m"');
  }

  strings(table: string, key: string, fallback: string[]): string[] {
    const value = this.table(table)?.[key];
    if (value === undefined) return fallback;
    return Array.isArray(value) && value.every((item) => typeof item === 'string')
      ? value
      : this.fail(table, key, 'a list of strings');
  }

  string(table: string, key: string): string | undefined {
    const value = this.table(table)?.[key];
    if (value === undefined || typeof value === 'string') return value;
    return this.fail(table, key, 'a string');
  }
}

/** The project's config.toml. */
export function readProjectConfig(supabaseDir: string): ProjectConfig {
  const file = path.join(supabaseDir, 'config.toml');
  return new ProjectConfig(readFileSync(file, 'utf8'), file);
}

const GO_DURATION_UNITS: Readonly<Record<string, number>> = {
  ns: 1e-9,
  us: 1e-6,
  µs: 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
};

/** A Go duration ("60s", "1m30s", "500ms"), as the Supabase CLI writes max_frequency; in seconds. */
export function parseGoDuration(text: string): number | undefined {
  if (text === '0') return 0;
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== text) return undefined;
  return parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * GO_DURATION_UNITS[unit], 0);
}
