import { createBuildConfigs, type BuildArgs } from '@agentora/mf-config';

export default (_env: unknown, args: BuildArgs) =>
  createBuildConfigs({ name: 'backoffice', appDir: import.meta.dirname }, args);
