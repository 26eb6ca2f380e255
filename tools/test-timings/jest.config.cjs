module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/test-timings',
  testEnvironment: 'node',
};
