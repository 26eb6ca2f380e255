import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_REQUEST_TIMEOUT_MS } from './timeouts';

/**
 * Bounds each network step of loading a remote, so a host that hangs fails fast instead of leaving
 * a request open: the manifest fetch is aborted, and the remoteEntry script gets a shorter timeout
 * than the runtime's 20 s default.
 */
export function requestTimeoutPlugin(
  timeoutMs = REMOTE_REQUEST_TIMEOUT_MS,
): ModuleFederationRuntimePlugin {
  return {
    name: 'agentora-request-timeouts',
    fetch(url, init) {
      return fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    },
    createScript() {
      return { timeout: timeoutMs };
    },
  };
}
