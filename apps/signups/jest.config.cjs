// Component tests drive the forms keystroke by keystroke; on a loaded shared machine one test can take
// several seconds, and a test cut off by Jest's 5 s default leaves its typing running into the next one.
module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/signups',
  testTimeout: 30_000,
};
