module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/data-backend-tests',
  // The backend calls are tested against a real local Supabase, started once per run.
  globalSetup: '<rootDir>/test-support/global-setup.ts',
  globalTeardown: '<rootDir>/test-support/global-teardown.ts',
  // Each call reaches a function on Deno (started by its first request) that asks the local stand-in
  // for siteverify and the database in turn: on a loaded 2-core machine that can outlast the preset's 15 s.
  testTimeout: 60000,
};
