module.exports = {
  preset: '@agentora/jest-preset',
  displayName: '@agentora/data-backend-tests',
  // The backend calls are tested against a real local Supabase, started once per run.
  globalSetup: '<rootDir>/testing/global-setup.ts',
  globalTeardown: '<rootDir>/testing/global-teardown.ts',
};
