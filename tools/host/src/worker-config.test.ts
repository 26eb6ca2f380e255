import fs from 'node:fs';
import { APP_NAMES } from '@agentora/contracts/apps';
import { MISS_WORKER, workerConfig } from './worker-config';

describe("each app's Worker config", () => {
  it('runs the miss script after the assets only, for every app, in production as in wrangler dev', () => {
    expect(fs.existsSync(MISS_WORKER)).toBe(true);
    for (const app of APP_NAMES)
      for (const target of ['production', 'local'] as const) {
        const config = workerConfig({ app, assetsDir: '/srv/site', target });
        expect(config.main).toBe(MISS_WORKER);
        expect(config.assets.run_worker_first).toBe(false);
        expect(config.assets.binding).toBe('ASSETS');
        // Navigations' misses reach the script too (worker-config.ts says why).
        expect(config.compatibility_flags).toContain('assets_navigation_has_no_effect');
      }
  });

  it('differs between production and wrangler dev only by the custom domain', () => {
    for (const app of APP_NAMES) {
      const { routes, ...production } = workerConfig({
        app,
        assetsDir: '/srv/site',
        target: 'production',
      });
      expect(routes).toHaveLength(1);
      expect(workerConfig({ app, assetsDir: '/srv/site', target: 'local' })).toEqual(production);
    }
  });
});
