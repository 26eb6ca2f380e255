import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_MIGRATIONS_DIR } from '../../src/config/paths.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';

// The PostgREST stand-in's tests of anonymous writes run against a table of their own (the project's
// tables take no insert from anon): public.guestbook, made by a migration of the tests after the
// project's (fixtures/guestbook), so the server, its roles and its schema are the project's otherwise.

/** The table anon may insert into: email (required, a plain address, unique in any case) and topic. */
export const GUESTBOOK = 'guestbook';
/** A topic the CHECK takes, and one it refuses. */
export const GUESTBOOK_TOPICS = { allowed: 'news', refused: 'spam' } as const;

const FIXTURE = path.resolve(import.meta.dirname, '..', 'fixtures', 'guestbook');

/** startTestServer on the project's migrations and the guestbook's. */
export async function startGuestbookServer(
  options: Omit<Parameters<typeof startTestServer>[0] & object, 'migrationsDir'> = {},
): Promise<TestServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'local-supabase-guestbook-'));
  for (const source of [DEFAULT_MIGRATIONS_DIR, FIXTURE]) {
    for (const name of await readdir(source)) {
      if (name.endsWith('.sql')) await copyFile(path.join(source, name), path.join(dir, name));
    }
  }
  const t = await startTestServer({ ...options, migrationsDir: dir });
  return {
    ...t,
    async stop() {
      await t.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
