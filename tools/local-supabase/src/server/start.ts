import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { createResendTransport } from '../../../../supabase/functions/_shared/mail/resend-transport.ts';
import type { MailTransport } from '../../../../supabase/functions/_shared/mail/types.ts';
import { createRpcRateLimiter } from '../../../../supabase/functions/_shared/rate-limit.ts';
import { createRpcLedger } from '../../../../supabase/functions/_shared/thank-you/ledger.ts';
import { createThankYouEmailHandler } from '../../../../supabase/functions/send-thank-you-email/handler.ts';
import { createApplicationStore } from '../../../../supabase/functions/submit-application/application-store.ts';
import { createSubmitApplicationHandler } from '../../../../supabase/functions/submit-application/handler.ts';
import { createResumeStore } from '../../../../supabase/functions/submit-application/resume-store.ts';
import { DEFAULT_DATA_DIR, DEFAULT_MIGRATIONS_DIR } from '../config/paths.ts';
import { acquireDataDirLock } from '../datadir/lock.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/open.ts';
import { loadSchemaCache } from '../db/schema-cache.ts';
import type { EdgeFunction } from '../functions/routes.ts';
import { createRequestListener } from '../http/server.ts';
import {
  DEFAULT_PORT,
  LOCAL_ANON_KEY,
  LOCAL_JWT_SECRET,
  LOCAL_SERVICE_ROLE_KEY,
} from '../keys/local-keys.ts';
import { createOutbox } from '../outbox/outbox.ts';

export interface LocalSupabaseOptions {
  /** Default 54321; 0 picks a free port (tests). */
  port?: number;
  /** Default 127.0.0.1: the outbox and the service key are for this machine only. */
  host?: string;
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
  stop(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Port ${port} on ${host} is already in use. Stop whatever listens there or choose another port.`,
            )
          : error,
      );
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * The project's edge functions (config.toml, verify_jwt on), each the handler module Deno serves in
 * production, given what its index.ts gives it there.
 */
function localEdgeFunctions(
  apiUrl: string,
  transport: MailTransport,
  from: string | undefined,
): [string, EdgeFunction][] {
  const service = createClient(apiUrl, LOCAL_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const ledger = createRpcLedger(service);
  const rateLimiter = createRpcRateLimiter(service);
  return [
    [
      'send-thank-you-email',
      {
        verifyJwt: true,
        handler: createThankYouEmailHandler({ ledger, rateLimiter, transport, from }),
      },
    ],
    [
      'submit-application',
      {
        verifyJwt: true,
        handler: createSubmitApplicationHandler({
          applications: createApplicationStore(service),
          resumes: createResumeStore(service),
          ledger,
          rateLimiter,
          transport,
          from,
        }),
      },
    ],
  ];
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

    const server = createServer(
      createRequestListener({
        rest: { database, schema, jwtSecret: LOCAL_JWT_SECRET },
        storage: { database, jwtSecret: LOCAL_JWT_SECRET },
        functions: { jwtSecret: LOCAL_JWT_SECRET, functions },
        outbox,
      }),
    );
    const address = await listen(server, options.port ?? DEFAULT_PORT, host);
    const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
    const transport: MailTransport = options.resendApiKey
      ? createResendTransport({ apiKey: options.resendApiKey })
      : outbox.transport;
    for (const [name, edgeFunction] of localEdgeFunctions(url, transport, options.emailFrom)) {
      functions.set(name, edgeFunction);
    }

    const openDb = database;
    let stopping: Promise<void> | undefined;
    return {
      url,
      anonKey: LOCAL_ANON_KEY,
      serviceKey: LOCAL_SERVICE_ROLE_KEY,
      jwtSecret: LOCAL_JWT_SECRET,
      dataDir,
      outboxUrl: `${url}/outbox`,
      stop() {
        stopping ??= (async () => {
          try {
            await closeServer(server);
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
