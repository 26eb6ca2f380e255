// Where the declarative schema is and in which order its files apply: supabase/config.toml's
// `[db.migrations] schema_paths`, the setting the Supabase CLI reads for the same purpose, so the CLI and
// this tool apply the same files in the same order. Every file of supabase/schemas/ is listed there once:
// a file left out would silently never be applied.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SUPABASE_DIR } from '@agentora/local-supabase/testing';
import { parse } from 'smol-toml';

export const SCHEMAS_DIR = path.join(SUPABASE_DIR, 'schemas');
export const CONFIG_FILE = path.join(SUPABASE_DIR, 'config.toml');

/** A file of the declarative schema: its path from the repo root (as messages name it), and where it is. */
export interface SchemaFile {
  name: string;
  file: string;
}

/**
 * The schema files in their declared order. Throws, naming config.toml, when a listed file is missing,
 * listed twice or outside supabase/schemas, when the list holds a glob (each file is named, so the order
 * is read in one place), or when a file of the folder is not listed.
 */
export function declaredSchemaFiles(
  configFile = CONFIG_FILE,
  schemasDir = SCHEMAS_DIR,
): SchemaFile[] {
  const config = parse(readFileSync(configFile, 'utf8')) as {
    db?: { migrations?: { schema_paths?: unknown } };
  };
  const listed = config.db?.migrations?.schema_paths;
  const where = `${path.basename(configFile)} [db.migrations] schema_paths`;
  if (!Array.isArray(listed) || listed.some((entry) => typeof entry !== 'string'))
    throw new Error(
      `${where} must be a list of the files of supabase/schemas, in the order they apply`,
    );
  const files = (listed as string[]).map((entry) => {
    if (/[*?[\]{}]/.test(entry))
      throw new Error(`${where}: name each file instead of the pattern ${entry}`);
    const file = path.resolve(path.dirname(configFile), entry);
    if (path.dirname(file) !== schemasDir || !file.endsWith('.sql'))
      throw new Error(`${where}: ${entry} is not an .sql file of supabase/schemas`);
    return file;
  });
  const present = readdirSync(schemasDir).filter((entry) => entry.endsWith('.sql'));
  for (const entry of present) {
    const count = files.filter((file) => path.basename(file) === entry).length;
    if (count === 0)
      throw new Error(`${where} does not list schemas/${entry}: it would never apply`);
    if (count > 1) throw new Error(`${where} lists schemas/${entry} ${count} times`);
  }
  for (const file of files)
    if (!present.includes(path.basename(file)))
      throw new Error(
        `${where} lists ${path.relative(path.dirname(configFile), file)}, which does not exist`,
      );
  // Named from the folder above the project (the repo's root), as a reader finds them.
  const root = path.dirname(path.dirname(configFile));
  return files.map((file) => ({ name: path.relative(root, file), file }));
}
