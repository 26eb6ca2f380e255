// `npm run expire-applications [-- --now <ISO time>]`: deletes applications older than 12 months with
// their résumé files, and removes résumé files an erasure left queued. Run daily (the Retention workflow
// does, .github/workflows/retention.yml); running it again changes nothing.
//
// SUPABASE_URL: the project's API URL; default the local server, http://127.0.0.1:54321.
// SUPABASE_SECRET_KEY: one of the project's secret keys (or SUPABASE_SERVICE_ROLE_KEY, the legacy JWT);
// defaults to the local server's well-known secret key only when SUPABASE_URL is a loopback address. Never commit the hosted key or put it in a browser.
import { readCommandLine } from '@agentora/command-line';
import { serviceConnectionFromEnv } from '@agentora/local-supabase/service-connection';
import { expireApplications, ExpiryError } from './expire-applications.ts';

function fail(message: string): never {
  process.stderr.write(`expire-applications: ${message}\n`);
  process.exit(1);
}

const { values, refuse } = readCommandLine({
  command: 'npm run expire-applications',
  usage: `usage: npm run expire-applications [-- --now <ISO time>]

Deletes applications older than 12 months with their résumés, and résumé files an erasure left.
SUPABASE_URL and SUPABASE_SECRET_KEY name the project (default: the local backend).`,
  options: { now: { type: 'string' } },
});
const now = values.now === undefined ? new Date() : new Date(values.now);
if (Number.isNaN(now.getTime())) refuse(`--now must be a time, got ${JSON.stringify(values.now)}.`);

const { apiUrl, serviceKey } = serviceConnectionFromEnv();
if (!serviceKey) fail(`set SUPABASE_SECRET_KEY for ${apiUrl}`);

// The client is loaded once the command line is read: --help and a wrong argument answer at once.
const { createClient } = await import('@supabase/supabase-js');
const client = createClient(apiUrl, serviceKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});
try {
  const expiry = await expireApplications(client, now);
  process.stdout.write(
    `Deleted ${expiry.applications} application(s) older than 12 months; removed ${expiry.resumesRemoved} résumé file(s).\n`,
  );
} catch (error) {
  fail(error instanceof ExpiryError ? error.message : String(error));
}
