module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/host',
  testEnvironment: 'node',
  testTimeout: 120000,
};
