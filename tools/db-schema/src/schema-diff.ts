// The statements that turn one database's project schemas into another's, as migra computes them
// (@pgkit/migra, a port of the tool Supabase's CLI has used for `db diff`): what the next migration holds.
// It compares live databases, so both sides are real PostgreSQL catalogs, never parsed SQL text.
import { createClient } from '@pgkit/client';
import { Migration, PostgreSQL } from '@pgkit/migra';
import { PROJECT_SCHEMAS } from './describe.ts';
import { privilegeDiff } from './privilege-diff.ts';
import { viewOptionsDiff } from './view-options.ts';

/**
 * The SQL that makes `fromUrl`'s schemas public and private what `toUrl`'s are, with drops allowed (a
 * migration that drops something is reviewed like any other): migra's statements for the definitions,
 * the views' options migra leaves out (view-options.ts), then privilege-diff.ts's grants and revokes;
 * '' when there is none.
 */
export async function schemaDiff(fromUrl: string, toUrl: string): Promise<string> {
  // pg-promise warns of a second client with the same settings, which is what a diff is.
  const options = { pgpOptions: { initialize: { noWarnings: true } } };
  const from = createClient(fromUrl, options);
  const to = createClient(toUrl, options);
  try {
    // Migration.create(from, to, { schema }) reads both databases' whole catalogs again for each schema
    // and only then keeps the one schema; reading each catalog once and keeping one schema of a copy
    // per diff gives migra the same inspections for half the catalog queries.
    const [fromCatalog, toCatalog] = await Promise.all([
      PostgreSQL.create(from),
      PostgreSQL.create(to),
    ]);
    const parts: string[] = [];
    for (const schema of PROJECT_SCHEMAS) {
      const migration = await Migration.create(
        oneSchemaOf(fromCatalog, schema),
        oneSchemaOf(toCatalog, schema),
        {},
      );
      migration.set_safety(false);
      // Privileges come from privilege-diff.ts, which covers functions and columns too.
      migration.add_all_changes(false);
      const sql = migration.sql.trim();
      if (sql !== '') parts.push(sql);
    }
    const options = (await viewOptionsDiff(fromUrl, toUrl, parts.join('\n'))).trim();
    if (options !== '') parts.push(options);
    const privileges = (await privilegeDiff(fromUrl, toUrl)).trim();
    if (privileges !== '') parts.push(privileges);
    return parts.length === 0 ? '' : `${parts.join('\n\n')}\n`;
  } finally {
    await Promise.all([from.end(), to.end()]);
  }
}

/**
 * A copy of `catalog` that holds only `schema`'s objects, as Migration.create's `schema` option
 * leaves an inspection. one_schema replaces each of the inspection's maps with a filtered one and
 * changes no inspected object, so a shallow copy leaves `catalog` whole for the next schema.
 */
function oneSchemaOf(catalog: PostgreSQL, schema: string): PostgreSQL {
  const copy = Object.assign(
    Object.create(Object.getPrototypeOf(catalog) as object) as PostgreSQL,
    catalog,
  );
  copy.one_schema(schema);
  return copy;
}
