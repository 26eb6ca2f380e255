import type { Socket } from 'node:net';
import { CONNECTION_LIMITS } from '../src/server/listen.ts';
import { closedWithin, openSocket } from './test-support/raw-http.ts';
import { startTestServer, type TestServer } from '../src/testing/test-server.ts';

// Clients that hold connections without finishing a request are cut within seconds, and the number of
// connections is capped. The limits are the server's own defaults, not values lowered for the test.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const { headersTimeoutMs, requestTimeoutMs, checkIntervalMs, maxConnections } = CONNECTION_LIMITS;
// Node checks the timeouts once per interval; the rest is slack for a loaded machine.
const SLACK_MS = checkIntervalMs + 2_000;

/** Writes `piece` every `everyMs` until the socket closes. */
function trickle(socket: Socket, piece: string, everyMs: number): void {
  const timer = setInterval(() => {
    if (socket.destroyed) clearInterval(timer);
    else socket.write(piece);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

function received(socket: Socket): () => string {
  let text = '';
  socket.on('data', (chunk) => (text += chunk));
  return () => text;
}

describe('slow clients', () => {
  /** A connection that never sends a request. */
  async function silent(): Promise<{ ms: number; answer: string }> {
    const socket = await openSocket(t.server.url);
    const answer = received(socket);
    const ms = await closedWithin(socket, headersTimeoutMs + SLACK_MS);
    return { ms, answer: answer() };
  }

  /** Sends its headers a line at a time (slowloris). */
  async function slowHeaders(): Promise<{ ms: number; answer: string }> {
    const socket = await openSocket(t.server.url);
    const answer = received(socket);
    socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    trickle(socket, `X-Slow-${Date.now()}: 1\r\n`, 300);
    const ms = await closedWithin(socket, headersTimeoutMs + SLACK_MS);
    return { ms, answer: answer() };
  }

  /** Sends a valid head, then its body a byte at a time. */
  async function slowBody(): Promise<{ ms: number; answer: string }> {
    const socket = await openSocket(t.server.url);
    const answer = received(socket);
    socket.write(
      [
        'POST /rest/v1/newsletter_subscriptions HTTP/1.1',
        'Host: 127.0.0.1',
        `apikey: ${t.server.anonKey}`,
        'Content-Type: application/json',
        'Content-Length: 1000',
        '',
        '{',
      ].join('\r\n'),
    );
    trickle(socket, ' ', 300);
    const ms = await closedWithin(socket, requestTimeoutMs + SLACK_MS);
    return { ms, answer: answer() };
  }

  it('cuts silent, slow-header and slow-body clients within seconds, and keeps serving', async () => {
    const [quiet, slowloris, trickling] = await Promise.all([silent(), slowHeaders(), slowBody()]);
    expect(quiet.ms).toBeGreaterThanOrEqual(headersTimeoutMs - 500);
    expect(slowloris.ms).toBeGreaterThanOrEqual(headersTimeoutMs - 500);
    expect(slowloris.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(trickling.ms).toBeGreaterThanOrEqual(requestTimeoutMs - 1_000);
    expect(trickling.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect((await fetch(`${t.server.url}/health`)).status).toBe(200);
  });
});

describe('connection cap', () => {
  async function openMany(count: number): Promise<Socket[]> {
    const sockets: Socket[] = [];
    // In batches, so that the kernel's accept queue (511 by default) never overflows.
    for (let i = 0; i < count; i += 256) {
      sockets.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(256, count - i) }, () => openSocket(t.server.url)),
        )),
      );
    }
    for (const socket of sockets) socket.on('error', () => undefined);
    return sockets;
  }

  /** Connections in the middle of sending a body: none can make room, none times out during a test. */
  async function openBusy(count: number): Promise<Socket[]> {
    const sockets = await openMany(count);
    const head = [
      'POST /rest/v1/newsletter_subscriptions HTTP/1.1',
      'Host: 127.0.0.1',
      `apikey: ${t.server.anonKey}`,
      'Content-Length: 100',
      '',
      '{',
    ].join('\r\n');
    for (const socket of sockets) socket.write(head);
    await new Promise((resolve) => setTimeout(resolve, 500));
    return sockets;
  }

  it(`closes connections beyond ${maxConnections} busy ones at once, and serves again after`, async () => {
    const started = Date.now();
    const busy = await openBusy(maxConnections);

    const extra = await openSocket(t.server.url);
    const answer = received(extra);
    extra.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await closedWithin(extra, 2_000)).toBeLessThan(2_000);
    expect(answer()).toBe('');
    expect(busy.filter((socket) => socket.destroyed)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(requestTimeoutMs);

    for (const socket of busy) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`${t.server.url}/health`)).status).toBe(200);
  });

  it('makes room by closing the longest-idle kept-alive connection', async () => {
    const busy = await openBusy(maxConnections - 20);
    const kept = await openMany(20);
    for (const socket of kept) {
      await new Promise<void>((resolve) => {
        socket.once('data', () => resolve());
        socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      });
    }
    // The cap is reached, 20 connections answered and idle: a new client still gets in, and the
    // connection idle the longest gives way.
    expect((await fetch(`${t.server.url}/health`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(kept.map((socket) => socket.destroyed)).toEqual(kept.map((_, i) => i === 0));
    expect(busy.filter((socket) => socket.destroyed)).toEqual([]);
    for (const socket of [...busy, ...kept]) socket.destroy();
  });
});
