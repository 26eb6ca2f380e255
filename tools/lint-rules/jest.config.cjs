module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/lint-rules',
  testEnvironment: 'node',
};
