import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface FunctionEntry {
  name: string;
  /** The entry file hosted Supabase runs, absolute. */
  entrypoint: string;
}

/**
 * The project's functions as supabase/config.toml declares them ([functions.<name>], enabled, entrypoint),
 * the same list `supabase functions deploy` reads. Only the keys this project writes are understood.
 */
export function readFunctionCatalog(supabaseDir: string): FunctionEntry[] {
  const toml = readFileSync(path.join(supabaseDir, 'config.toml'), 'utf8');
  const entries: FunctionEntry[] = [];
  let current: { name: string; enabled: boolean; entrypoint?: string } | undefined;
  const finish = () => {
    if (current?.enabled) {
      entries.push({
        name: current.name,
        entrypoint: path.resolve(
          supabaseDir,
          current.entrypoint ?? `./functions/${current.name}/index.ts`,
        ),
      });
    }
  };
  for (const raw of toml.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    const table = /^\[(.+)\]$/.exec(line);
    if (table) {
      finish();
      const name = /^functions\.([A-Za-z0-9_-]+)$/.exec(table[1])?.[1];
      current = name ? { name, enabled: true } : undefined;
      continue;
    }
    if (!current) continue;
    const setting = /^([a-z_]+)\s*=\s*(.+)$/.exec(line);
    if (!setting) continue;
    const [, key, value] = setting;
    if (key === 'enabled') current.enabled = value === 'true';
    if (key === 'entrypoint') current.entrypoint = JSON.parse(value) as string;
  }
  finish();
  return entries;
}
