// Node environment: the tests start the fake provider on a free port and call it over HTTP.
module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/fake-resend',
  testEnvironment: 'node',
};
