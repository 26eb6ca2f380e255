module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/og-image',
  testEnvironment: 'node',
};
