export { sharedDependencies, type SharedSpec } from './shared.ts';
export { createAppConfig, type AppConfigOptions, type AppName, type BuildArgs } from './app-config.ts';
