// `npm run schema`: writes supabase/schema.sql from the migrations, on a
// throwaway PostgreSQL server (tools/test-postgres). Run it after adding a migration.
import fs from 'node:fs';
import { readCommandLine } from '@agentora/command-line';
import { startTestPostgres } from '@agentora/test-postgres';
import { CURRENT_SCHEMA_FILE, dumpCurrentSchema, WRITE_COMMAND } from './current-schema.ts';

readCommandLine({
  command: WRITE_COMMAND,
  usage: `usage: ${WRITE_COMMAND}

Migrates an empty database on a throwaway PostgreSQL server and writes its schemas
public and private to supabase/schema.sql.`,
  options: {},
});

const postgres = await startTestPostgres();
try {
  const schema = await dumpCurrentSchema(postgres.url, postgres.binDir);
  fs.writeFileSync(CURRENT_SCHEMA_FILE, schema);
  console.info(
    `schema: wrote ${CURRENT_SCHEMA_FILE} (${schema.split('\n').length} lines, PostgreSQL ${postgres.major})`,
  );
} finally {
  await postgres.stop();
}
