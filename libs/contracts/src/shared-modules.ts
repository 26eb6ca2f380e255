// The shared modules the shell provides to the remotes, one by one: the contract between the
// shell, which hands its own copies to the federation runtime
// (apps/shell/src/federation/shared-modules.ts, kept equal to this list by its test), and the
// remotes, whose builds fail if they would consume any other (tools/mf-config/src/expose-contract.ts).
// The shell is built without the Module Federation plugin and starts the runtime itself when the
// first remote module loads (apps/shell/src/federation/federation-host.ts); the versions and ranges
// come from the shared map (tools/mf-config/src/shared.ts).

export const PROVIDED_BY_SHELL = [
  'react',
  'react/jsx-runtime',
  // What development builds compile JSX to (npm start).
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'styled-components',
  '@agentora/ui',
  '@agentora/data',
] as const;
