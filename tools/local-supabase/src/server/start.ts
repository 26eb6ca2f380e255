import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { LOCAL_SITE_URL } from '@agentora/contracts/apps';
import { publicUrls } from '../../../../supabase/functions/_shared/links/public-urls.ts';
import { createResendTransport } from '../../../../supabase/functions/_shared/mail/resend-transport.ts';
import type { MailTransport } from '../../../../supabase/functions/_shared/mail/types.ts';
import { DEFAULT_DATA_DIR, DEFAULT_MIGRATIONS_DIR } from '../config/paths.ts';
import { acquireDataDirLock } from '../datadir/lock.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/open.ts';
import { loadSchemaCache } from '../db/schema-cache.ts';
import { projectFunctions } from '../functions/project-functions.ts';
import type { EdgeFunction } from '../functions/routes.ts';
import { createOriginPolicy } from '../http/cors.ts';
import { createHostPolicy } from '../http/host.ts';
import { createRequestListener } from '../http/server.ts';
import {
  DEFAULT_PORT,
  LOCAL_ANON_KEY,
  LOCAL_JWT_SECRET,
  LOCAL_SERVICE_ROLE_KEY,
} from '../keys/local-keys.ts';
import { createOutbox } from '../outbox/outbox.ts';
import { startRetentionTimer, type RetentionOptions } from '../retention/retention-timer.ts';
import { readUploadBodyLimits } from '../storage/upload.ts';
import { listenHttp } from './http-server.ts';

export interface LocalSupabaseOptions {
  /** Default 54321; 0 picks a free port (tests). */
  port?: number;
  /**
   * Default 127.0.0.1: the outbox and the service key are for this machine only. `localhost` listens on
   * both 127.0.0.1 and ::1.
   */
  host?: string;
  /**
   * Browser origins allowed to call the API besides this machine's own (http(s)://localhost,
   * 127.0.0.1 or [::1] on any port), e.g. `http://192.168.1.5:4200`.
   */
  allowedOrigins?: readonly string[];
  /** Holds the lock, the outbox and (unless inMemory) the database. Default: <repo>/.local-supabase. */
  dataDir?: string;
  /** Keep the database in memory: faster, gone at stop. */
  inMemory?: boolean;
  /** Use this PostgreSQL server (a superuser connection string) instead of PGlite. */
  databaseUrl?: string;
  /** Default: <repo>/supabase/migrations. */
  migrationsDir?: string;
  /** When set, the functions' mail goes out through Resend instead of into the outbox. */
  resendApiKey?: string;
  /** The From header of the functions' mail. */
  emailFrom?: string;
  /**
   * The site the functions' mail links to (SITE_URL of the hosted functions). Default: the local site of
   * `npm start`, http://localhost:4200.
   */
  siteUrl?: string;
  /** Run the retention job (public.apply_retention) on a timer, as pg_cron does on hosted Supabase. */
  retention?: RetentionOptions;
}

export interface LocalSupabase {
  /** The API URL to give supabase-js, e.g. http://127.0.0.1:54321. */
  url: string;
  anonKey: string;
  serviceKey: string;
  jwtSecret: string;
  dataDir: string;
  /** HTML list of the mail sent so far (JSON at `${url}/outbox.json`). */
  outboxUrl: string;
  /** The site the functions' mail links to. */
  siteUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the Supabase-compatible server: lock the data dir, open the database, bootstrap + migrate, then
 * serve REST, storage, functions and the outbox over HTTP.
 */
export async function startLocalSupabase(
  options: LocalSupabaseOptions = {},
): Promise<LocalSupabase> {
  const dataDir = path.resolve(options.dataDir ?? DEFAULT_DATA_DIR);
  const host = options.host ?? '127.0.0.1';
  const origins = createOriginPolicy(options.allowedOrigins);
  await mkdir(dataDir, { recursive: true });
  const lock = acquireDataDirLock(dataDir);

  let database: Database | undefined;
  try {
    database = await openDatabase({
      databaseUrl: options.databaseUrl,
      pgliteDir: options.inMemory ? undefined : path.join(dataDir, 'pgdata'),
    });
    await migrate(database, options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR);
    const schema = await loadSchemaCache(database);
    const outbox = createOutbox(path.join(dataDir, 'outbox'));
    // Filled once the port is known: the functions reach this server as hosted functions reach the
    // project's API, through supabase-js with the service role key.
    const functions = new Map<string, EdgeFunction>();

    // Per bucket; a function that takes a file for a bucket declares the same maxBodyBytes.
    const uploadBodyLimits = await readUploadBodyLimits(database);
    const server = await listenHttp(
      createRequestListener({
        rest: { database, schema, jwtSecret: LOCAL_JWT_SECRET },
        storage: { database, jwtSecret: LOCAL_JWT_SECRET, uploadBodyLimits },
        functions: { jwtSecret: LOCAL_JWT_SECRET, functions },
        outbox,
        hosts: createHostPolicy(host),
        origins,
      }),
      options.port ?? DEFAULT_PORT,
      host,
    );
    const { url } = server;
    const transport: MailTransport = options.resendApiKey
      ? createResendTransport({ apiKey: options.resendApiKey })
      : outbox.transport;
    const urls = publicUrls({ siteUrl: options.siteUrl ?? LOCAL_SITE_URL, supabaseUrl: url });
    for (const [name, edgeFunction] of projectFunctions({
      apiUrl: url,
      urls,
      transport,
      from: options.emailFrom,
    })) {
      functions.set(name, edgeFunction);
    }
    const retention = options.retention && startRetentionTimer(database, options.retention);

    const openDb = database;
    let stopping: Promise<void> | undefined;
    return {
      url,
      anonKey: LOCAL_ANON_KEY,
      serviceKey: LOCAL_SERVICE_ROLE_KEY,
      jwtSecret: LOCAL_JWT_SECRET,
      dataDir,
      outboxUrl: `${url}/outbox`,
      siteUrl: urls.siteUrl,
      stop() {
        stopping ??= (async () => {
          try {
            await retention?.stop();
            await server.close();
            await openDb.close();
          } finally {
            lock.release();
          }
        })();
        return stopping;
      },
    };
  } catch (error) {
    await database?.close().catch(() => undefined);
    lock.release();
    throw error;
  }
}
