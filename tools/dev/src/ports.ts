import net from 'node:net';

export interface Listener {
  name: string;
  port: number;
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Fails, naming every taken port, before anything starts: half a site is worse than none. */
export async function assertPortsFree(listeners: readonly Listener[]): Promise<void> {
  const taken: Listener[] = [];
  for (const listener of listeners) if (!(await isFree(listener.port))) taken.push(listener);
  if (taken.length === 0) return;
  const list = taken.map(({ name, port }) => `${port} (${name})`).join(', ');
  throw new Error(
    `Port${taken.length > 1 ? 's' : ''} ${list} ${taken.length > 1 ? 'are' : 'is'} already in use on 127.0.0.1. ` +
      'Is `npm start` or `npm run preview` already running in another terminal? Stop it, or the program on that port, and try again.',
  );
}

/** Resolves once `http://127.0.0.1:<port><readyPath>` answers below 500; throws at the deadline. */
export async function waitUntilAnswering(
  service: Listener & { readyPath: string },
  deadline: number,
): Promise<void> {
  const url = `http://127.0.0.1:${service.port}${service.readyPath}`;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${service.name} did not answer at ${url} in time.`);
}
