import { request, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface Exchange {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether the server closed the connection after answering (within a second). */
  closed: Promise<boolean>;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent after the head; what a declared Content-Length promises beyond it is never sent. */
  body?: string | Buffer;
  /** Finish the request (default). false leaves it open: the server has to answer without the rest. */
  end?: boolean;
}

/**
 * One request on its own connection, with headers that fetch would refuse or rewrite (Host, a
 * Content-Length larger than what is sent). Resolves with the server's answer, which arrives even
 * though the request may never be finished.
 */
export function exchange(baseUrl: string, raw: RawRequest): Promise<Exchange> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({
      host: hostname.replace(/^\[|\]$/g, ''),
      port,
      method: raw.method ?? 'GET',
      path: raw.path,
      headers: raw.headers,
      agent: false,
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the answer is the server closing on an unfinished body, not a failure.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', () => undefined);
      res.on('end', () => {
        const socket = req.socket;
        const closed = new Promise<boolean>((resolveClosed) => {
          if (!socket || socket.destroyed) return resolveClosed(true);
          const timer = setTimeout(() => {
            resolveClosed(false);
            socket.destroy();
          }, 1000);
          socket.once('close', () => {
            clearTimeout(timer);
            resolveClosed(true);
          });
        });
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          closed,
        });
      });
    });
    req.flushHeaders();
    if (raw.body !== undefined) req.write(raw.body);
    if (raw.end ?? true) req.end();
  });
}

/** A plain TCP connection to the server, for clients that misbehave below HTTP. */
export function openSocket(baseUrl: string): Promise<Socket> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) });
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves with the milliseconds until the server closes `socket`, or rejects after `withinMs`. */
export function closedWithin(socket: Socket, withinMs: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    if (socket.destroyed) return resolve(0);
    const timer = setTimeout(
      () => reject(new Error(`the server kept the connection open for ${withinMs} ms`)),
      withinMs,
    );
    socket.on('error', () => undefined);
    socket.resume();
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}
