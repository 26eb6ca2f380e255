module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/data',
  // The backend calls are tested against a real local Supabase, started once per run.
  globalSetup: '<rootDir>/src/backend/testing/global-setup.ts',
  globalTeardown: '<rootDir>/src/backend/testing/global-teardown.ts',
};
