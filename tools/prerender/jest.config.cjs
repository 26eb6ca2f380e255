module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/prerender',
  testEnvironment: 'node',
};
