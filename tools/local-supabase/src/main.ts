// `npm run start -w @agentora/local-supabase` (or `node tools/local-supabase/src/main.ts`): the local
// Supabase for `npm start`. Options: --port, --host, --data-dir, --in-memory, --allow-origin, --site-url,
// --retention-interval, --mail-interval, --audience-interval, --waves-interval, --product-url,
// --functions-on-demand (each function's Deno worker starts on its first request, as a hosted function
// boots on its first call, instead of all of them before the server says it is running);
// DATABASE_URL switches to a real PostgreSQL; RESEND_API_KEY (and RESEND_API_URL) sends real mail instead
// of using the outbox; MAIL_SENDS_PER_SECOND sets the provider's rate (default Resend's 2); PRODUCT_URL
// where invitations' links lead (default this server's stand-in of the product's join page).
import { parseArgs } from 'node:util';
import { DataDirLockedError } from './server/data-dir-lock.ts';
import { DEFAULT_PORT } from './keys/local-keys.ts';
import type { LocalSupabase } from './public-types.ts';
import { startLocalSupabase } from './server/start.ts';

function fail(message: string): never {
  process.stderr.write(`local-supabase: ${message}\n`);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    'data-dir': { type: 'string' },
    'in-memory': { type: 'boolean', default: false },
    'allow-origin': { type: 'string', multiple: true },
    'site-url': { type: 'string' },
    'retention-interval': { type: 'string' },
    'mail-interval': { type: 'string' },
    'waves-interval': { type: 'string' },
    'product-url': { type: 'string' },
    'audience-interval': { type: 'string' },
    'functions-on-demand': { type: 'boolean', default: false },
  },
});

// Browser origins besides this machine's own, from --allow-origin (repeatable) and a comma-separated env.
const allowedOrigins = [
  ...(values['allow-origin'] ?? []),
  ...(process.env.LOCAL_SUPABASE_ALLOWED_ORIGINS ?? '').split(','),
]
  .map((origin) => origin.trim())
  .filter(Boolean);

const port = Number(values.port ?? process.env.LOCAL_SUPABASE_PORT ?? DEFAULT_PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid port ${values.port}`);

// The retention job runs hourly on hosted Supabase (pg_cron); here every hour by default, 0 for never.
const retentionSeconds = Number(
  values['retention-interval'] ?? process.env.LOCAL_SUPABASE_RETENTION_INTERVAL ?? 3600,
);
if (!Number.isFinite(retentionSeconds) || retentionSeconds < 0) {
  fail(`invalid retention interval ${values['retention-interval']}`);
}

// The mail queue's worker is called every 10 s on hosted Supabase (pg_cron); here every 5 s, 0 for never.
const mailSeconds = Number(
  values['mail-interval'] ?? process.env.LOCAL_SUPABASE_MAIL_INTERVAL ?? 5,
);
if (!Number.isFinite(mailSeconds) || mailSeconds < 0) {
  fail(`invalid mail interval ${values['mail-interval']}`);
}
// Scheduled launch waves start within 10 s of their time on hosted Supabase (pg_cron); here 5 s, 0 never.
const wavesSeconds = Number(
  values['waves-interval'] ?? process.env.LOCAL_SUPABASE_WAVES_INTERVAL ?? 5,
);
if (!Number.isFinite(wavesSeconds) || wavesSeconds < 0) {
  fail(`invalid waves interval ${values['waves-interval']}`);
}
// The audience's worker (docs/audience.md), like the mail queue's: every 10 s hosted, here 5 s, 0 never.
const audienceSeconds = Number(
  values['audience-interval'] ?? process.env.LOCAL_SUPABASE_AUDIENCE_INTERVAL ?? 5,
);
if (!Number.isFinite(audienceSeconds) || audienceSeconds < 0) {
  fail(`invalid audience interval ${values['audience-interval']}`);
}
const mailSendsPerSecond = process.env.MAIL_SENDS_PER_SECOND
  ? Number(process.env.MAIL_SENDS_PER_SECOND)
  : undefined;
if (mailSendsPerSecond !== undefined && !(mailSendsPerSecond > 0)) {
  fail(`invalid MAIL_SENDS_PER_SECOND ${process.env.MAIL_SENDS_PER_SECOND}`);
}

let instance: LocalSupabase;
try {
  instance = await startLocalSupabase({
    port,
    host: values.host,
    dataDir: values['data-dir'] ?? process.env.LOCAL_SUPABASE_DATA_DIR,
    inMemory: values['in-memory'],
    // A new local database gets the project's seed, as `supabase start` gives it.
    seed: true,
    allowedOrigins,
    databaseUrl: process.env.DATABASE_URL || undefined,
    resendApiKey: process.env.RESEND_API_KEY || undefined,
    resendApiUrl: process.env.RESEND_API_URL || undefined,
    prestartFunctions: !values['functions-on-demand'],
    watchFunctions: true,
    emailFrom: process.env.EMAIL_FROM || undefined,
    siteUrl: values['site-url'] ?? (process.env.SITE_URL || undefined),
    retention: retentionSeconds > 0 ? { intervalMs: retentionSeconds * 1000 } : undefined,
    mailQueue: mailSeconds > 0 ? { intervalMs: mailSeconds * 1000 } : undefined,
    launchWaves: wavesSeconds > 0 ? { intervalMs: wavesSeconds * 1000 } : undefined,
    productUrl: values['product-url'] ?? (process.env.PRODUCT_URL || undefined),
    audienceSync: audienceSeconds > 0 ? { intervalMs: audienceSeconds * 1000 } : undefined,
    mailSendsPerSecond,
  });
} catch (error) {
  if (error instanceof DataDirLockedError) fail(error.message);
  fail(error instanceof Error ? error.message : String(error));
}

// The keys are printed, never written to a file: they are the CLI's public demo keys, and the port can
// change per run, so there is nothing worth persisting.
process.stdout.write(
  [
    'local-supabase is running',
    `  API URL:          ${instance.url}`,
    `  Publishable key:  ${instance.publishableKey}`,
    `  Secret key:       ${instance.secretKey}`,
    `  anon key:         ${instance.anonKey} (legacy)`,
    `  service_role key: ${instance.serviceKey} (legacy)`,
    `  JWT secret:       ${instance.jwtSecret}`,
    `  Functions (Deno): ${instance
      .functions()
      .map((fn) => (fn.pid === undefined ? fn.name : `${fn.name} (pid ${fn.pid})`))
      .join(', ')}`,
    `  Outbox:           ${instance.outboxUrl}`,
    `  Mail links to:    ${instance.siteUrl}`,
    `  Invitations to:   ${instance.productUrl}`,
    `  Data dir:         ${instance.dataDir}${values['in-memory'] ? ' (database in memory)' : ''}`,
    '',
  ].join('\n'),
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    instance.stop().then(
      () => process.exit(0),
      (error: unknown) => fail(`stopping failed: ${String(error)}`),
    );
  });
}
