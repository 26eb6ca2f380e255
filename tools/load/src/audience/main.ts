// `npm run load:audience`: the backfill of docs/audience.md against the local backend (its own process,
// as npm start runs it), Resend's stand-in at its rate with failures, a kill -9 halfway, and the
// confirmation mails of visitors signing up meanwhile timed. Options: --members (10000), --rate (2),
// --error-rate (0.05), --kill-at (0.5), --sign-up-every (15 s), --engine pglite|postgres, --port.
// Not part of `npm test`: at Resend's 2 requests a second, 10,000 members take well over an hour.
import { readCommandLine } from '@agentora/command-line';

const { values, refuse } = readCommandLine({
  command: 'npm run load:audience',
  usage: `usage: npm run load:audience [-- options]

The backfill of the lists' audience into Resend's stand-in (docs/audience.md).

  --members <n>         confirmed newsletter members stored before the sync (10000)
  --rate <n>            Resend's requests a second, which the backend keeps too (2)
  --error-rate <x>      the share of requests answered 500, half after the change (0.05)
  --kill-at <x>         kill -9 of the backend once this share is in the segment (0.5)
  --sign-up-every <s>   a visitor signs up to the newsletter this often meanwhile (15)
  --engine <name>       pglite or postgres (pglite)
  --port <n>            the backend's port (54391)
  --verbose             the backend's own output too`,
  options: {
    members: { type: 'string' },
    rate: { type: 'string' },
    'error-rate': { type: 'string' },
    'kill-at': { type: 'string' },
    'sign-up-every': { type: 'string' },
    engine: { type: 'string' },
    port: { type: 'string' },
    verbose: { type: 'boolean' },
  },
});
const number = (name: string, given: string | undefined, fallback: number, max = Infinity) => {
  const value = Number(given ?? fallback);
  if (!Number.isFinite(value) || value <= 0 || value > max)
    refuse(`--${name} takes a number above 0${max < Infinity ? ` and at most ${max}` : ''}.`);
  return value;
};
const engine = values.engine ?? 'pglite';
if (!['pglite', 'postgres'].includes(engine)) refuse('--engine takes pglite or postgres.');
const log = (line: string) => {
  if (values.verbose || !line.startsWith('  [backend]')) process.stdout.write(`${line}\n`);
};
const scenario = {
  members: Math.round(number('members', values.members, 10_000)),
  providerRate: number('rate', values.rate, 2),
  providerErrorRate: number('error-rate', values['error-rate'], 0.05, 1),
  killAt: number('kill-at', values['kill-at'], 0.5, 1),
  signUpEverySeconds: number('sign-up-every', values['sign-up-every'], 15),
  port: Math.round(number('port', values.port, 54391, 65535)),
  log,
};

// The backend and the databases are loaded once the command line is read: --help and a wrong
// argument answer at once.
const [{ startTestPostgres }, { formatBackfill }, { runBackfill }] = await Promise.all([
  import('@agentora/test-postgres'),
  import('./report.ts'),
  import('./run.ts'),
]);

if (engine === 'pglite') {
  log('PGlite:');
  process.stdout.write(`${formatBackfill(await runBackfill({ ...scenario, engine: 'PGlite' }))}\n`);
} else {
  const postgres = await startTestPostgres();
  try {
    log(`PostgreSQL ${postgres.major}:`);
    process.stdout.write(
      `${formatBackfill(await runBackfill({ ...scenario, engine: `PostgreSQL ${postgres.major}`, databaseUrl: postgres.url }))}\n`,
    );
  } finally {
    await postgres.stop();
  }
}
