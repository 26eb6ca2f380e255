// Node environment: the functions' modules with fakes, and the database and functions against the real
// local server (PGlite, HTTP, the functions on Deno) with the real supabase-js client. `npm test` passes
// --experimental-vm-modules because PGlite loads Node built-ins with dynamic import().
module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/backend',
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  // Those run on Deno (`deno test`, the second half of the test target); *.postgres.test.ts only on
  // PostgreSQL (the test-postgres target).
  testPathIgnorePatterns: ['/tests/deno/', '\\.postgres\\.test\\.ts$'],
  // Generous: on a loaded 2-core machine starting PGlite alone can take tens of seconds.
  testTimeout: 120000,
};
