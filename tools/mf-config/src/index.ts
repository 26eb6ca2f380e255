export { sharedDependencies, sharedMap, type SharedSpec } from './shared.ts';
export {
  createAppConfig,
  createBuildConfigs,
  STANDALONE_RUNTIME_FILE,
  type AppConfigOptions,
  type AppName,
  type BuildArgs,
} from './app-config.ts';
export {
  createServerConfig,
  SERVER_ENTRY_META,
  type ServerConfigOptions,
} from './server-config.ts';
export {
  PAGE_TEMPLATE_FILE,
  SERVER_DIR,
  SERVER_REMOTE_ENTRY,
  SHELL_RENDER_FILE,
} from './server-files.ts';
