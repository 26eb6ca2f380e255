// The runtime config the page runs with: read once at start-up, then shared (@agentora/data is a
// shared singleton, so every remote sees the value the shell set).
import { fetchRuntimeConfig, RuntimeConfigError, type RuntimeConfig } from './read-runtime-config';

export * from './read-runtime-config';

let current: RuntimeConfig | undefined;

/** Called once at start-up. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new RuntimeConfigError('Runtime config has not been loaded yet.');
  return current;
}

/** Fetches the runtime config from the app's own origin and makes it current. */
export async function loadRuntimeConfig(url = '/runtime-config.json'): Promise<RuntimeConfig> {
  const config = await fetchRuntimeConfig(url);
  setRuntimeConfig(config);
  return config;
}
