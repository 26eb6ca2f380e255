// Node environment: the tests run the real server (PGlite, HTTP) and the real supabase-js client.
// `npm test` passes --experimental-vm-modules because PGlite loads Node built-ins with dynamic import().
module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/local-supabase',
  testEnvironment: 'node',
  // *.postgres.test.ts only on PostgreSQL (the test-postgres target).
  testPathIgnorePatterns: ['/node_modules/', '\\.postgres\\.test\\.ts$'],
  // Generous: on a loaded 2-core machine starting PGlite alone can take tens of seconds.
  testTimeout: 120000,
};
