import { fork } from 'node:child_process';
import path from 'node:path';
import type { ServeMessage, ServeRequest } from './serve-site.ts';

export interface RunningSite {
  siteUrl: string;
  /** The single-bundle reference, when one was asked for. */
  referenceUrl?: string;
  backendUrl: string;
  /** Port → app name, to tell which app served a script. */
  appByPort: Map<number, string>;
  close(): Promise<void>;
}

/**
 * Starts serve-site.ts in a child process and waits until the site answers. The deadline is for a
 * start that hangs, not a budget: five hosts, the reference, the backend and the prerender of both
 * builds took over 60 s on the 2-core machine at load 10.
 */
export function startSiteProcess(request: ServeRequest, timeoutMs = 180_000): Promise<RunningSite> {
  const child = fork(path.join(import.meta.dirname, 'serve-site.ts'), [JSON.stringify(request)], {
    execArgv: [
      '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON',
      '--disable-warning=ExperimentalWarning',
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.send({ type: 'close' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise<RunningSite>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The preview site and backend did not start within ${timeoutMs / 1000} s.`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The preview site process exited (code ${code}) before it was ready.`));
    });
    child.on('message', (message: ServeMessage) => {
      clearTimeout(timer);
      if (message.type === 'error') {
        reject(new Error(message.message));
        return;
      }
      const appByPort = new Map(Object.entries(message.ports).map(([app, port]) => [port, app]));
      resolve({
        siteUrl: message.siteUrl,
        referenceUrl: message.referenceUrl,
        backendUrl: message.backendUrl,
        appByPort,
        close,
      });
    });
  });
}
