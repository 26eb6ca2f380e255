import { createAppConfig, type BuildArgs } from '@agentora/mf-config';

export default (_env: unknown, args: BuildArgs) => createAppConfig({ name: 'careers', appDir: import.meta.dirname, port: 4203 }, args);
