// `npm run db:diff -- <name>`: writes the next migration from the difference between supabase/schemas
// (the database as it should be) and a database made by the committed migrations, both built on a
// throwaway PostgreSQL server (docs/backend.md, "Changing the database").
import path from 'node:path';
import { readCommandLine } from '@agentora/command-line';

const COMMAND = 'npm run db:diff';
const { positionals, refuse } = readCommandLine({
  command: COMMAND,
  usage: `usage: ${COMMAND} -- <name>

Builds a database from supabase/schemas (in the order of config.toml's [db.migrations] schema_paths)
and one from supabase/migrations on a throwaway PostgreSQL server, and writes what turns the second
into the first to supabase/migrations/<timestamp>_<name>.sql, for review. Writes nothing when they
are already the same. <name>: lower-case words joined by underscores (add_invite_waves).`,
  options: {},
  positionals: true,
});
if (positionals.length !== 1) refuse('give the new migration one name');
// The rest is loaded once the command line is read: --help and a wrong argument answer at once.
const [
  { DEFAULT_MIGRATIONS_DIR, SUPABASE_DIR },
  { startTestPostgres },
  { MIGRATION_NAME },
  { writeNextMigration },
  { declaredSchemaFiles },
] = await Promise.all([
  import('@agentora/local-supabase/testing'),
  import('@agentora/test-postgres'),
  import('./migration-file.ts'),
  import('./next-migration.ts'),
  import('./schema-files.ts'),
]);
const [name] = positionals;
if (!MIGRATION_NAME.test(name)) refuse(`${name}: use lower-case words joined by underscores`);

const files = (() => {
  try {
    return declaredSchemaFiles();
  } catch (error) {
    process.stderr.write(`db:diff: ${(error as Error).message}\n`);
    process.exit(1);
  }
})();
const postgres = await startTestPostgres();
try {
  const result = await writeNextMigration({
    serverUrl: postgres.url,
    binDir: postgres.binDir,
    files,
    migrationsDir: DEFAULT_MIGRATIONS_DIR,
    name,
  });
  const say = (line: string) => process.stdout.write(`db:diff: ${line}\n`);
  const fail = (line: string) => {
    process.stderr.write(`db:diff: ${line}\n`);
    process.exitCode = 1;
  };
  if (result.kind === 'same') {
    say('nothing to write: the committed migrations already make what supabase/schemas declares.');
  } else if (result.kind === 'undiffable') {
    fail(
      `nothing written: the definitions are the same, but the databases differ ${result.difference}\n` +
        'Rows and column order are not diffed: write that migration by hand.',
    );
  } else {
    const shown = path.relative(path.dirname(SUPABASE_DIR), result.file);
    if (result.incomplete === undefined)
      say(`wrote ${shown}: review it, then commit it with the schema change.`);
    else
      fail(
        `wrote ${shown}, but it does not yet make what supabase/schemas declares ${result.incomplete}\n` +
          'Complete it by hand (rows and column order are not diffed).',
      );
  }
} catch (error) {
  // A schema file that does not apply, or a migration that fails: its message names the file.
  process.stderr.write(`db:diff: ${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await postgres.stop();
}
