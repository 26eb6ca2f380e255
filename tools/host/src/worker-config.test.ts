import fs from 'node:fs';
import path from 'node:path';
import { APP_NAMES } from '@agentora/contracts/apps';
import { workerConfig } from './worker-config';
import { WORKER_SCRIPT_FILE, workerScript } from './worker-script';

describe("each app's Worker config", () => {
  it('runs the miss script after the assets only, for every app, in production as in wrangler dev', () => {
    for (const app of APP_NAMES)
      for (const target of ['production', 'local'] as const) {
        const config = workerConfig({ app, assetsDir: '/srv/site', target });
        expect(config.main).toBe(workerScript());
        expect(config.no_bundle).toBe(true);
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

  it('hands wrangler the miss script bundled into one module, alone in its folder', () => {
    const script = workerScript();
    // wrangler attaches every module beside a script it does not bundle: there must be none.
    expect(fs.readdirSync(path.dirname(script))).toEqual([WORKER_SCRIPT_FILE]);
    const code = fs.readFileSync(script, 'utf8');
    // cache-control.ts's value is inside it, and nothing is left to import.
    expect(code).toContain('"no-store"');
    expect(code).not.toMatch(/^\s*import\s/m);
    expect(code).toMatch(/export\s*\{[^}]*\bas default\b/);
  });
});
