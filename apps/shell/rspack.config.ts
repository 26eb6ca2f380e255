import { createBuildConfigs, type BuildArgs } from '@agentora/mf-config';
import { searchEngineFiles } from '@agentora/data/site-files';
import { socialCardFiles } from '@agentora/og-image';

export default async (_env: unknown, args: BuildArgs) =>
  createBuildConfigs(
    {
      name: 'shell',
      appDir: import.meta.dirname,
      generatedFiles: { ...searchEngineFiles(), ...(await socialCardFiles()) },
    },
    args,
  );
