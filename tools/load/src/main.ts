// `npm run load`: the launch-day burst of docs/mail-queue.md against the local backend, on PGlite and on
// a throwaway PostgreSQL (Debian's, found or apt-installed). Options: --signups (1000), --seconds (60),
// --engines pglite,postgres, --kill-after (10 s after the burst). Not part of `npm test`: it takes about
// ten minutes per engine, most of it the provider's 2 mails a second.
import { parseArgs } from 'node:util';
import { startTestPostgres } from '@agentora/test-postgres';
import { formatRun, type RunResult } from './report.ts';
import { runScenario, type Scenario } from './run.ts';

const { values } = parseArgs({
  options: {
    signups: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '60' },
    engines: { type: 'string', default: 'pglite,postgres' },
    'kill-after': { type: 'string', default: '10' },
    port: { type: 'string', default: '54381' },
    verbose: { type: 'boolean', default: false },
  },
});

const log = (line: string) => {
  if (values.verbose || !line.startsWith('  [backend]')) process.stdout.write(`${line}\n`);
};

const base: Omit<Scenario, 'engine' | 'databaseUrl'> = {
  signups: Number(values.signups),
  seconds: Number(values.seconds),
  addresses: 250,
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
