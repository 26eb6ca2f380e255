import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Socket } from 'node:net';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../src/index.ts';
import { openSocket } from './test-support/raw-http.ts';
import { spawnServer, type ServerProcess } from './test-support/server-process.ts';
import { clientFor } from '../src/testing/test-server.ts';

// Twenty clients each start a 50 MB chunked body and never finish it, on every kind of route. The
// server (a real process, measured from outside) must keep its memory flat and keep answering.
jest.setTimeout(300_000);

const MB = 1024 * 1024;
let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'local-supabase-memory-'));
  server = await spawnServer(dataDir);
});
afterAll(async () => {
  server.child.kill('SIGKILL');
  await server.exited;
  await rm(dataDir, { recursive: true, force: true });
});

async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]) * 1024;
}

const anon = { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_ANON_KEY}` };
const resume = () => `resumes/${Date.now()}-${'c'.repeat(32)}.pdf`;

const TARGETS: [string, string, Record<string, string>][] = [
  ['POST', '/health', {}],
  ['GET', '/health', {}],
  ['POST', '/', {}],
  ['POST', '/nothing/here', {}],
  ['GET', '/outbox.json', {}],
  ['POST', '/outbox', {}],
  ['OPTIONS', '/rest/v1/newsletter_subscriptions', {}],
  ['POST', '/rest/v1/newsletter_subscriptions', {}],
  ['POST', '/rest/v1/newsletter_subscriptions', anon],
  ['POST', '/rest/v1/newsletter_subscriptions', anon],
  ['PATCH', '/rest/v1/newsletter_subscriptions', anon],
  ['POST', '/rest/v1/rpc/claim_thank_you', anon],
  ['POST', `/storage/v1/object/applications/${resume()}`, {}],
  ['POST', `/storage/v1/object/applications/${resume()}`, anon],
  ['POST', `/storage/v1/object/applications/${resume()}`, anon],
  ['PUT', `/storage/v1/object/applications/${resume()}`, anon],
  ['POST', '/storage/v1/object/list/applications', anon],
  ['POST', '/functions/v1/sign-up', {}],
  ['POST', '/functions/v1/sign-up', anon],
  ['POST', '/functions/v1/submit-application', anon],
];

/**
 * Sends the head and then 1 MB chunks of an endless chunked body, as fast as the server takes them,
 * up to `upTo` bytes and never the final chunk. Resolves with the bytes sent once the server has
 * closed the connection, or once `upTo` bytes are out (the socket is then left open).
 */
async function unfinishedBody(
  baseUrl: string,
  [method, target, headers]: (typeof TARGETS)[number],
  upTo = 50 * MB,
): Promise<{ sent: number; closed: boolean; socket: Socket }> {
  const socket = await openSocket(baseUrl);
  socket.on('error', () => undefined);
  socket.resume();
  const head = [
    `${method} ${target} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Content-Type: application/pdf',
    'Transfer-Encoding: chunked',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  const chunk = Buffer.concat([
    Buffer.from(`${MB.toString(16)}\r\n`),
    Buffer.alloc(MB, 0x25),
    Buffer.from('\r\n'),
  ]);
  let closed = false;
  socket.once('close', () => (closed = true));
  let sent = 0;
  const write = (data: Buffer | string) =>
    new Promise<void>((resolve) => {
      if (socket.write(data)) resolve();
      else {
        const done = () => {
          socket.off('drain', done);
          socket.off('close', done);
          resolve();
        };
        socket.once('drain', done);
        socket.once('close', done);
      }
    });
  await write(head);
  while (!closed && sent < upTo) {
    await write(chunk);
    sent += MB;
  }
  return { sent, closed, socket };
}

it('holds its memory flat under 20 unfinished 50 MB bodies and answers meanwhile', async () => {
  const pid = server.child.pid as number;
  // Warm up what a normal session allocates: an insert, an upload, a listing. The lists and the private
  // bucket are written by the service role only (the functions sign-up and submit-application).
  const service = clientFor(server.url, LOCAL_SERVICE_ROLE_KEY);
  expect(
    (
      await service
        .from('newsletter_subscriptions')
        .insert({ email: `warm${Date.now()}@example.com` })
    ).status,
  ).toBe(201);
  const warmFile = new File([Buffer.alloc(4 * MB, 0x25)], 'cv.pdf', { type: 'application/pdf' });
  expect((await service.storage.from('applications').upload(resume(), warmFile)).error).toBeNull();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const baseline = await rssBytes(pid);

  let peak = baseline;
  const sampler = setInterval(() => {
    void rssBytes(pid).then(
      (rss) => (peak = Math.max(peak, rss)),
      () => undefined,
    );
  }, 25);

  const attack = Promise.all(TARGETS.map((target) => unfinishedBody(server.url, target)));
  const healthTimes: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = Date.now();
    const response = await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(10_000) });
    expect(response.status).toBe(200);
    healthTimes.push(Date.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const results = await attack;
  clearInterval(sampler);
  const growth = peak - baseline;

  process.stdout.write(
    `memory under attack: baseline ${Math.round(baseline / MB)} MB, peak +${Math.round(growth / MB)} MB; /health in ${healthTimes.join(', ')} ms\n`,
  );
  // Every attacker was cut off early: the server reads at most an upload's limit (5 MB and a bit),
  // plus what the kernel's socket buffers took in before the close.
  expect(results.map((result) => result.closed)).toEqual(TARGETS.map(() => true));
  expect(Math.max(...results.map((result) => result.sent))).toBeLessThan(20 * MB);
  for (const { socket } of results) socket.destroy();
  // Before, this grew by about 900 MB. Now only what the uploads may hold (see BodyBudget).
  expect(growth).toBeLessThan(120 * MB);
  expect(Math.max(...healthTimes)).toBeLessThan(3_000);
});

it('holds what stalled uploads with the public key send to the server’s budget', async () => {
  // 60 uploads send 4 MB each, within the bucket's limit, and then stall: held in full they would
  // take 240 MB until the request timeout cuts them.
  const pid = server.child.pid as number;
  const baseline = await rssBytes(pid);
  const uploads = Array.from({ length: 60 }, (): (typeof TARGETS)[number] => [
    'POST',
    `/storage/v1/object/applications/${resume()}`,
    anon,
  ]);
  const results = await Promise.all(
    uploads.map((target) => unfinishedBody(server.url, target, 4 * MB)),
  );
  // The server reads each body once its bucket is looked up; give it time to take in all it will.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const growth = (await rssBytes(pid)) - baseline;
  const refused = results.filter((result) => result.socket.destroyed).length;
  process.stdout.write(
    `60 stalled 4 MB uploads: baseline ${Math.round(baseline / MB)} MB, +${Math.round(growth / MB)} MB, ${refused} refused\n`,
  );
  expect(growth).toBeLessThan(120 * MB);
  expect(refused).toBeGreaterThanOrEqual(40);
  expect((await fetch(`${server.url}/health`)).status).toBe(200);
  for (const { socket } of results) socket.destroy();
});
