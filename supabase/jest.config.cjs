const { callsEveryFunction, engineMatters } = require('./tests/pglite/on-pglite-too.cjs');

// `test`: the functions' modules with fakes (tests/unit), and the database tests of
// tests/pglite/on-pglite-too.cjs against the real local server on PGlite (HTTP, the functions on Deno)
// with the real supabase-js client; every database test runs on PostgreSQL in `test-postgres`
// (jest.postgres.config.cjs). `npm test` passes --experimental-vm-modules because PGlite loads Node
// built-ins with dynamic import(). The Deno tests (tests/deno) are the target's second half.
module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/backend',
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  testMatch: [
    '<rootDir>/tests/unit/*.test.ts',
    ...[...engineMatters, ...callsEveryFunction].map((name) => `<rootDir>/tests/${name}.test.ts`),
  ],
  globalSetup: '<rootDir>/tests/pglite/global-setup.ts',
  globalTeardown: '<rootDir>/tests/pglite/global-teardown.ts',
  // Generous: on a loaded 2-core machine starting PGlite alone can take tens of seconds.
  testTimeout: 120000,
};
