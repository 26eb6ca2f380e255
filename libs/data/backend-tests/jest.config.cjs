module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/data-backend-tests',
  // The backend calls are tested against a real local Supabase, started once per run.
  globalSetup: '<rootDir>/test-support/global-setup.ts',
  globalTeardown: '<rootDir>/test-support/global-teardown.ts',
};
