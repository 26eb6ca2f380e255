// `npm run bench -w @agentora/local-supabase [-- --in-memory] [-- --requests N]`: sign-ups stored through
// HTTP on loopback, the way the function sign-up stores them (POST /rest/v1/rpc/sign_up with the secret
// key: the list's limit for the client address and the insert, supabase/schemas/signups.sql), at
// concurrency 1, 10 and 50. Runs its own server on a free port and a throwaway data dir; with
// DATABASE_URL set it measures that PostgreSQL instead of PGlite.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { raiseRateLimits, startLocalSupabase } from '../src/index.ts';

const { values } = parseArgs({
  options: {
    'in-memory': { type: 'boolean', default: false },
    requests: { type: 'string', default: '500' },
  },
});
const requestsPerLevel = Number(values.requests);
const CONCURRENCY_LEVELS = [1, 10, 50];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'local-supabase-bench-'));
const databaseUrl = process.env.DATABASE_URL || undefined;
const server = await startLocalSupabase({
  port: 0,
  dataDir,
  inMemory: values['in-memory'],
  databaseUrl,
});
// Every sign-up is for this one address: the production limits (10 a minute) would refuse the rest.
await raiseRateLimits(server.url, server.serviceKey);
const endpoint = `${server.url}/rest/v1/rpc/sign_up`;
const headers = {
  apikey: server.secretKey,
  Authorization: `Bearer ${server.secretKey}`,
  'Content-Type': 'application/json',
};

let sequence = 0;
async function insertOnce(): Promise<number> {
  sequence += 1;
  const started = performance.now();
  const response = await fetch(endpoint, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      p_list: 'newsletter',
      p_row: { email: `bench.${process.pid}.${sequence}@example.com` },
      p_client_address: '127.0.0.1',
    }),
  });
  const answer = (await response.json()) as { outcome?: string };
  if (response.status !== 200 || answer.outcome !== 'stored')
    throw new Error(`sign_up answered HTTP ${response.status}: ${JSON.stringify(answer)}`);
  return performance.now() - started;
}

async function runLevel(
  concurrency: number,
  total: number,
): Promise<{ perSecond: number; p50: number; p99: number }> {
  const latencies: number[] = [];
  let issued = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (issued < total) {
        issued += 1;
        latencies.push(await insertOnce());
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: total / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

try {
  await runLevel(5, 50); // warm-up: JIT, connection pool, PGlite caches
  const lines = [
    `local-supabase sign-up store benchmark (${databaseUrl ? 'PostgreSQL at DATABASE_URL' : values['in-memory'] ? 'PGlite in memory' : 'PGlite on disk'}, ${requestsPerLevel} sign-ups per level, node ${process.version})`,
    'concurrency  sign-ups/s  p50 ms   p99 ms',
  ];
  for (const concurrency of CONCURRENCY_LEVELS) {
    const { perSecond, p50, p99 } = await runLevel(concurrency, requestsPerLevel);
    lines.push(
      `${String(concurrency).padStart(11)}  ${perSecond.toFixed(0).padStart(9)}  ${p50.toFixed(2).padStart(7)}  ${p99.toFixed(2).padStart(7)}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
