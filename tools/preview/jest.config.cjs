module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/preview',
  testEnvironment: 'node',
  testTimeout: 120000,
};
