// `test-postgres`: the tests that reach the database, on a throwaway real PostgreSQL server rather than
// PGlite (docs/backend.md, "Which Postgres").
const base = require('./jest.config.cjs');

module.exports = {
  ...base,
  displayName: '@agentora/backend (PostgreSQL)',
  globalSetup: '<rootDir>/tests/postgres/global-setup.ts',
  globalTeardown: '<rootDir>/tests/postgres/global-teardown.ts',
  testPathIgnorePatterns: [
    ...base.testPathIgnorePatterns.filter((pattern) => !pattern.includes('postgres')),
    // The functions' modules with fakes (tests/unit): no database in them.
    '/tests/unit/',
  ],
};
