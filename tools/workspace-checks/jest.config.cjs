module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/workspace-checks',
  testEnvironment: 'node',
};
