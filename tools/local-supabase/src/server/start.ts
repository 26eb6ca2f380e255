import { randomBytes } from 'node:crypto';
import { watch, type FSWatcher } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { LOCAL_SITE_URL } from '@agentora/contracts/apps';
import { publicUrls } from '@agentora/backend/links/public-urls';
import {
  DEFAULT_DATA_DIR,
  DEFAULT_MIGRATIONS_DIR,
  EDGE_RUNTIME_PRELOAD,
  SUPABASE_DIR,
} from '../config/paths.ts';
import { readAuthSettings } from '../auth/auth-config.ts';
import { readProjectConfig } from '../config/project-config.ts';
import { hookMailer, outboxMailer, type AuthMailer } from '../auth/auth-mail.ts';
import { createAuthServices } from '../auth/auth-services.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import type { Database } from '../db/database.ts';
import { openMigratedDatabase } from '../db/migrated-database.ts';
import { applySeed, readSeedFiles } from '../db/seed.ts';
import { loadSchemaCache } from '../db/schema-cache.ts';
import { denoBinary } from '../functions/deno-binary.ts';
import { readFunctionCatalog } from '../functions/function-catalog.ts';
import { FunctionWorker } from '../functions/function-worker.ts';
import { SMALL_BODY_LIMIT } from '../http/body-limits.ts';
import { createOriginPolicy } from '../http/cors.ts';
import { createHostPolicy } from '../http/host.ts';
import { createRequestListener } from '../http/request-listener.ts';
import { createJwtVerifier } from '../keys/jwt.ts';
import {
  DEFAULT_PORT,
  LOCAL_ANON_KEY,
  LOCAL_JWT_SECRET,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_MAIL_LINK_SECRET,
  LOCAL_RESEND_API_KEY,
  LOCAL_RESEND_WEBHOOK_SECRET,
  LOCAL_SECRET_KEY,
  LOCAL_SEND_EMAIL_HOOK_SECRET,
  LOCAL_SERVICE_ROLE_KEY,
} from '../keys/local-keys.ts';
import { generateSigningKey, loadOrCreateSigningKey } from '../keys/signing-key.ts';
import {
  createResendApi,
  webhookEndpoint,
  withDeliveryWebhooks,
  type ResendWebhookEvent,
} from '@agentora/fake-resend';
import {
  TURNSTILE_SITEVERIFY_PATH,
  TURNSTILE_TESTING_SECRETS,
} from '@agentora/backend-rules/bot-check';
import { createOutbox, type Outbox } from '../outbox/outbox.ts';
import { startLaunchWaveTimer } from './launch-wave-timer.ts';
import { productServices } from '../product/join-page.ts';
import { localAudience } from '../outbox/resend-audience.ts';
import { startWorkerTimer } from './worker-timer.ts';
import { startRetentionTimer } from './retention-timer.ts';
import type { LocalSupabase, LocalSupabaseOptions } from '../public-types.ts';
import { readUploadBodyLimits } from '../storage/upload.ts';
import { listenHttp } from './listen.ts';

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
  const supabaseDir = options.supabaseDir ?? SUPABASE_DIR;
  await mkdir(dataDir, { recursive: true });
  const lock = acquireDataDirLock(dataDir);
  // Only the gateway may call the workers' loopback ports: they trust the client address it sets.
  const gatewaySecret = randomBytes(32).toString('base64url');

  let database: Database | undefined;
  let server: Awaited<ReturnType<typeof listenHttp>> | undefined;
  // Filled once the port is known: each function's environment names this server's URL.
  const workers = new Map<string, FunctionWorker>();
  // Known once the server listens: the tokens' issuer, the hook's URL, the site mail links lead to.
  let apiUrl = '';
  let siteUrl = '';
  let ready = false;
  try {
    // Read before anything starts: a setting that cannot be used stops the server with its reason.
    const config = readProjectConfig(supabaseDir);
    const authSettings = readAuthSettings(config);
    const migrated = await openMigratedDatabase({
      databaseUrl: options.databaseUrl,
      pgliteDir: options.inMemory ? undefined : path.join(dataDir, 'pgdata'),
      migrationsDir: options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR,
    });
    database = migrated.database;
    // As `supabase start` on a database it creates: the seed once, after every migration.
    if (options.seed && migrated.isNew) await applySeed(database, readSeedFiles(config));
    const schema = await loadSchemaCache(database);
    const outbox = createOutbox(path.join(dataDir, 'outbox'));
    // Resend's delivery events for its test addresses (delivered@, bounced@, complained@resend.dev)
    // and its contact events, posted to this server's own resend-webhook as Resend would, once the
    // server listens.
    const webhookOptions = {
      url: () => `${apiUrl}/functions/v1/resend-webhook`,
      secret: LOCAL_RESEND_WEBHOOK_SECRET,
      onError: (error: unknown) =>
        process.stderr.write(
          `local-supabase: a Resend webhook could not be posted: ${error instanceof Error ? error.message : String(error)}\n`,
        ),
    };
    const resendEvents = webhookEndpoint<ResendWebhookEvent>(webhookOptions);
    const resendStore = withDeliveryWebhooks(outbox.store, webhookOptions, resendEvents);
    const resendAudience = localAudience(path.join(dataDir, 'resend-audience.json'), resendEvents);
    // Auth's signing key: kept in the data dir, so sessions outlive a restart; a fresh one in memory.
    const signingKey = options.inMemory ? generateSigningKey() : loadOrCreateSigningKey(dataDir);
    const jwt = createJwtVerifier({
      legacySecret: LOCAL_JWT_SECRET,
      signingKeys: [signingKey],
      now: options.auth?.now,
    });
    const auth = createAuthServices({
      database,
      settings: authSettings,
      signingKey,
      jwt,
      mailer: authMailer(options, authSettings.sendEmailHook?.functionName, {
        outbox,
        otpExpirySeconds: authSettings.email.otpExpirySeconds,
        workers,
        apiUrl: () => apiUrl,
      }),
      siteUrl: () => siteUrl,
      apiUrl: () => apiUrl,
      rateLimits: options.auth?.rateLimits,
      now: options.auth?.now,
    });

    // Per bucket. The functions gateway passes on bodies up to the largest bucket's (a file as multipart).
    const uploadBodyLimits = await readUploadBodyLimits(database);
    server = await listenHttp(
      createRequestListener({
        auth,
        rest: { database, schema, jwt },
        storage: { database, jwtSecret: LOCAL_JWT_SECRET, jwt, uploadBodyLimits },
        functions: {
          workers,
          maxBodyBytes: Math.max(SMALL_BODY_LIMIT, ...uploadBodyLimits.values()),
          idleTimeoutMs: options.functionIdleTimeoutMs ?? 150_000,
          gatewaySecret,
        },
        mail: {
          outbox,
          // Any rate: the local queue keeps its own pace, and the tests send faster.
          resend: createResendApi({
            apiKey: LOCAL_RESEND_API_KEY,
            ratePerSecond: 0,
            store: resendStore,
            audience: resendAudience,
          }),
          audience: resendAudience,
        },
        product: productServices(() => apiUrl, LOCAL_SECRET_KEY),
        hosts: createHostPolicy(host),
        origins,
        isReady: () => ready,
      }),
      options.port ?? DEFAULT_PORT,
      host,
    );
    const { url } = server;
    const urls = publicUrls({ siteUrl: options.siteUrl ?? LOCAL_SITE_URL, supabaseUrl: url });
    apiUrl = url;
    siteUrl = urls.siteUrl;
    const productUrl = publicUrls({
      supabaseUrl: url,
      productUrl: options.productUrl ?? `${url}/product/join`,
    }).productUrl as string;
    const environment = functionEnvironment({
      url,
      siteUrl: urls.siteUrl,
      productUrl,
      databaseUrl: options.databaseUrl,
      resend: options.resendApiKey
        ? { apiKey: options.resendApiKey, apiUrl: options.resendApiUrl }
        : { apiKey: LOCAL_RESEND_API_KEY, apiUrl: `${url}/resend` },
      emailFrom: options.emailFrom,
      mailSendsPerSecond: options.mailSendsPerSecond,
      turnstile: {
        secret: options.turnstileSecret ?? TURNSTILE_TESTING_SECRETS.passes,
        siteverifyUrl: options.turnstileSiteverifyUrl ?? `${url}${TURNSTILE_SITEVERIFY_PATH}`,
      },
    });
    const runtime = {
      gatewaySecret,
      binary: denoBinary(),
      config: path.join(supabaseDir, 'functions', 'deno.json'),
      preload: EDGE_RUNTIME_PRELOAD,
      bootTimeoutMs: 30_000,
    };
    const log = options.functionLog ?? ((line: string) => process.stderr.write(`${line}\n`));
    for (const entry of readFunctionCatalog(config)) {
      workers.set(entry.name, new FunctionWorker(entry, runtime, environment, log));
    }
    const hookFunction = authSettings.sendEmailHook?.functionName;
    if (hookFunction && !options.auth?.emailHook && !workers.has(hookFunction)) {
      log(
        `local-supabase: [auth.hook.send_email] names the function ${hookFunction}, which config.toml does not serve; sign-in codes cannot be sent`,
      );
    }
    if (options.prestartFunctions) {
      await Promise.all([...workers.values()].map((worker) => worker.port()));
    }
    const watcher = options.watchFunctions
      ? watchFunctions(path.join(supabaseDir, 'functions'), workers, log)
      : undefined;
    const listening = server;
    ready = true;
    const retention = options.retention && startRetentionTimer(database, options.retention);
    const mailQueue =
      options.mailQueue &&
      startWorkerTimer({ url, secretKey: LOCAL_SECRET_KEY }, 'send-queued-mail', options.mailQueue);
    const audienceSync =
      options.audienceSync &&
      startWorkerTimer({ url, secretKey: LOCAL_SECRET_KEY }, 'sync-audience', options.audienceSync);
    const launchWaves = options.launchWaves && startLaunchWaveTimer(database, options.launchWaves);

    const openDb = database;
    let stopping: Promise<void> | undefined;
    return {
      url,
      publishableKey: LOCAL_PUBLISHABLE_KEY,
      secretKey: LOCAL_SECRET_KEY,
      anonKey: LOCAL_ANON_KEY,
      serviceKey: LOCAL_SERVICE_ROLE_KEY,
      jwtSecret: LOCAL_JWT_SECRET,
      dataDir,
      outboxUrl: `${url}/outbox`,
      siteUrl: urls.siteUrl,
      productUrl,
      functions: () =>
        [...workers.values()].map((worker) => ({ name: worker.entry.name, pid: worker.pid })),
      stop() {
        stopping ??= (async () => {
          try {
            await retention?.stop();
            await launchWaves?.stop();
            await mailQueue?.stop();
            await audienceSync?.stop();
            // Events still on their way reach the function before it stops.
            await resendStore.webhooks.settled();
            watcher?.close();
            await listening.close();
            await Promise.all([...workers.values()].map((worker) => worker.stop()));
            // A mail a function handed over just before the close is still being written.
            await outbox.settled();
            await openDb.close();
          } finally {
            lock.release();
          }
        })();
        return stopping;
      },
    };
  } catch (error) {
    // Nothing is left serving once the lock is released: a second server may then open the data dir.
    await server?.close().catch(() => undefined);
    await Promise.all([...workers.values()].map((worker) => worker.stop().catch(() => undefined)));
    await database?.close().catch(() => undefined);
    lock.release();
    throw error;
  }
}

/**
 * How Auth sends its code mails: to the test's own hook when one is given, else through the Send Email
 * Hook's function behind this server's gateway (its worker booted first: the 5 s the hook gets are for
 * answering), else, with no hook configured, into the outbox as hosted Supabase's built-in mailer would.
 */
function authMailer(
  options: LocalSupabaseOptions,
  hookFunction: string | undefined,
  local: {
    outbox: Outbox;
    otpExpirySeconds: number;
    workers: ReadonlyMap<string, FunctionWorker>;
    apiUrl: () => string;
  },
): AuthMailer {
  const testHook = options.auth?.emailHook;
  if (testHook) {
    return hookMailer(() => ({ url: testHook.url, secret: LOCAL_SEND_EMAIL_HOOK_SECRET }));
  }
  if (hookFunction) {
    return hookMailer(() => ({
      url: `${local.apiUrl()}/functions/v1/${hookFunction}`,
      secret: LOCAL_SEND_EMAIL_HOOK_SECRET,
      ready: async () => local.workers.get(hookFunction)?.port(),
    }));
  }
  return outboxMailer(local.outbox, local.otpExpirySeconds);
}

/**
 * What hosted Supabase gives every function (SUPABASE_URL, the new and the legacy keys, SUPABASE_DB_URL)
 * and the project's secrets (SITE_URL, PRODUCT_URL, RESEND_API_KEY, RESEND_API_URL, EMAIL_FROM,
 * MAIL_LINK_SECRET, MAIL_SENDS_PER_SECOND, SEND_EMAIL_HOOK_SECRET, the Send Email Hook's,
 * RESEND_WEBHOOK_SECRET, the one Resend's delivery webhooks are signed with, and TURNSTILE_SECRET_KEY
 * with TURNSTILE_SITEVERIFY_URL, the bot check's testing secret and this server's siteverify), for this
 * server.
 * SUPABASE_DB_URL only on a real PostgreSQL: PGlite has no network listener.
 */
function functionEnvironment(settings: {
  url: string;
  siteUrl: string;
  productUrl: string;
  databaseUrl: string | undefined;
  resend: { apiKey: string; apiUrl: string | undefined };
  emailFrom: string | undefined;
  mailSendsPerSecond: number | undefined;
  turnstile: { secret: string; siteverifyUrl: string };
}): Record<string, string> {
  const environment: Record<string, string> = {
    SUPABASE_URL: settings.url,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: LOCAL_PUBLISHABLE_KEY }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: LOCAL_SECRET_KEY }),
    SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
    SITE_URL: settings.siteUrl,
    PRODUCT_URL: settings.productUrl,
    RESEND_API_KEY: settings.resend.apiKey,
    MAIL_LINK_SECRET: LOCAL_MAIL_LINK_SECRET,
    SEND_EMAIL_HOOK_SECRET: LOCAL_SEND_EMAIL_HOOK_SECRET,
    RESEND_WEBHOOK_SECRET: LOCAL_RESEND_WEBHOOK_SECRET,
    TURNSTILE_SECRET_KEY: settings.turnstile.secret,
    TURNSTILE_SITEVERIFY_URL: settings.turnstile.siteverifyUrl,
  };
  if (settings.mailSendsPerSecond !== undefined) {
    environment.MAIL_SENDS_PER_SECOND = String(settings.mailSendsPerSecond);
  }
  if (settings.databaseUrl) environment.SUPABASE_DB_URL = settings.databaseUrl;
  if (settings.resend.apiUrl) environment.RESEND_API_URL = settings.resend.apiUrl;
  if (settings.emailFrom) environment.EMAIL_FROM = settings.emailFrom;
  return environment;
}

/**
 * Any change under functions/ may reach any function (they share _shared/ and deno.json), so every worker
 * is stopped; each starts again, with the new code, on its next request.
 */
function watchFunctions(
  dir: string,
  workers: ReadonlyMap<string, FunctionWorker>,
  log: (line: string) => void,
): FSWatcher {
  let pending: NodeJS.Timeout | undefined;
  const watcher = watch(dir, { recursive: true }, () => {
    clearTimeout(pending);
    // Editors write a file in several steps: restart once they are done.
    pending = setTimeout(() => {
      log('local-supabase: a function changed; its workers restart on their next request');
      for (const worker of workers.values()) void worker.stop();
    }, 100);
  });
  // A restart still pending when the server stops would outlive it.
  watcher.on('close', () => clearTimeout(pending));
  return watcher;
}
