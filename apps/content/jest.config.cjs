// Page tests drive whole pages with user-event; on a busy CI machine they need more than 5 s.
module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/content',
  testTimeout: 20_000,
};
