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
import { PROVIDED_BY_SHELL } from '@agentora/contracts/shared-modules';
import reactPackage from 'react/package.json' with { type: 'json' };
import reactDomPackage from 'react-dom/package.json' with { type: 'json' };
import styledComponentsPackage from 'styled-components/package.json' with { type: 'json' };

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
export function sharedMap(
  overrides: Record<string, Partial<SharedSpec>> = {},
): Record<string, SharedSpec> {
  return Object.fromEntries(
    Object.entries(sharedDependencies).map(([pkg, spec]) => [pkg, { ...spec, ...overrides[pkg] }]),
  );
}

// The shared modules the shell provides: PROVIDED_BY_SHELL (libs/contracts/src/shared-modules.ts).
export { PROVIDED_BY_SHELL };

export type ProvidedShared = (typeof PROVIDED_BY_SHELL)[number];

/** What the shell tells the runtime of each module it provides: the installed version, the range. */
export interface ProvidedSharedSpec {
  version: string;
  requiredVersion: string;
}

const INSTALLED_VERSIONS: Record<string, string> = {
  react: reactPackage.version,
  'react-dom': reactDomPackage.version,
  'react-router-dom': routerPackage.version,
  'styled-components': styledComponentsPackage.version,
  '@agentora/ui': uiPackage.version,
  '@agentora/data': dataPackage.version,
};

/** The spec of every module the shell provides, from the same map the remotes consume with. */
export function providedByShell(): Record<ProvidedShared, ProvidedSharedSpec> {
  const entries = PROVIDED_BY_SHELL.map((key) => {
    const pkg = key.startsWith('@') ? key : key.split('/')[0]!;
    const spec = sharedDependencies[key] ?? sharedDependencies[`${pkg}/`]!;
    return [key, { version: INSTALLED_VERSIONS[pkg]!, requiredVersion: spec.requiredVersion }];
  });
  return Object.fromEntries(entries) as Record<ProvidedShared, ProvidedSharedSpec>;
}

/** The lean router module shared as `react-router-dom` (shared-router.ts). */
export const SHARED_ROUTER_MODULE = path.join(import.meta.dirname, 'shared-router.ts');
