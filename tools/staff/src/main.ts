// `npm run staff -- add <email> [--by <who>] | remove <email> | list`: who may use the team's console
// (docs/backend.md, "The console's data"). Staff sign in with a code mailed to their address; this
// command only says which addresses count. Answers on stdout, problems on stderr with exit code 1.
//
// SUPABASE_URL: the project's API URL; default the local server, http://127.0.0.1:54321.
// SUPABASE_SECRET_KEY: one of the project's secret keys (or SUPABASE_SERVICE_ROLE_KEY, the legacy JWT);
// defaults to the local server's well-known secret key only when SUPABASE_URL is a loopback address.
import { readCommandLine } from '@agentora/command-line';
import { serviceConnectionFromEnv } from '@agentora/local-supabase/service-connection';
import { addStaff, listStaff, removeStaff, StaffError } from './staff-list.ts';

const USAGE = `usage: npm run staff -- <command>

  add <email> [--by <who>]   let the address sign in to the console (--by: who asked, for the log)
  remove <email>             end its access: its sessions end with it
  list                       who is staff

SUPABASE_URL and SUPABASE_SECRET_KEY name the project (default: the local backend).`;

function fail(message: string): never {
  process.stderr.write(`staff: ${message}\n`);
  process.exit(1);
}

const { values, positionals, refuse } = readCommandLine({
  command: 'npm run staff',
  usage: USAGE,
  options: { by: { type: 'string' } },
  positionals: true,
});
const [command, address, ...rest] = positionals;
const needsAddress = command === 'add' || command === 'remove';
if (!command || !['add', 'remove', 'list'].includes(command))
  refuse('the command is add, remove or list.');
if (rest.length > 0 || (needsAddress ? address === undefined : address !== undefined))
  refuse(needsAddress ? `${command} takes one address.` : 'list takes no address.');
if (values.by !== undefined && command !== 'add') refuse('--by goes with add.');

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
  if (command === 'add') {
    const { email, added } = await addStaff(client, address, values.by);
    process.stdout.write(
      added
        ? `Added ${email}: they can sign in to the console with a code mailed to that address.\n`
        : `${email} is staff already; nothing changed.\n`,
    );
  } else if (command === 'remove') {
    const { email, removed } = await removeStaff(client, address);
    if (!removed) fail(`${email} is not staff; nothing changed.`);
    process.stdout.write(
      `Removed ${email}: a session they hold sees nothing from its next request on.\n`,
    );
  } else {
    const staff = await listStaff(client);
    if (staff.length === 0) process.stderr.write(`No staff on ${apiUrl} yet.\n`);
    for (const member of staff) {
      process.stdout.write(`${member.email}\t${member.added_at}\t${member.added_by ?? ''}\n`);
    }
  }
} catch (error) {
  if (error instanceof StaffError) fail(error.message);
  fail(`Could not reach ${apiUrl}: ${(error as Error).message}`);
}
