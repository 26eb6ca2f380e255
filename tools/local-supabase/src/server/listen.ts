// The listening sockets: the port on one or both loopback addresses, and what one client may hold
// (timeouts, a connection cap). Every request they take goes to http/request-listener.ts.
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * Limits on what one client can hold. Every legitimate client is on this machine, where a request's
 * head and body (at most a 5 MB file) arrive in milliseconds; a client that takes seconds is stalling.
 */
export const CONNECTION_LIMITS = {
  /** The whole request head. */
  headersTimeoutMs: 5_000,
  /** The whole request, body included. */
  requestTimeoutMs: 10_000,
  /** An idle kept-alive connection (Node's default). */
  keepAliveTimeoutMs: 5_000,
  /** How often Node checks the two timeouts above (default 30 s, which would let stallers stay that long). */
  checkIntervalMs: 1_000,
  /**
   * Open connections at once, across all listening addresses; more are closed on arrival. Chrome opens
   * at most 256 in all, and the test suites keep up to 500 requests in flight from one client, each on
   * its own connection. A connection costs little by itself: what its body may hold in memory is
   * bounded per route and for all requests together (http/body.ts).
   */
  maxConnections: 1024,
};

export interface HttpListener {
  /** e.g. http://127.0.0.1:54321, with the port the system chose when 0 was asked for. */
  url: string;
  close(): Promise<void>;
}

function createHardenedServer(listener: RequestListener): Server {
  const server = createServer(
    {
      headersTimeout: CONNECTION_LIMITS.headersTimeoutMs,
      requestTimeout: CONNECTION_LIMITS.requestTimeoutMs,
      keepAliveTimeout: CONNECTION_LIMITS.keepAliveTimeoutMs,
      connectionsCheckingInterval: CONNECTION_LIMITS.checkIntervalMs,
    },
    listener,
  );
  return server;
}

function listenOn(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? Object.assign(
              new Error(
                `Port ${port} on ${host} is already in use. Stop whatever listens there or choose another port.`,
              ),
              { code: error.code },
            )
          : error,
      );
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * One connection cap over all listening servers. A new connection over the cap first takes the place of
 * the longest-idle kept-alive one (a client that finished a burst of requests must not lock the next
 * client out until its sockets time out); with none idle, the new one is closed before it is read.
 */
function capConnections(servers: Server[], cap: number): void {
  const open = new Set<Socket>();
  // Connections that have been answered and wait for another request, oldest first.
  const idle = new Set<Socket>();
  for (const server of servers) {
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const { socket } = req;
      idle.delete(socket);
      res.once('finish', () => {
        if (!socket.destroyed && open.has(socket)) idle.add(socket);
      });
    });
    server.on('connection', (socket: Socket) => {
      if (open.size >= cap) {
        const [oldestIdle] = idle;
        if (oldestIdle === undefined) {
          socket.destroy();
          return;
        }
        idle.delete(oldestIdle);
        open.delete(oldestIdle);
        oldestIdle.destroy();
      }
      open.add(socket);
      socket.once('close', () => {
        open.delete(socket);
        idle.delete(socket);
      });
    });
  }
}

/** Errors that mean "this machine has no IPv6 loopback", not "something is wrong". */
const NO_IPV6 = new Set(['EADDRNOTAVAIL', 'EAFNOSUPPORT']);

/**
 * Serves `listener` on `host`. For `localhost` that is both loopback addresses, 127.0.0.1 and ::1 on
 * the same port: browsers resolve localhost to either and may try ::1 first. Without IPv6 the server
 * keeps to 127.0.0.1.
 */
export async function listenHttp(
  listener: RequestListener,
  port: number,
  host: string,
): Promise<HttpListener> {
  const hosts = host === 'localhost' ? ['127.0.0.1', '::1'] : [host];
  // With port 0 the second address may find the first one's port taken by someone else: try again.
  for (let attempt = 0; ; attempt += 1) {
    const servers: Server[] = [];
    try {
      const first = createHardenedServer(listener);
      servers.push(first);
      const address = await listenOn(first, port, hosts[0]);
      for (const other of hosts.slice(1)) {
        const server = createHardenedServer(listener);
        try {
          await listenOn(server, address.port, other);
          servers.push(server);
        } catch (error) {
          if (!NO_IPV6.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
        }
      }
      capConnections(servers, CONNECTION_LIMITS.maxConnections);
      const name =
        host === 'localhost'
          ? 'localhost'
          : address.family === 'IPv6'
            ? `[${address.address}]`
            : address.address;
      return {
        url: `http://${name}:${address.port}`,
        close: async () => {
          await Promise.all(servers.map(closeServer));
        },
      };
    } catch (error) {
      await Promise.all(servers.map(closeServer));
      const retry =
        port === 0 && attempt < 5 && (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (!retry) throw error;
    }
  }
}
