module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/delivery',
  testEnvironment: 'node',
  testTimeout: 120000,
};
