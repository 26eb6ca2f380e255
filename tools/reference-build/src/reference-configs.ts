// The single-bundle reference: the site built as one ordinary rspack app, without Module Federation,
// to show what the micro-frontends cost (npm run bench measures both, side by side).
//
// It is the shell's own build (createAppConfig, createServerConfig: the same loaders, HTML template,
// start-up preloads, server build for the prerender) with two changes only: no ModuleFederationPlugin,
// and the shell's remote loader swapped for remote-loader.reference.ts, which imports each remote's
// exposed modules from their sources as ordinary lazy chunks. The route table, the parts and their
// Suspense boundaries, and the prerender are the same, so both builds render the same pages.
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { appFolder } from '@agentora/contracts/apps';
import { createAppConfig, createServerConfig } from '@agentora/mf-config';

const workspaceRoot = path.resolve(import.meta.dirname, '../../..');
const referenceLoader = path.join(import.meta.dirname, 'remote-loader.reference.ts');

function withoutFederation(config: Configuration): Configuration {
  return {
    ...config,
    plugins: [
      ...(config.plugins ?? []).filter((plugin) => !(plugin instanceof ModuleFederationPlugin)),
      new rspack.NormalModuleReplacementPlugin(
        /federation[\\/]remote-loader(\.ts)?$/,
        referenceLoader,
      ),
    ],
  };
}

/** The browser and server builds of the reference, into `outputDir` (its ssr/ for the server). */
export function referenceConfigs(outputDir: string): Configuration[] {
  const appDir = path.join(workspaceRoot, appFolder('shell'));
  const browser = {
    ...createAppConfig({ name: 'shell', appDir, port: 0, outputDir }, { mode: 'production' }),
    name: 'shell',
  };
  const server = createServerConfig({
    name: 'shell',
    appDir,
    outputDir,
    mode: 'production',
    resolve: browser.resolve,
    module: browser.module,
  });
  return [withoutFederation(browser), withoutFederation(server)];
}

/** Builds the reference into `outputDir`. */
export function buildReference(outputDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    rspack(referenceConfigs(outputDir)).run((error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors())
        return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    });
  });
}
