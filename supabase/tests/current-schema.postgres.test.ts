import fs from 'node:fs';
import { TEST_POSTGRES_URL_ENV } from '@agentora/local-supabase/testing';
import {
  CURRENT_SCHEMA_FILE,
  dumpCurrentSchema,
  normaliseDump,
  WRITE_COMMAND,
} from '../scripts/current-schema.ts';

// supabase/schema.sql is what the migrations make, or this fails and says how to write it again.

it('the committed schema file is the database the migrations make', async () => {
  const made = await dumpCurrentSchema(
    process.env[TEST_POSTGRES_URL_ENV]!,
    process.env.TEST_POSTGRES_BIN_DIR!,
  );
  const committed = fs.existsSync(CURRENT_SCHEMA_FILE)
    ? fs.readFileSync(CURRENT_SCHEMA_FILE, 'utf8')
    : '';
  if (committed !== made) {
    const ours = committed.split('\n');
    const line = made.split('\n').findIndex((text, index) => text !== ours[index]);
    throw new Error(
      `supabase/schema.sql is not what the migrations make (first difference at line ${line + 1}): run \`${WRITE_COMMAND}\` and commit it.`,
    );
  }
});

it('keeps nothing that changes from one run or server to the next', () => {
  const dump = [
    '-- Dumped from database version 15.14 (Debian 15.14-0+deb12u1)',
    '-- Dumped by pg_dump version 15.14 (Debian 15.14-0+deb12u1)',
    '\\restrict 4mQ0bYkZ',
    'SET statement_timeout = 0;',
    "SELECT pg_catalog.set_config('search_path', '', false);",
    'CREATE TABLE public.signups (',
    '    id uuid',
    ');',
    '',
    '',
    '',
    '\\unrestrict 4mQ0bYkZ',
  ].join('\n');
  const kept = normaliseDump(dump);
  expect(kept).toContain('CREATE TABLE public.signups (\n    id uuid\n);\n');
  expect(kept).not.toMatch(/Dumped|restrict|^SET |set_config/m);
});
