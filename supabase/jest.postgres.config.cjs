// `test-postgres`: every test that reaches a database (tests/*.test.ts, and *.postgres.test.ts, which
// only PostgreSQL can run), on a throwaway real PostgreSQL server (docs/backend.md, "Which Postgres").
module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/backend (PostgreSQL)',
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  testMatch: ['<rootDir>/tests/*.test.ts'],
  globalSetup: '<rootDir>/tests/postgres/global-setup.ts',
  globalTeardown: '<rootDir>/tests/postgres/global-teardown.ts',
  testTimeout: 120000,
};
