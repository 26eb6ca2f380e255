// `test-postgres`: the tests of what the server keeps in the database (Auth's users, codes and
// sessions; the default grants) on a throwaway real PostgreSQL rather than PGlite (docs/backend.md,
// "Which Postgres"), and of the test databases made there (*.postgres.test.ts, on PostgreSQL only). The
// rest (HTTP, the gateway, storage files, locks) does not depend on the engine.
const base = require('./jest.config.cjs');

module.exports = {
  ...base,
  displayName: '@agentora/local-supabase (PostgreSQL)',
  testMatch: [
    '<rootDir>/test/auth.test.ts',
    '<rootDir>/test/auth-*.test.ts',
    '<rootDir>/test/default-grants.test.ts',
    '<rootDir>/test/*.postgres.test.ts',
  ],
  testPathIgnorePatterns: ['/node_modules/'],
  globalSetup: '<rootDir>/test/postgres/global-setup.ts',
  globalTeardown: '<rootDir>/test/postgres/global-teardown.ts',
};
