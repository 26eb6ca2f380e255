module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/mf-config',
  testEnvironment: 'node',
};
