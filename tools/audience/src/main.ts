// `npm run audience -- backfill [--list <list>] [--wait] | status | requeue`: the lists' audience in
// Resend (docs/audience.md). The sync itself runs on the project (sync-audience, on its schedule); this
// command queues, shows and retries. Answers on stdout, problems on stderr with exit code 1.
//
// SUPABASE_URL: the project's API URL; default the local server, http://127.0.0.1:54321.
// SUPABASE_SECRET_KEY: one of the project's secret keys (or SUPABASE_SERVICE_ROLE_KEY, the legacy JWT);
// defaults to the local server's well-known secret key only when SUPABASE_URL is a loopback address.
import { readCommandLine } from '@agentora/command-line';
import { serviceConnectionFromEnv } from '@agentora/local-supabase/service-connection';
import {
  AudienceError,
  backfill,
  deadLetters,
  pending,
  pendingLine,
  requeue,
  statusText,
  summary,
} from './audience-calls.ts';

const LISTS = ['early_access', 'newsletter', 'waitlist'];

const USAGE = `usage: npm run audience -- <command>

  backfill [--list <list>] [--wait]   queue every confirmed member Resend does not have yet (of one
                                      list: ${LISTS.join(', ')}); the project's sync makes them
                                      contacts, behind the changes made on the site. Run it again
                                      whenever: it queues only what is still missing. --wait: follow it
                                      until nothing waits (Ctrl-C stops following, not the backfill)
  status                              per list: its segment, contacts, changes waiting and failed, and
                                      the newest failures with Resend's words
  requeue                             try the failed changes again, once their cause is mended

SUPABASE_URL and SUPABASE_SECRET_KEY name the project (default: the local backend).`;

/** How often --wait looks. */
const POLL_MS = 5_000;

function fail(message: string): never {
  process.stderr.write(`audience: ${message}\n`);
  process.exit(1);
}

const { values, positionals, refuse } = readCommandLine({
  command: 'npm run audience',
  usage: USAGE,
  options: { list: { type: 'string' }, wait: { type: 'boolean' } },
  positionals: true,
});
const [command, ...rest] = positionals;
if (!command || !['backfill', 'status', 'requeue'].includes(command))
  refuse('the command is backfill, status or requeue.');
if (rest.length > 0) refuse(`${command} takes no more words.`);
if ((values.list !== undefined || values.wait) && command !== 'backfill')
  refuse('--list and --wait go with backfill.');
if (values.list !== undefined && !LISTS.includes(values.list))
  refuse(`--list is one of ${LISTS.join(', ')}.`);

let connection;
try {
  connection = serviceConnectionFromEnv();
} catch {
  fail(`SUPABASE_URL is not a URL: ${JSON.stringify(process.env.SUPABASE_URL)}`);
}
const { apiUrl, serviceKey } = connection;
if (!serviceKey) fail(`set SUPABASE_SECRET_KEY (a secret key of the project) for ${apiUrl}`);
// The client is loaded once the command line is read: --help and a wrong argument answer at once.
const { createClient } = await import('@supabase/supabase-js');
const client = createClient(apiUrl, serviceKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

try {
  if (command === 'backfill') {
    const queued = await backfill(client, values.list);
    process.stdout.write(
      queued > 0
        ? `Queued ${queued} address(es) for Resend${values.list ? ` (${values.list})` : ''}.\n`
        : 'Nothing to queue: every confirmed member is in Resend or already waiting.\n',
    );
    if (values.wait) {
      const started = Date.now();
      for (;;) {
        const now = await pending(client);
        const seconds = Math.round((Date.now() - started) / 1000);
        process.stdout.write(`${seconds}s: ${pendingLine(now)}\n`);
        if (now.queued + now.sending === 0 && !now.scanning) break;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      process.stdout.write(statusText(await summary(client), await pending(client), []));
    }
  } else if (command === 'status') {
    process.stdout.write(
      statusText(await summary(client), await pending(client), await deadLetters(client)),
    );
  } else {
    process.stdout.write(`Queued ${await requeue(client)} failed change(s) again.\n`);
  }
} catch (error) {
  if (error instanceof AudienceError) fail(error.message);
  fail(`Could not reach ${apiUrl}: ${(error as Error).message}`);
}
