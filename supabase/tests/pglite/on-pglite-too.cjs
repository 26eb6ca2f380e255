// The database tests that run on PGlite as well as on PostgreSQL: `test` runs these (and tests/unit) on
// PGlite, the engine of the local server (`npm start`, e2e); `test-postgres` runs every file of tests/ on
// PostgreSQL, production's engine. Two reasons put a file here (docs/backend.md, "Which Postgres"):
module.exports = {
  // The engine itself matters: the local server migrates its PGlite database from the same files, and
  // runs the mail queue (confirmations before a wave's bulk mail) and its worker on a timer of its own.
  engineMatters: ['migrations', 'launch-waves-migration', 'mail-queue', 'wave-mail'],
  // Every PL/pgSQL function of the schema runs on PGlite at least once (tests/pglite/global-teardown.ts
  // fails the run otherwise): the fewest, quickest files that together call them all.
  callsEveryFunction: [
    'console-growth',
    'audience-outcomes',
    'console-invites',
    'growth-confirm',
    'mail-delivery',
    'audience-backfill',
    'csp-violations',
    'remote-health',
    'console-access',
    'audience-console',
    'audience-queue',
    'line-kept',
    'audience-events',
    'launch-waves',
    'mail-budget',
    'growth-visits',
  ],
};
