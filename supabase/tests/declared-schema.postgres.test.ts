import { compareDeclaredWithMigrated, DB_DIFF_COMMAND, schemaDiff } from '@agentora/db-schema';
import { TEST_POSTGRES_URL_ENV } from '@agentora/local-supabase/testing';

// supabase/schemas is the database as it is now, and the committed migrations must make exactly that
// database (docs/backend.md, "The declarative schema"): the same pg_dump of public and private, and the
// same rows in the tables the schema fills. When they differ, the schema was changed without its
// migration (or a migration without its schema change), and this says how to write it.

it('the committed migrations make exactly the database supabase/schemas declares', async () => {
  const compared = await compareDeclaredWithMigrated(
    process.env[TEST_POSTGRES_URL_ENV]!,
    process.env.TEST_POSTGRES_BIN_DIR!,
  );
  try {
    if (compared.difference !== undefined) {
      const sql = await schemaDiff(compared.migrated.url, compared.declared.url);
      throw new Error(
        `supabase/schemas declares a database the committed migrations do not make; run \`${DB_DIFF_COMMAND}\`, review the migration it writes and commit it with the schema change.\n` +
          `First difference ${compared.difference}\n` +
          (sql === ''
            ? 'No schema diff shows it (rows or column order): write the migration by hand.'
            : `What the migration would hold:\n${sql}`),
      );
    }
  } finally {
    await compared.drop();
  }
});
