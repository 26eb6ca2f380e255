import { once } from 'node:events';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EDGE_RUNTIME_PRELOAD } from '../src/config/paths.ts';
import { denoBinary } from '../src/functions/deno-binary.ts';
import { readProjectConfig } from '../src/config/project-config.ts';
import { readFunctionCatalog } from '../src/functions/function-catalog.ts';
import { FunctionWorker, GATEWAY_SECRET_HEADER } from '../src/functions/function-worker.ts';
import { startLocalSupabase, type LocalSupabase } from '../src/index.ts';

// The functions gateway with real Deno workers, on a project of test functions that misbehave
// (test/fixtures/project): each failure gets the hosted gateway's answer, and the next request a
// working function.
const PROJECT = path.join(import.meta.dirname, 'fixtures', 'project');

let server: LocalSupabase;
let dataDir: string;
const logged: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'local-supabase-gateway-'));
  server = await startLocalSupabase({
    port: 0,
    dataDir,
    inMemory: true,
    supabaseDir: PROJECT,
    functionIdleTimeoutMs: 2_000,
    functionLog: (line) => logged.push(line),
  });
});

afterAll(async () => {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const call = (name: string, init: RequestInit & { query?: string } = {}) =>
  fetch(`${server.url}/functions/v1/${name}${init.query ?? ''}`, { method: 'POST', ...init });

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the functions gateway', () => {
  it('serves the enabled functions of config.toml, none started until first used', () => {
    expect(server.functions()).toEqual(
      ['echo', 'throws', 'crashes', 'hangs', 'boot-fails', 'waits-until', 'streams'].map(
        (name) => ({
          name,
          pid: undefined,
        }),
      ),
    );
  });

  it("passes the request on with the client's address from the socket, and gives the hosted environment", async () => {
    const answer = await call('echo', {
      query: '?a=1',
      headers: { apikey: 'key', 'cf-connecting-ip': '203.0.113.9' },
      body: 'hello',
    });
    expect(answer.status).toBe(200);
    const echoed = (await answer.json()) as Record<string, unknown>;
    expect(echoed).toMatchObject({
      method: 'POST',
      url: '/functions/v1/echo?a=1',
      clientAddress: '127.0.0.1',
      apikey: 'key',
      body: 'hello',
      environment: {
        SUPABASE_URL: server.url,
        SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: server.publishableKey }),
        SUPABASE_SECRET_KEYS: JSON.stringify({ default: server.secretKey }),
        SITE_URL: 'http://localhost:4200',
        RESEND_API_URL: `${server.url}/resend`,
        // Nothing of the server's own environment.
        PWD_OF_SERVER: null,
      },
    });
    expect(server.functions().find((fn) => fn.name === 'echo')?.pid).toBe(echoed.pid);
  });

  it('answers 500 WORKER_ERROR when the handler throws, and the worker goes on', async () => {
    const answer = await call('throws');
    expect(answer.status).toBe(500);
    expect(answer.headers.get('sb-error-code')).toBe('WORKER_ERROR');
    expect(await answer.json()).toEqual({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    });
    expect((await call('throws', { query: '?fine' })).status).toBe(200);
    expect(
      logged.some((line) => line.includes('[throws]') && line.includes('the handler failed')),
    ).toBe(true);
  });

  it('answers 500 WORKER_ERROR when the worker dies, and starts a fresh one for the next request', async () => {
    const before = Number(await (await call('crashes', { query: '?pid' })).text());
    const answer = await call('crashes');
    expect(answer.status).toBe(500);
    expect(answer.headers.get('sb-error-code')).toBe('WORKER_ERROR');
    const after = await call('crashes', { query: '?pid' });
    expect(after.status).toBe(200);
    expect(Number(await after.text())).not.toBe(before);
  });

  it('answers 504 IDLE_TIMEOUT when the function hangs, ends that worker and starts a fresh one', async () => {
    const before = Number(await (await call('hangs', { query: '?pid' })).text());
    const answer = await call('hangs');
    expect(answer.status).toBe(504);
    expect(answer.headers.get('sb-error-code')).toBe('IDLE_TIMEOUT');
    const after = Number(await (await call('hangs', { query: '?pid' })).text());
    expect(after).not.toBe(before);
    expect(isRunning(before)).toBe(false);
  });

  it('answers 503 BOOT_ERROR when the function fails at start, each time it is called', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await call('boot-fails');
      expect(answer.status).toBe(503);
      expect(answer.headers.get('sb-error-code')).toBe('BOOT_ERROR');
    }
    expect(logged.some((line) => line.includes('MISSING_SECRET is not set'))).toBe(true);
  });

  it('answers 404 for a function that is switched off or unknown', async () => {
    for (const name of ['switched-off', 'nothing-here']) {
      const answer = await call(name);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('sb-error-code')).toBe('NOT_FOUND');
    }
  });
});

describe('with watchFunctions (npm start)', () => {
  it('runs the edited code on the next request after a function changes', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'local-supabase-watch-'));
    const project = path.join(dir, 'project');
    await cp(PROJECT, project, { recursive: true });
    const watched = await startLocalSupabase({
      port: 0,
      dataDir: path.join(dir, 'data'),
      inMemory: true,
      supabaseDir: project,
      watchFunctions: true,
      functionLog: () => undefined,
    });
    try {
      const entry = path.join(project, 'functions', 'throws', 'index.ts');
      const before = await fetch(`${watched.url}/functions/v1/throws?fine`, { method: 'POST' });
      expect(before.status).toBe(200);
      await writeFile(entry, "Deno.serve(() => new Response('edited'));\n");
      // The restart follows the change by a moment; the edited answer is the event waited for.
      let answer = '';
      for (let tries = 0; tries < 100 && answer !== 'edited'; tries += 1) {
        answer = await (
          await fetch(`${watched.url}/functions/v1/throws?fine`, { method: 'POST' })
        ).text();
        if (answer !== 'edited') await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(answer).toBe('edited');
    } finally {
      await watched.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("a function's streamed answer", () => {
  const ORIGIN = 'http://localhost:4204';

  it('reaches the client as it comes, with the headers the function lets the page read', async () => {
    const controller = new AbortController();
    const response = await call('streams', {
      method: 'GET',
      query: '?then=hang',
      headers: { origin: ORIGIN },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('access-control-expose-headers')).toMatch(
      /Content-Type.*, Content-Disposition$/,
    );
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="rows.csv"');
    // The function never ends its body: the first line can only have come through as a stream.
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first\n');
    controller.abort();
  });

  it('is whole when the function ends it, and cut off (never ended cleanly) when it breaks off', async () => {
    const whole = await call('streams', { method: 'GET', query: '?then=end' });
    expect(await whole.text()).toBe('first\nlast\n');
    const broken = await call('streams', { method: 'GET', query: '?then=break' });
    expect(broken.status).toBe(200);
    await expect(broken.text()).rejects.toThrow();
  });
});

describe("a worker's own port", () => {
  it('answers only requests that come through the gateway, and hides the gateway from the function', async () => {
    const echo = readFunctionCatalog(readProjectConfig(PROJECT)).find(
      (entry) => entry.name === 'echo',
    );
    const worker = new FunctionWorker(
      echo!,
      {
        gatewaySecret: 'the-gateway',
        binary: denoBinary(),
        config: path.join(PROJECT, 'functions', 'deno.json'),
        preload: EDGE_RUNTIME_PRELOAD,
        bootTimeoutMs: 30_000,
      },
      {},
      () => undefined,
    );
    try {
      const port = await worker.port();
      const direct = (headers: Record<string, string>) =>
        fetch(`http://127.0.0.1:${port}/functions/v1/echo`, {
          method: 'POST',
          headers: { 'cf-connecting-ip': '203.0.113.9', ...headers },
          body: 'x',
        });
      expect((await direct({})).status).toBe(403);
      expect((await direct({ [GATEWAY_SECRET_HEADER]: 'a-guess' })).status).toBe(403);
      const through = await direct({ [GATEWAY_SECRET_HEADER]: 'the-gateway' });
      expect(through.status).toBe(200);
      expect(await through.json()).toMatchObject({
        gatewayHeader: null,
        environment: { LOCAL_FUNCTION_GATEWAY_SECRET: null },
      });
    } finally {
      await worker.stop();
    }
  });
});

describe('stopping the server', () => {
  it('lets a worker finish what it handed to EdgeRuntime.waitUntil, then ends every worker', async () => {
    const callback = createServer((_req, res) => res.end());
    callback.listen(0, '127.0.0.1');
    await once(callback, 'listening');
    const { port } = callback.address() as AddressInfo;
    const calledBack = once(callback, 'request');

    expect((await call('waits-until', { body: `http://127.0.0.1:${port}/done` })).status).toBe(202);
    const pids = server
      .functions()
      .map((fn) => fn.pid)
      .filter((pid): pid is number => pid !== undefined);
    await server.stop();
    await calledBack;
    callback.close();
    expect(pids.filter(isRunning)).toEqual([]);
  });
});
