export type { SharedSpec } from './shared.ts';
export { createAppConfig, createBuildConfigs, STANDALONE_RUNTIME_FILE, type AppConfigOptions, type AppName, type BuildArgs } from './app-config.ts';
