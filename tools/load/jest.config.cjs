// Node environment: the report's arithmetic, without starting anything.
module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/load',
  testEnvironment: 'node',
};
