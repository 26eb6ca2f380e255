module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/data',
  // The calls against a real local backend are a project of their own (backend-tests/), so that a
  // migration or a function's change reaches them and not every app that builds on this library.
  roots: ['<rootDir>/src'],
};
