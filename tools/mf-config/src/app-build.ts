// What every part of an app's browser config is made from: which app, and for which mode.
import type { AppName } from '@agentora/contracts/apps';

export type BuildMode = 'development' | 'production' | 'none';

export interface AppBuild {
  name: AppName;
  /** The app's folder (its rspack.config.ts passes import.meta.dirname). */
  appDir: string;
  mode: BuildMode;
  isProduction: boolean;
  /** `rspack serve` (npm start): hot updates, no server build. */
  isDevelopment: boolean;
  /** The host, built without the federation plugin; every other app is a remote. */
  isShell: boolean;
}

export function appBuild(name: AppName, appDir: string, mode: BuildMode): AppBuild {
  return {
    name,
    appDir,
    mode,
    isProduction: mode === 'production',
    isDevelopment: mode === 'development',
    isShell: name === 'shell',
  };
}
