// `test-postgres`: the database tests where the engine matters, again on a throwaway real PostgreSQL
// server (docs/backend.md, "Which Postgres"); every other database test runs on PGlite alone (`test`).
// The engine matters where the SQL is a migration applied to a database, where transactions run at once
// (PGlite runs one at a time: locks, SKIP LOCKED, a token or a limit raced, the queue's leases and
// batches), and where what is measured is PostgreSQL's own work (*.postgres.test.ts, PostgreSQL only).
// After the whole run, tests/postgres/global-teardown.ts checks that every SQL function of public and
// private still completed on PostgreSQL, whichever file calls it.
const base = require('./jest.config.cjs');

/** Each file, and why it runs on both engines. */
const BOTH_ENGINES = {
  // The migrations: applied from empty, their grants, RLS and CHECKs, and a second run applying nothing.
  'migrations.test.ts': 'the migrations',
  // A migration applied to a database holding rows from before it.
  'mail-bounce-upgrade.test.ts': 'a migration on existing rows',
  'email-rule.test.ts': 'a migration on existing rows',
  'referral-caps.test.ts': 'a migration on existing rows',
  'referral-identity.test.ts': 'a migration on existing rows',
  'console-sign-in-codes.test.ts': 'a migration on existing rows; code checks at once',
  // The queue: leases, SKIP LOCKED, the provider's pace, batches, suppression settling the queue.
  'mail-queue.test.ts': 'the queue',
  'mail-with-the-row.test.ts': "the queue's batches and a row lock held",
  'mail-delivery.test.ts': 'the queue settled by a suppression',
  // Transactions at once.
  'line-kept.test.ts': 'confirmations and erasures at once',
  'rate-limits.test.ts': 'a burst at once against a limit',
  'consent.test.ts': 'many uses of one token at once',
  'privacy.test.ts': 'many erasures with one token at once',
  'console-sign-in.test.ts': 'a burst of code requests at once',
  'functions.test.ts': 'one call made five times at once',
};

module.exports = {
  ...base,
  displayName: '@agentora/backend (PostgreSQL)',
  globalSetup: '<rootDir>/tests/postgres/global-setup.ts',
  globalTeardown: '<rootDir>/tests/postgres/global-teardown.ts',
  testMatch: [
    ...Object.keys(BOTH_ENGINES).map((file) => `<rootDir>/tests/${file}`),
    '<rootDir>/tests/**/*.postgres.test.ts',
  ],
  testPathIgnorePatterns: base.testPathIgnorePatterns.filter(
    (pattern) => !pattern.includes('postgres'),
  ),
};
