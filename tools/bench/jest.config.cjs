module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/bench',
  testEnvironment: 'node',
};
