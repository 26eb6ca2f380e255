// The one `shared` map of the site, used by the shell and every remote. Singletons are the packages
// that hold module-level state a page must have exactly one of: React and its renderer (hooks
// dispatcher), the router (its context), styled-components (its style sheet and ThemeContext), and
// our libs/ui (theme) and libs/data (runtime config and the one backend client).
// requiredVersion comes from the package.json that declares each dependency, so bumping a version
// there is the only change needed.
import path from 'node:path';
import rootPackage from '../../../package.json' with { type: 'json' };
import uiPackage from '@agentora/ui/package.json' with { type: 'json' };
import dataPackage from '@agentora/data/package.json' with { type: 'json' };
import routerPackage from 'react-router-dom/package.json' with { type: 'json' };

export interface SharedSpec {
  singleton: true;
  requiredVersion: string;
  /** The module this build provides under the shared name, when it is not the package itself. */
  import?: string;
  /** The version it is provided as (required with `import`). */
  version?: string;
}

const deps = rootPackage.dependencies;

function singleton(requiredVersion: string): SharedSpec {
  return { singleton: true, requiredVersion };
}

export const sharedDependencies: Record<string, SharedSpec> = {
  react: singleton(deps.react),
  // The trailing slash shares every subpath import too (react/jsx-runtime, react-dom/client).
  'react/': singleton(deps.react),
  'react-dom': singleton(deps['react-dom']),
  'react-dom/': singleton(deps['react-dom']),
  // The router's context must be one per page, but not all of the package: see shared-router.ts.
  'react-router-dom': {
    ...singleton(deps['react-router-dom']),
    import: path.join(import.meta.dirname, 'shared-router.ts'),
    version: routerPackage.version,
  },
  'styled-components': singleton(deps['styled-components']),
  '@agentora/ui': singleton(`^${uiPackage.version}`),
  '@agentora/data': singleton(`^${dataPackage.version}`),
};

/** The `shared` option of an app's ModuleFederationPlugin, with a build's overrides applied. */
export function sharedMap(overrides: Record<string, Partial<SharedSpec>> = {}): Record<string, SharedSpec> {
  return Object.fromEntries(Object.entries(sharedDependencies).map(([pkg, spec]) => [pkg, { ...spec, ...overrides[pkg] }]));
}
