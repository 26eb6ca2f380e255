import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startWorkerTimer, type WorkerTimer } from '../src/server/worker-timer.ts';

// The timer that calls a queue's worker (send-queued-mail, sync-audience) as pg_cron does hosted. A call
// its budget stopped with work still due is followed at once (hosted, the calls overlap on a backlog);
// a call that stopped early with work due (a 429's wait, the pace held by the mail) waits for the next
// tick, so a held queue is not asked in a loop. The worker here is a stand-in HTTP server that answers
// after a chosen time with a chosen `pending.due`.

const INTERVAL_MS = 1_500;
const BUDGET_SECONDS = 0.3;

interface Call {
  body: unknown;
  startedAt: number;
  answeredAt: number;
}

let server: Server;
let url: string;
let calls: Call[];
/** How each call answers, in turn; the last one for every call after. */
let script: Array<{ afterMs: number; due: number }>;
let timer: WorkerTimer | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const startedAt = Date.now();
      const answer = script[Math.min(calls.length, script.length - 1)];
      const call: Call = {
        body: JSON.parse(Buffer.concat(chunks).toString()),
        startedAt,
        answeredAt: 0,
      };
      calls.push(call);
      setTimeout(() => {
        call.answeredAt = Date.now();
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ success: true, synced: {}, pending: { due: answer.due } }));
      }, answer.afterMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  calls = [];
});
afterEach(async () => {
  await timer?.stop();
  timer = undefined;
});

async function callsMade(count: number): Promise<Call[]> {
  const deadline = Date.now() + 4 * INTERVAL_MS * count;
  while (calls.length < count || calls[count - 1].answeredAt === 0) {
    if (Date.now() > deadline) throw new Error(`only ${calls.length} calls were made`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return calls;
}

it('follows a call that its budget stopped with work due at once, and then waits for the tick', async () => {
  // The first call works its whole budget and leaves a backlog; the second finishes it early.
  script = [
    { afterMs: BUDGET_SECONDS * 1000, due: 40 },
    { afterMs: 10, due: 0 },
  ];
  timer = startWorkerTimer({ url, secretKey: 'key' }, 'sync-audience', {
    intervalMs: INTERVAL_MS,
    seconds: BUDGET_SECONDS,
  });
  const [first, second, third] = await callsMade(3);
  expect(first.body).toEqual({ seconds: BUDGET_SECONDS, wait: true });
  // At once: well before the next tick.
  expect(second.startedAt - first.answeredAt).toBeLessThan(INTERVAL_MS / 3);
  // Nothing was due after the second: the third is the next tick's.
  expect(third.startedAt - second.answeredAt).toBeGreaterThan(INTERVAL_MS / 2);
});

it('leaves a call that stopped early with work due (held by a wait) to the next tick', async () => {
  script = [{ afterMs: 10, due: 40 }];
  timer = startWorkerTimer({ url, secretKey: 'key' }, 'sync-audience', {
    intervalMs: INTERVAL_MS,
    seconds: BUDGET_SECONDS,
  });
  const [first, second] = await callsMade(2);
  expect(second.startedAt - first.answeredAt).toBeGreaterThan(INTERVAL_MS / 2);
});
