import rootPackage from '../../../package.json';
import routerPackage from 'react-router-dom/package.json';
import uiPackage from '@agentora/ui/package.json';
import { sharedDependencies } from './shared';

describe('shared singletons', () => {
  it('shares exactly React (with subpaths), the router, styled-components and our stateful libs', () => {
    expect(Object.keys(sharedDependencies).sort()).toEqual(
      [
        '@agentora/data',
        '@agentora/ui',
        'react',
        'react-dom',
        'react-dom/',
        'react-router-dom',
        'react/',
        'styled-components',
      ].sort(),
    );
  });

  it('makes every shared package a singleton with the version from package.json', () => {
    expect(sharedDependencies.react).toEqual({
      singleton: true,
      requiredVersion: rootPackage.dependencies.react,
    });
    expect(sharedDependencies['react-dom/'].requiredVersion).toBe(
      rootPackage.dependencies['react-dom'],
    );
    expect(sharedDependencies['styled-components'].requiredVersion).toBe(
      rootPackage.dependencies['styled-components'],
    );
    expect(sharedDependencies['@agentora/ui'].requiredVersion).toBe(`^${uiPackage.version}`);
    for (const spec of Object.values(sharedDependencies)) expect(spec.singleton).toBe(true);
  });

  it('shares the router as its used exports only, under the installed version', () => {
    const router = sharedDependencies['react-router-dom']!;
    expect(router.import).toMatch(/shared-router\.ts$/);
    expect(router.version).toBe(routerPackage.version);
  });
});
