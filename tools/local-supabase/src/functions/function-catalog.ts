import path from 'node:path';
import type { ProjectConfig } from '../config/project-config.ts';

export interface FunctionEntry {
  name: string;
  /** The entry file hosted Supabase runs, absolute. */
  entrypoint: string;
}

/** A name that is one path segment of /functions/v1/<name>. */
const FUNCTION_NAME = /^[A-Za-z0-9_-]+$/;

/**
 * The project's functions as supabase/config.toml declares them ([functions.<name>], enabled, entrypoint),
 * the same list `supabase functions deploy` reads, in the file's order.
 */
export function readFunctionCatalog(config: ProjectConfig): FunctionEntry[] {
  const supabaseDir = path.dirname(config.file);
  return config
    .tables('functions')
    .filter(([name]) => FUNCTION_NAME.test(name))
    .filter(([name]) => config.boolean(`functions.${name}`, 'enabled', true))
    .map(([name]) => ({
      name,
      entrypoint: path.resolve(
        supabaseDir,
        config.string(`functions.${name}`, 'entrypoint') ?? `./functions/${name}/index.ts`,
      ),
    }));
}
