// Node environment: the tests start real PostgreSQL servers (initdb, then postgres).
module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/test-postgres',
  testEnvironment: 'node',
  // Generous: initdb alone can take tens of seconds on a loaded 2-core machine.
  testTimeout: 120000,
};
