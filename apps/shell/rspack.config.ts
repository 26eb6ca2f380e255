import { createBuildConfigs, type BuildArgs } from '@agentora/mf-config';
import { searchEngineFiles } from '@agentora/data/site-files';

export default (_env: unknown, args: BuildArgs) =>
  createBuildConfigs(
    { name: 'shell', appDir: import.meta.dirname, generatedFiles: searchEngineFiles() },
    args,
  );
