// `npm run load`: the launch-day burst of docs/mail-queue.md against the local backend, on PGlite and on
// a throwaway PostgreSQL (Debian's, found or apt-installed). Options: --signups (1000), --seconds (60),
// --engines pglite,postgres, --kill-after (10 s after the burst). Not part of `npm test`. Each sign-up is
// one request, as the browser makes it, with the bot check's testing token.
import { readCommandLine } from '@agentora/command-line';
import { startTestPostgres } from '@agentora/test-postgres';
import { formatRun, type RunResult } from './report.ts';
import { runScenario, type Scenario } from './run.ts';

const { values: given, refuse } = readCommandLine({
  command: 'npm run load',
  usage: `usage: npm run load [-- options]

The launch-day burst against the local backend (docs/mail-queue.md); a few minutes per engine.

  --signups <n>      sign-ups in the burst (1000)
  --seconds <n>      how long the burst lasts (60)
  --engines <list>   pglite, postgres or both, comma-separated (pglite,postgres)
  --kill-after <s>   kill -9 of the backend this long after the burst (10)
  --port <n>         the backend's port (54381)
  --verbose          the backend's own output too`,
  options: {
    signups: { type: 'string' },
    seconds: { type: 'string' },
    engines: { type: 'string' },
    'kill-after': { type: 'string' },
    port: { type: 'string' },
    verbose: { type: 'boolean' },
  },
});
const values = {
  signups: given.signups ?? '1000',
  seconds: given.seconds ?? '60',
  engines: given.engines ?? 'pglite,postgres',
  'kill-after': given['kill-after'] ?? '10',
  port: given.port ?? '54381',
  verbose: given.verbose ?? false,
};
for (const name of ['signups', 'seconds', 'kill-after', 'port'] as const)
  if (!/^[1-9]\d*$/.test(values[name])) refuse(`--${name} takes a positive whole number.`);
const unknownEngines = values.engines
  .split(',')
  .filter((e) => !['pglite', 'postgres'].includes(e.trim()));
if (unknownEngines.length > 0)
  refuse(`--engines takes pglite, postgres or both, not ${unknownEngines.join(', ')}.`);

const log = (line: string) => {
  if (values.verbose || !line.startsWith('  [backend]')) process.stdout.write(`${line}\n`);
};

const base: Omit<Scenario, 'engine' | 'databaseUrl'> = {
  signups: Number(values.signups),
  seconds: Number(values.seconds),
  // About four sign-ups per client address, as at 1,000 (the production limits allow 10 a minute).
  addresses: Math.max(250, Math.ceil(Number(values.signups) / 4)),
  providerRate: 2,
  providerErrorRate: 0.05,
  killAfterSeconds: Number(values['kill-after']),
  port: Number(values.port),
  log,
};

const results: RunResult[] = [];
for (const engine of values.engines.split(',').map((name) => name.trim())) {
  if (engine === 'pglite') {
    log('PGlite:');
    results.push(await runScenario({ ...base, engine: 'PGlite' }));
  } else if (engine === 'postgres') {
    const postgres = await startTestPostgres();
    try {
      log(`PostgreSQL ${postgres.major}:`);
      results.push(
        await runScenario({
          ...base,
          engine: `PostgreSQL ${postgres.major}`,
          databaseUrl: postgres.url,
        }),
      );
    } finally {
      await postgres.stop();
    }
  } else {
    throw new Error(`unknown engine ${engine}: pglite or postgres`);
  }
  log('');
  log(formatRun(results[results.length - 1]));
  log('');
}

const failed = results.filter(
  (result) =>
    result.mail.lost > 0 || result.mail.doubled > 0 || result.rowsKept !== result.rowsExpected,
);
if (failed.length > 0) {
  process.stderr.write(
    `load: mail lost or doubled, or rows lost, on ${failed.map((r) => r.engine).join(', ')}\n`,
  );
  process.exitCode = 1;
}
