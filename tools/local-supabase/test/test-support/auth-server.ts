import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readAuthSettings } from '../../src/auth/auth-config.ts';
import { SUPABASE_DIR } from '../../src/config/paths.ts';
import { readProjectConfig } from '../../src/config/project-config.ts';
import { startLocalSupabase, type AuthOptions, type LocalSupabase } from '../../src/index.ts';
import { freshPostgresDatabase } from '../../src/testing/postgres-databases.ts';
import { clientFor } from '../../src/testing/test-server.ts';
import type { HookServer } from './auth-hook-server.ts';

/** The auth tests' Supabase project: Auth's settings, a hook function, migrations showing a session. */
export const AUTH_PROJECT = path.join(import.meta.dirname, '..', 'fixtures', 'auth-project');

/**
 * The codes of the site's own project (supabase/config.toml [auth.email]): the auth project copies
 * them, and auth.test.ts holds the two equal, so the tests run with the codes production has.
 */
export const PROJECT_CODES = readAuthSettings(readProjectConfig(SUPABASE_DIR)).email;

/** A code as the project's Auth makes it: exactly otp_length digits. */
export const CODE = new RegExp(`^\\d{${PROJECT_CODES.otpLength}}$`);

/** Another code than `code`, of the same length. */
export function otherCode(code: string): string {
  return String((BigInt(code) + 1n) % 10n ** BigInt(code.length)).padStart(code.length, '0');
}

export interface AuthTestServer {
  server: LocalSupabase;
  dataDir: string;
  /** A supabase-js client with the publishable key, as the console has. */
  client(fetch?: typeof globalThis.fetch): ReturnType<typeof clientFor>;
  /** Stops the server; the data dir stays when `keepDataDir` (a restart test starts it again). */
  stop(keepDataDir?: boolean): Promise<void>;
}

/**
 * A server on the auth project. With `hook`, the Send Email Hook goes to that test server; without, to
 * the project's own function through the gateway. In memory unless a data dir to keep is given.
 */
export async function startAuthServer(
  options: {
    hook?: HookServer;
    auth?: AuthOptions;
    dataDir?: string;
    onDisk?: boolean;
    /** Another project's config.toml and functions (the migrations stay the auth project's). */
    supabaseDir?: string;
  } = {},
): Promise<AuthTestServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'local-supabase-auth-')));
  const postgres = options.onDisk ? undefined : await freshPostgresDatabase();
  const server = await startLocalSupabase({
    port: 0,
    dataDir,
    inMemory: !options.onDisk,
    databaseUrl: postgres?.url,
    supabaseDir: options.supabaseDir ?? AUTH_PROJECT,
    migrationsDir: path.join(AUTH_PROJECT, 'migrations'),
    functionLog: () => undefined,
    auth: {
      ...(options.hook ? { emailHook: { url: options.hook.url } } : {}),
      ...options.auth,
    },
  });
  return {
    server,
    dataDir,
    client: (fetch) => clientFor(server.url, server.publishableKey, fetch),
    async stop(keepDataDir = false) {
      await server.stop();
      await postgres?.drop();
      if (!keepDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A clock tests move: Auth's codes, sessions and its own token checks follow it. */
export function movableClock(start = Date.now()) {
  let offset = start - Date.now();
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}

/** The JWT's header and claims, unverified. */
export function decodeJwt(token: string): {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
} {
  const [header, claims] = token
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')));
  return { header, claims };
}
