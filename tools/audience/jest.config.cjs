// Node environment: the tests run the real local server (PGlite needs --experimental-vm-modules, which
// `npm test` passes) and the command itself.
module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/audience',
  testEnvironment: 'node',
  testTimeout: 120000,
};
