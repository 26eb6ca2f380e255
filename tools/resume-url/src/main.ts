// `npm run resume-url -- <application id> [--expires-in <seconds>]`: prints a signed URL for the
// application's résumé on stdout (who applied and how long the link lives on stderr).
//
// SUPABASE_URL: the project's API URL; default the local server, http://127.0.0.1:54321.
// SUPABASE_SECRET_KEY: one of the project's secret keys (or SUPABASE_SERVICE_ROLE_KEY, the legacy JWT);
// defaults to the local server's well-known secret key only when SUPABASE_URL is a loopback address. Never commit the hosted key or put it in a browser.
import { readCommandLine } from '@agentora/command-line';
import { serviceConnectionFromEnv } from '@agentora/local-supabase/service-connection';
import {
  DEFAULT_EXPIRES_IN_SECONDS,
  ResumeUrlError,
  signedResumeUrl,
} from './signed-resume-url.ts';

function fail(message: string): never {
  process.stderr.write(`resume-url: ${message}\n`);
  process.exit(1);
}

const { values, positionals, refuse } = readCommandLine({
  command: 'npm run resume-url',
  usage: `usage: npm run resume-url -- <application id> [--expires-in <seconds>]

Prints a signed link to the application's résumé (for operators: it needs the project's secret key).
SUPABASE_URL and SUPABASE_SECRET_KEY name the project (default: the local backend).`,
  options: { 'expires-in': { type: 'string' } },
  positionals: true,
});
if (positionals.length !== 1) refuse('name one application id.');

const { apiUrl, serviceKey } = serviceConnectionFromEnv();
if (!serviceKey) fail(`set SUPABASE_SECRET_KEY for ${apiUrl}`);
const expiresIn = Number(values['expires-in'] ?? DEFAULT_EXPIRES_IN_SECONDS);

// The client is loaded once the command line is read: --help and a wrong argument answer at once.
const { createClient } = await import('@supabase/supabase-js');
const client = createClient(apiUrl, serviceKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});
try {
  const resume = await signedResumeUrl(client, positionals[0], expiresIn);
  process.stderr.write(
    `Résumé of ${resume.applicant}: ${resume.filename}, link valid for ${expiresIn} seconds.\n`,
  );
  process.stdout.write(`${resume.url}\n`);
} catch (error) {
  fail(error instanceof ResumeUrlError ? error.message : String(error));
}
