// The statements that turn one database's project schemas into another's, as migra computes them
// (@pgkit/migra, a port of the tool Supabase's CLI has used for `db diff`): what the next migration holds.
// It compares live databases, so both sides are real PostgreSQL catalogs, never parsed SQL text.
import { createClient } from '@pgkit/client';
import { Migration } from '@pgkit/migra';
import { PROJECT_SCHEMAS } from './describe.ts';

/**
 * The SQL that makes `fromUrl`'s schemas public and private what `toUrl`'s are, grants included, with
 * drops allowed (a migration that drops something is reviewed like any other); '' when there is none.
 */
export async function schemaDiff(fromUrl: string, toUrl: string): Promise<string> {
  // pg-promise warns of a second client with the same settings, which is what a diff is.
  const options = { pgpOptions: { initialize: { noWarnings: true } } };
  const from = createClient(fromUrl, options);
  const to = createClient(toUrl, options);
  try {
    const parts: string[] = [];
    for (const schema of PROJECT_SCHEMAS) {
      const migration = await Migration.create(from, to, { schema });
      migration.set_safety(false);
      migration.add_all_changes(true);
      const sql = migration.sql.trim();
      if (sql !== '') parts.push(sql);
    }
    return parts.length === 0 ? '' : `${parts.join('\n\n')}\n`;
  } finally {
    await Promise.all([from.end(), to.end()]);
  }
}
