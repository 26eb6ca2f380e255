module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/command-line',
  testEnvironment: 'node',
};
