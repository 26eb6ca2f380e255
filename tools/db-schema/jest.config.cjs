// Node environment: the tests build databases on a throwaway PostgreSQL server (initdb, then postgres).
module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/db-schema',
  testEnvironment: 'node',
  // Generous: initdb and two builds of the whole schema can take a minute on a loaded 2-core machine.
  testTimeout: 180000,
};
